import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, ShieldAlert, TicketPercent } from 'lucide-react';
import { AppHeader } from '../../../components/layout/app-header.tsx';
import { Logo } from '../../../components/brand/logo.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { API_BASE, errorMessage } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { adminApi, type CouponType } from '../api/admin-api.ts';
import { AdminNav } from '../components/admin-nav.tsx';
import { discountTypeLabel, formatDate } from '../components/format.ts';
import { ACCESS_DENIED } from '../hooks/use-require-admin.ts';
import { useCopy } from '../hooks/use-copy.ts';

/** A table cell from the tablet up; on a phone a labelled field of the coupon card (label from data-label). */
const CELL =
  'sm:table-cell sm:px-3 sm:py-3 before:mb-1 before:block before:text-xs before:font-medium before:tracking-wide before:text-ink-500 before:uppercase before:content-[attr(data-label)] sm:before:content-none';

const PRESETS: { percent: 25 | 50 | 100; type: CouponType }[] = [25, 50, 100].flatMap((percent) =>
  (['first_month', 'forever'] as const).map((type) => ({ percent: percent as 25 | 50 | 100, type })),
);

const COUPONS_QUERY_KEY = ['admin', 'coupons'] as const;

type Access = { state: 'checking' } | { state: 'ok' } | { state: 'denied'; message: string };

/**
 * The page's own access check (SPEC 2: no route guard). Unlike the original, which only tested that the
 * subscription call succeeded, it asks /api/auth/me for the role; the server refuses non-admins anyway.
 */
function useCouponAccess(): Access {
  const [access, setAccess] = useState<Access>({ state: 'checking' });
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      let next: Access;
      try {
        const response = await fetch(`${API_BASE}/auth/me`, { credentials: 'same-origin' });
        if (!response.ok) {
          next = { state: 'denied', message: `Auth failed: ${response.status}. Please log in.` };
        } else {
          const me = (await response.json()) as { is_admin?: boolean };
          next = me.is_admin ? { state: 'ok' } : { state: 'denied', message: ACCESS_DENIED };
        }
      } catch {
        next = { state: 'denied', message: 'Auth failed: network error. Please log in.' };
      }
      if (!cancelled) setAccess(next);
    })();
    return () => {
      cancelled = true;
    };
  }, []);
  return access;
}

function AccessError({ message }: { message: string }) {
  const { user } = useAuth();
  return (
    <div className="min-h-dvh bg-ink-50">
      {user ? (
        <AppHeader />
      ) : (
        <header className="border-b border-ink-200 bg-white">
          <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
            <Logo />
          </div>
        </header>
      )}
      <main className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600 ring-1 ring-red-200">
          <ShieldAlert aria-hidden="true" className="size-7" />
        </div>
        <h1 className="mt-5 text-2xl font-semibold text-ink-900">Access Error</h1>
        <p className="mt-2 text-ink-600" role="alert">
          {message}
        </p>
        <Button asChild className="mt-6">
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
      </main>
    </div>
  );
}

