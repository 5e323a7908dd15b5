import { Progress } from '../../../components/ui/progress.tsx';

/**
 * The exact share of the minutes used, in percent. The server's `percentage_used` is rounded to one decimal
 * (2,500 minutes: 1,251 used is 50.04% but reads 50.0), so the SPEC thresholds are applied to the minutes.
 */
export function usagePercentage(usage: {
  minutes_used: number;
  minutes_limit: number;
  percentage_used: number;
}): number {
  if (usage.minutes_limit > 0) return (usage.minutes_used / usage.minutes_limit) * 100;
  return usage.percentage_used;
}

/**
 * The share used as the card prints it: whole percent (rounded down, so 99.9% never reads 100%), one decimal
 * below 1% so a little use is not "0%" (0.8%), and "<0.1%" for less than that; "0%" only when nothing is used.
 */
export function formatUsagePercentage(percentage: number): string {
  if (!(percentage > 0)) return '0%';
  if (percentage >= 1) return `${Math.floor(percentage)}%`;
  // The epsilon keeps float noise (3 of 1,000 minutes computing as 0.29999…) from losing a tenth.
  const tenths = Math.floor(percentage * 10 + 1e-9) / 10;
  return tenths === 0 ? '<0.1%' : `${tenths.toFixed(1)}%`;
}

/** SPEC 9: green up to 50% used, yellow above 50%, red above 80%. */
export function usageTone(percentage: number): 'green' | 'yellow' | 'red' {
  if (percentage > 80) return 'red';
  if (percentage > 50) return 'yellow';
  return 'green';
}

const barClass = { green: 'bg-emerald-500', yellow: 'bg-amber-400', red: 'bg-red-500' } as const;

/** The usage bar; its width is capped at 100% (Progress clamps). */
export function UsageBar({ percentage }: { percentage: number }) {
  const tone = usageTone(percentage);
  return (
    <div data-testid="usage-bar" data-tone={tone}>
      <Progress value={percentage} barClassName={barClass[tone]} label="Minutes used" className="h-3" />
    </div>
  );
}
