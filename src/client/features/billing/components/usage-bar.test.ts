import { describe, expect, it } from 'vitest';
import { formatUsagePercentage, usagePercentage } from './usage-bar.tsx';

describe('formatUsagePercentage', () => {
  it('shows one decimal below 1%, so a little use is not "0%"', () => {
    // 2 of 250 minutes.
    expect(
      formatUsagePercentage(usagePercentage({ minutes_used: 2, minutes_limit: 250, percentage_used: 0.8 })),
    ).toBe('0.8%');
    expect(formatUsagePercentage(0.19)).toBe('0.1%');
    expect(formatUsagePercentage(0.04)).toBe('<0.1%');
  });

  it('shows "0%" only when nothing is used', () => {
    expect(formatUsagePercentage(0)).toBe('0%');
    expect(formatUsagePercentage(Number.NaN)).toBe('0%');
  });

  it('shows whole percent from 1% up, rounded down so the limit is never shown early', () => {
    expect(formatUsagePercentage(1)).toBe('1%');
    expect(formatUsagePercentage(50.04)).toBe('50%');
    expect(formatUsagePercentage(99.96)).toBe('99%');
    expect(formatUsagePercentage(104)).toBe('104%');
  });
});