/** /admin/coupons: the coupon generator (SPEC 'Coupon generator'). */
export function CouponsPage() {
  const access = useCouponAccess();
  const queryClient = useQueryClient();
  const { copied, copy } = useCopy();
  const [generating, setGenerating] = useState<string | null>(null);
  const [result, setResult] = useState<
    { kind: 'success'; message: string; code: string } | { kind: 'error'; message: string } | null
  >(null);
  const coupons = useQuery({
    queryKey: COUPONS_QUERY_KEY,
    queryFn: adminApi.coupons,
    enabled: access.state === 'ok',
    retry: false,
  });

  if (access.state === 'checking') return <LoadingScreen />;
  if (access.state === 'denied') return <AccessError message={access.message} />;

  const generate = async (percent: number, type: CouponType) => {
    const key = `${percent}-${type}`;
    setGenerating(key);
    try {
      const response = await adminApi.generateCoupon(percent, type);
      setResult({ kind: 'success', message: response.message, code: response.code });
      await queryClient.invalidateQueries({ queryKey: COUPONS_QUERY_KEY });
    } catch (error) {
      setResult({ kind: 'error', message: errorMessage(error, 'Failed to generate coupon') });
    } finally {
      setGenerating(null);
    }
  };

  return (
    <div className="min-h-dvh bg-ink-50">
      <AppHeader />
      <main className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6 sm:py-10">
        <PageHeader
          title="Coupon Generator"
          description="Create single-use discount codes for customers."
          actions={<AdminNav current="coupons" />}
        />

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <TicketPercent aria-hidden="true" className="size-5 text-brand-600" />
              Generate a Coupon
            </CardTitle>
            <CardDescription>Each code can be used once, on any plan.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-5">
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {PRESETS.map(({ percent, type }) => {
                const key = `${percent}-${type}`;
                return (
                  <Button
                    key={key}
                    variant={percent === 100 ? 'primary' : 'outline'}
                    size="lg"
                    className="h-auto flex-col gap-0.5 py-3"
                    loading={generating === key}
                    disabled={generating !== null && generating !== key}
                    onClick={() => void generate(percent, type)}
                  >
                    <span className="text-base font-semibold">{percent}% Off</span>
                    <span className="text-xs font-normal opacity-80">
                      {type === 'first_month' ? 'First Month Only' : 'Forever'}
                    </span>
                  </Button>
                );
              })}
            </div>
            {result ? (
              <div
                role="status"
                data-testid="coupon-message"
                className={
                  result.kind === 'success'
                    ? 'flex flex-wrap items-center justify-between gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800'
                    : 'rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700'
                }
              >
                <span>{result.message}</span>
                {result.kind === 'success' ? (
                  <Button
                    size="sm"
                    variant="success"
                    onClick={() => void copy(`message-${result.code}`, result.code)}
                    aria-label={`Copy code ${result.code}`}
                  >
                    {copied === `message-${result.code}` ? (
                      <Check aria-hidden="true" className="size-4" />
                    ) : (
                      <Copy aria-hidden="true" className="size-4" />
                    )}
                    {copied === `message-${result.code}` ? 'Copied!' : 'Copy Code'}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Generated Coupons</CardTitle>
          </CardHeader>
          <CardContent>
            {coupons.isPending ? (
              <div className="flex justify-center py-10">
                <Spinner label="Loading coupons" />
              </div>
            ) : coupons.isError ? (
              <p className="py-8 text-center text-sm text-red-700">
                {errorMessage(coupons.error, 'Failed to load coupons')}
              </p>
            ) : coupons.data.length === 0 ? (
              <p className="py-10 text-center text-sm text-ink-500">No coupons generated yet</p>
            ) : (
              // A table from the tablet up; on a phone each coupon is a card with every column, Status and Copy
              // included (the same rows and cells, laid out by CSS).
              <div className="relative sm:-mx-6 sm:overflow-x-auto">
                <table className="w-full text-left text-sm sm:min-w-[640px]">
                  <thead className="sr-only border-b border-ink-200 text-xs tracking-wide text-ink-500 uppercase sm:not-sr-only sm:table-header-group">
                    <tr>
                      <th className="px-6 py-2 font-medium">Code</th>
                      <th className="px-3 py-2 font-medium">Discount</th>
                      <th className="px-3 py-2 font-medium">Type</th>
                      <th className="px-3 py-2 font-medium">Status</th>
                      <th className="px-3 py-2 font-medium">Created</th>
                      <th className="px-6 py-2 text-right font-medium">
                        <span className="sr-only">Copy</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="block space-y-3 sm:table-row-group sm:space-y-0 sm:divide-y sm:divide-ink-100">
                    {coupons.data.map((coupon) => {
                      const key = `row-${coupon.id}`;
                      return (
                        <tr
                          key={coupon.id}
                          data-testid="coupon-row"
                          className="grid grid-cols-2 gap-x-3 gap-y-3 rounded-xl border border-ink-200 p-4 sm:table-row sm:rounded-none sm:border-0 sm:p-0"
                        >
                          <td className="col-span-2 font-mono font-semibold break-all text-ink-900 sm:table-cell sm:px-6 sm:py-3">
                            {coupon.code}
                          </td>
                          <td data-label="Discount" className={CELL}>
                            {coupon.discount_percent}%
                          </td>
                          <td data-label="Type" className={CELL}>
                            {discountTypeLabel(coupon.discount_type)}
                          </td>
                          <td data-label="Status" className={CELL}>
                            <Badge variant={coupon.used ? 'neutral' : 'success'}>
                              {coupon.used ? 'Used' : 'Available'}
                            </Badge>
                          </td>
                          <td data-label="Created" className={`${CELL} text-ink-600`}>
                            {formatDate(coupon.created_at)}
                          </td>
                          <td className="col-span-2 sm:table-cell sm:px-6 sm:py-3 sm:text-right">
                            <Button
                              size="sm"
                              variant="outline"
                              className="h-11 w-full sm:h-8 sm:w-auto"
                              onClick={() => void copy(key, coupon.code)}
                              aria-label={`Copy ${coupon.code}`}
                            >
                              {copied === key ? (
                                <Check aria-hidden="true" className="size-4 text-emerald-600" />
                              ) : (
                                <Copy aria-hidden="true" className="size-4" />
                              )}
                              {copied === key ? 'Copied!' : 'Copy'}
                            </Button>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
