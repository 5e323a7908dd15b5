import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

// Placeholder: the owner of this feature replaces this page.
export function LocalCheckoutPage() {
  return <PlaceholderPage title="Checkout" description="Local test checkout." />;
}
