import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

// Placeholder: the owner of this feature replaces this page.
export function CouponsPage() {
  return <PlaceholderPage title="Coupon Generator" description="Generate and track discount coupons." />;
}
