import { Progress } from '../../../components/ui/progress.tsx';

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
