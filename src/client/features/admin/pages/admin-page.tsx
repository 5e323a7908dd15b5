import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MousePointerClick } from 'lucide-react';
import { toast } from 'sonner';
import { AppHeader } from '../../../components/layout/app-header.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { adminApi, type RevokeAction } from '../api/admin-api.ts';
import { AdminNav } from '../components/admin-nav.tsx';
import { UserDetails } from '../components/user-details.tsx';
import { UserList } from '../components/user-list.tsx';
import {
  ADMIN_USERS_QUERY_KEY,
  adminUserQueryKey,
  useAdminUserDetails,
  useAdminUsers,
} from '../hooks/use-admin.ts';
import { useRequireAdmin } from '../hooks/use-require-admin.ts';

/** /admin: user management (SPEC 'Admin user management'). */
export function AdminPage() {
  const isAdmin = useRequireAdmin();
  const { user: me } = useAuth();
  const queryClient = useQueryClient();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const users = useAdminUsers(isAdmin);
  const details = useAdminUserDetails(isAdmin ? selectedId : null);

  useEffect(() => {
    if (users.isError) toast.error(errorMessage(users.error, 'Failed to load users'));
  }, [users.isError, users.error, users.errorUpdatedAt]);

  useEffect(() => {
    if (details.isError) toast.error(errorMessage(details.error, 'Failed to load user details'));
  }, [details.isError, details.error, details.errorUpdatedAt]);

  const reloadSelected = useCallback(
    async (id: string) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: adminUserQueryKey(id) }),
      ]);
    },
    [queryClient],
  );

  const refresh = async () => {
    const result = await users.refetch();
    if (!selectedId || !result.data) return;
    // SPEC 4: if the selected user disappears after a refresh, say so and clear the selection.
    if (!result.data.some((user) => user.id === selectedId)) {
      toast.error('Selected user no longer exists');
      queryClient.removeQueries({ queryKey: adminUserQueryKey(selectedId) });
      setSelectedId(null);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: adminUserQueryKey(selectedId) });
  };

  if (!isAdmin) return <LoadingScreen />;

  const selected = details.data;

  /** Null when gifted, else the error text (toasted here, shown by the field in the dialog). */
  const giftMinutes = async (input: { minutes: number; note: string }): Promise<string | null> => {
    if (!selectedId) return 'Selected user no longer exists';
    try {
      const response = await adminApi.giftMinutes({ userId: selectedId, ...input });
      toast.success(response.message);
      await reloadSelected(selectedId);
      return null;
    } catch (error) {
      const message = errorMessage(error, 'Failed to gift minutes');
      toast.error(message);
      return message;
    }
  };

  const revokeDiscount = async (action: RevokeAction) => {
    if (!selectedId) return false;
    try {
      const response = await adminApi.revokeDiscount({ userId: selectedId, action });
      toast.success(response.message);
      await reloadSelected(selectedId);
      return true;
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to revoke discount'));
      return false;
    }
  };

  const deletePhone = async (agentId?: string) => {
    if (!selectedId) return;
    try {
      await adminApi.deletePhoneNumber(selectedId, agentId);
      toast.success('Phone number deleted successfully');
    } catch (error) {
      if (error instanceof ApiError && error.detail?.includes('No configuration found')) {
        toast.info('Phone number already deleted. Refreshing...');
      } else {
        toast.error(errorMessage(error, 'Failed to delete phone number'));
        return;
      }
    }
    await reloadSelected(selectedId);
  };

  const deleteUser = async () => {
    if (!selectedId) return;
    const id = selectedId;
    try {
      await adminApi.deleteUser(id);
      toast.success('User deleted successfully');
      // SPEC 4: deleting the selected user clears the selection.
      setSelectedId(null);
      queryClient.removeQueries({ queryKey: adminUserQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete user'));
    }
  };

  return (
    <div className="min-h-dvh bg-ink-50">
      <AppHeader />
      <main className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 sm:py-10">
        <PageHeader
          title="User Management"
          description="Users, subscriptions, discounts, gifted minutes and agents."
          actions={<AdminNav current="users" />}
        />
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <UserList
            users={users.data ?? []}
            loading={users.isPending}
            refreshing={users.isFetching && !users.isPending}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onRefresh={() => void refresh()}
          />
          {!selectedId ? (
            <EmptyState
              icon={MousePointerClick}
              title="Select a user"
              description="Choose a user from the list to see their subscription, agent and history."
            />
          ) : selected && selected.details.user.id === selectedId ? (
            <UserDetails
              details={selected.details}
              discounts={selected.discounts}
              gifts={selected.gifts}
              isSelf={selected.details.user.id === me?.id}
              onGift={giftMinutes}
              onRevoke={revokeDiscount}
              onDeletePhone={deletePhone}
              onDeleteUser={deleteUser}
            />
          ) : details.isError ? (
            <EmptyState title="Failed to load user details" description="Refresh to try again." />
          ) : (
            <div className="flex items-center justify-center rounded-2xl border border-ink-200 bg-white py-16">
              <Spinner label="Loading user details" />
            </div>
          )}
        </div>
      </main>
    </div>
  );
}
