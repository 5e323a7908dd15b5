const KEYS = [
  ['1', ''],
  ['2', 'ABC'],
  ['3', 'DEF'],
  ['4', 'GHI'],
  ['5', 'JKL'],
  ['6', 'MNO'],
  ['7', 'PQRS'],
  ['8', 'TUV'],
  ['9', 'WXYZ'],
  ['*', ''],
  ['0', '+'],
  ['#', ''],
] as const;

/** Twelve phone keys: they dial before the call and send DTMF during it. */
export function DialPad({ onKey }: { onKey: (key: string) => void }) {
  return (
    <div className="grid grid-cols-3 gap-3" role="group" aria-label="Dial pad">
      {KEYS.map(([key, letters]) => (
        <button
          key={key}
          type="button"
          onClick={() => onKey(key)}
          aria-label={`Key ${key}`}
          className="flex h-14 flex-col items-center justify-center rounded-2xl bg-ink-100 text-ink-900 transition-colors hover:bg-ink-200 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none active:bg-ink-300"
        >
          <span className="text-xl leading-none font-semibold">{key}</span>
          <span className="mt-0.5 h-3 text-[10px] leading-none tracking-widest text-ink-600">{letters}</span>
        </button>
      ))}
    </div>
  );
}
