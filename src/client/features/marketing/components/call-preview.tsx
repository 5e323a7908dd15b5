import { BookOpen, PhoneIncoming } from 'lucide-react';

/** A drawn (not photographed) call in progress: shows what the product does at a glance, costs no image bytes. */
export function CallPreview() {
  return (
    <div className="relative mx-auto w-full max-w-md" aria-hidden="true">
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-brand-200/60 via-white to-emerald-100/70 blur-2xl" />
      <div className="rounded-2xl border border-ink-200 bg-white shadow-xl shadow-brand-900/10">
        <div className="flex items-center justify-between border-b border-ink-100 px-5 py-4">
          <div className="flex min-w-0 items-center gap-3">
            <span className="relative flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
              <PhoneIncoming className="size-5" />
              <span className="absolute -top-0.5 -right-0.5 size-3 rounded-full bg-emerald-500 ring-2 ring-white" />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-semibold text-ink-900">Incoming call</p>
              <p className="truncate text-xs text-ink-500">+1 555-014-2290 · 2:14 AM</p>
            </div>
          </div>
          <span className="shrink-0 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-emerald-700">
            Live · 01:12
          </span>
        </div>
        <div className="space-y-3 px-5 py-5 text-sm">
          <div className="max-w-[85%] rounded-2xl rounded-tl-sm bg-ink-100 px-4 py-2.5 text-ink-800">
            Hi, my dishwasher shows error E24. Is that something I can fix myself?
          </div>
          <div className="ml-auto max-w-[85%] rounded-2xl rounded-tr-sm bg-brand-600 px-4 py-2.5 text-white">
            E24 means the water isn&apos;t draining. Turn the machine off, then clean the filter under the
            bottom rack. That fixes it in most cases.
          </div>
          <div className="ml-auto flex w-fit items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-1 text-xs text-brand-700">
            <BookOpen className="size-3.5" /> Repair manual, page 12
          </div>
          <div className="max-w-[85%] rounded-2xl rounded-tl-sm bg-ink-100 px-4 py-2.5 text-ink-800">
            That worked. Thank you!
          </div>
        </div>
      </div>
    </div>
  );
}
