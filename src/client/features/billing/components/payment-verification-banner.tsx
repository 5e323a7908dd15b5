import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePaymentVerification } from '../hooks/use-payment-verification.ts';

/** 'Verifying your payment...' while a checkout (query ?session_id=) is being checked (SPEC 2/4). */
export function PaymentVerificationBanner() {
  const verifying = usePaymentVerification();
  if (!verifying) return null;
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800"
    >
      <Spinner className="size-5" />
      Verifying your payment...
    </div>
  );
}
