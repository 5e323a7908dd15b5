import { Link } from 'react-router';
import { ShieldCheck, TicketPercent, Users } from 'lucide-react';
import { useAuth } from '../../lib/auth.tsx';

const linkClasses =
  'flex items-center gap-3 rounded-xl border border-ink-200 bg-white px-4 py-3 text-sm transition-colors hover:border-brand-200 hover:bg-brand-50/40 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';

/** Operator tools; shown only to the admin account (SPEC 6). The server enforces the same rule. */
export function AdminLinks() {
  const { user } = useAuth();
  if (!user?.is_admin) return null;
  return (
    <section
      aria-labelledby="admin-tools"
      className="rounded-2xl border border-dashed border-ink-300 bg-ink-100/40 p-5"
    >
      <h2 id="admin-tools" className="flex items-center gap-2 text-sm font-semibold text-ink-700">
        <ShieldCheck aria-hidden="true" className="size-4 text-brand-600" /> Admin tools
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Link to="/admin" className={linkClasses}>
          <Users aria-hidden="true" className="size-5 text-ink-500" />
          <span>
            <span className="block font-semibold text-ink-900">User Management</span>
            <span className="text-ink-500">View users, gift minutes, revoke discounts</span>
          </span>
        </Link>
        <Link to="/admin/coupons" className={linkClasses}>
          <TicketPercent aria-hidden="true" className="size-5 text-ink-500" />
          <span>
            <span className="block font-semibold text-ink-900">Generate Coupons</span>
            <span className="text-ink-500">Create and track discount codes</span>
          </span>
        </Link>
      </div>
    </section>
  );
}
