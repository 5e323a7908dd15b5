import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

// Placeholder: the owner of this feature replaces this page.
export function PhonePage() {
  return <PlaceholderPage title="Test Phone" description="Call your agent from the browser." />;
}
