/** Small display helpers of the admin pages. */

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

export function formatMoney(dollars: number): string {
  return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2, maximumFractionDigits: 2 })}`;
}

export function formatMinutes(minutes: number): string {
  return minutes.toLocaleString('en-US');
}

export function discountTypeLabel(type: string | null): string {
  if (type === 'first_month') return 'First Month';
  if (type === 'forever') return 'Forever';
  return type ?? '';
}

export function revokeReasonLabel(reason: string | null): string {
  if (reason === 'cancel_immediately') return 'Cancelled immediately';
  if (reason === 'finish_period') return 'Ends after the current period';
  return reason ?? '';
}

/** SPEC 9: the shortened user id is 8 characters. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}
