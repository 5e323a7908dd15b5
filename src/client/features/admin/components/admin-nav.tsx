import { Link } from 'react-router';
import { Mail, TicketPercent, Users } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { BackToDashboardButton } from '../../../components/layout/back-to-dashboard.tsx';

/** Links between the admin pages and back to the dashboard. */
export function AdminNav({ current }: { current: 'users' | 'coupons' | 'outbox' }) {
  return (
    <>
      {current !== 'users' ? (
        <Button asChild variant="outline" size="sm">
          <Link to="/admin">
            <Users aria-hidden="true" className="size-4" />
            Users
          </Link>
        </Button>
      ) : null}
      {current !== 'coupons' ? (
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/coupons">
            <TicketPercent aria-hidden="true" className="size-4" />
            Coupons
          </Link>
        </Button>
      ) : null}
      {current !== 'outbox' ? (
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/outbox">
            <Mail aria-hidden="true" className="size-4" />
            Email Outbox
          </Link>
        </Button>
      ) : null}
      <BackToDashboardButton size="sm" />
    </>
  );
}
