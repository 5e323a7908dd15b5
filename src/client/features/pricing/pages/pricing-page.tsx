import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

// Placeholder: the owner of this feature replaces this page.
export function PricingPage() {
  return <PlaceholderPage title="Pricing" description="Plans, coupons and extra minutes." />;
}
