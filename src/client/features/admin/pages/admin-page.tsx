import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

// Placeholder: the owner of this feature replaces this page.
export function AdminPage() {
  return <PlaceholderPage title="User Management" description="All users, subscriptions and agents." />;
}
