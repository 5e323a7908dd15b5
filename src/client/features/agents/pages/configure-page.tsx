import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

// Placeholder: the owner of this feature replaces this page.
export function ConfigurePage() {
  return (
    <PlaceholderPage
      title="Configure Your AI Phone Agent"
      description="Company details, phone number and documents."
    />
  );
}
