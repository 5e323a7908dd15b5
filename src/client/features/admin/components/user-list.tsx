import { useMemo, useState } from 'react';
import { RefreshCw, Search, Users } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import type { AdminUser } from '../api/admin-api.ts';
import { shortId } from './format.ts';
import { UserAvatar } from './user-avatar.tsx';

export interface UserListProps {
  users: AdminUser[];
  loading: boolean;
  refreshing: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onRefresh: () => void;
}

/** SPEC: 'All Users (count)', 'Search users...' over name or email (case-insensitive), Refresh, 600px scroll. */
export function UserList({ users, loading, refreshing, selectedId, onSelect, onRefresh }: UserListProps) {
  const [search, setSearch] = useState('');
  const filtered = useMemo(() => {
    const term = search.trim().toLowerCase();
    if (!term) return users;
    return users.filter(
      (user) => (user.name ?? '').toLowerCase().includes(term) || user.email.toLowerCase().includes(term),
    );
  }, [users, search]);

  return (
    <Card className="flex flex-col">
      <CardHeader className="gap-3">
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2">
            <Users aria-hidden="true" className="size-5 text-brand-600" />
            All Users ({users.length})
          </CardTitle>
          <Button variant="outline" size="sm" onClick={onRefresh} loading={refreshing}>
            {refreshing ? null : <RefreshCw aria-hidden="true" className="size-4" />}
            Refresh
          </Button>
        </div>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-400"
          />
          <Input
            type="search"
            aria-label="Search users"
            placeholder="Search users..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
      </CardHeader>
      <CardContent className="pt-4">
        {loading ? (
          <div className="flex items-center justify-center py-10 text-ink-500">
            <Spinner label="Loading users" />
          </div>
        ) : filtered.length === 0 ? (
          <p className="py-10 text-center text-sm text-ink-500">
            {users.length === 0 ? 'No users yet' : 'No users match your search'}
          </p>
        ) : (
          <ul className="-mx-2 max-h-[600px] space-y-1 overflow-y-auto px-2" aria-label="Users">
            {filtered.map((user) => {
              const selected = user.id === selectedId;
              return (
                <li key={user.id}>
                  <button
                    type="button"
                    onClick={() => onSelect(user.id)}
                    aria-current={selected ? 'true' : undefined}
                    data-testid="admin-user-row"
                    className={cn(
                      'flex w-full items-center gap-3 rounded-xl border px-3 py-2.5 text-left transition-colors',
                      'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                      selected
                        ? 'border-brand-300 bg-brand-50'
                        : 'border-transparent hover:border-ink-200 hover:bg-ink-50',
                    )}
                  >
                    <UserAvatar name={user.name} email={user.email} picture={user.picture} />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold text-ink-900">
                        {user.name?.trim() || user.email}
                      </span>
                      <span className="block truncate text-xs text-ink-600">{user.email}</span>
                      <span className="block font-mono text-[11px] text-ink-600">{shortId(user.id)}</span>
                    </span>
                    {user.discount_percent > 0 ? (
                      <Badge variant="success">{user.discount_percent}% off</Badge>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
