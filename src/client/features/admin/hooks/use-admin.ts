import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../api/admin-api.ts';

/** Every admin query starts with this key: invalidate it after a change. */
export const ADMIN_QUERY_KEY = ['admin'] as const;
export const ADMIN_USERS_QUERY_KEY = ['admin', 'users'] as const;
export const adminUserQueryKey = (id: string) => ['admin', 'user', id] as const;

export function useAdminUsers(enabled: boolean) {
  return useQuery({ queryKey: ADMIN_USERS_QUERY_KEY, queryFn: adminApi.users, enabled, retry: false });
}

/** Details, discount history and gift history of one user, loaded together. */
export function useAdminUserDetails(id: string | null) {
  return useQuery({
    queryKey: adminUserQueryKey(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    queryFn: async () => {
      const userId = id!;
      const [details, discounts, gifts] = await Promise.all([
        adminApi.userDetails(userId),
        adminApi.discountHistory(userId),
        adminApi.giftHistory(userId),
      ]);
      return { details, discounts, gifts };
    },
  });
}

export function useOutbox(enabled: boolean) {
  return useQuery({ queryKey: ['admin', 'outbox'], queryFn: adminApi.outbox, enabled, retry: false });
}
