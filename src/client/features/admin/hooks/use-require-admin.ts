import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '../../../lib/auth.tsx';

export const ACCESS_DENIED = 'Access denied. Admin privileges required.';

/**
 * The in-page admin check of /admin (SPEC 6): anyone but the admin account is told so and sent to
 * /dashboard. The server refuses them anyway (403 on every /api/admin route).
 */
export function useRequireAdmin(): boolean {
  const { user } = useAuth();
  const navigate = useNavigate();
  const isAdmin = Boolean(user?.is_admin);
  const warned = useRef(false);
  useEffect(() => {
    if (!user || isAdmin || warned.current) return;
    warned.current = true;
    toast.error(ACCESS_DENIED);
    navigate('/dashboard', { replace: true });
  }, [user, isAdmin, navigate]);
  return isAdmin;
}
