import { z } from 'zod';
import { MAX_DATES, MAX_INTERVALS_PER_DAY, MAX_LABEL } from '../../../shared/opening-hours.ts';

const interval = z.object({ open: z.string().max(5), close: z.string().max(5) });
const day = z.array(interval).max(MAX_INTERVALS_PER_DAY);
const label = z.string().max(MAX_LABEL);

/** One agent's opening hours (shared/opening-hours.ts); the rules beyond shapes are openingHoursProblems'. */
export const openingHoursSchema = z.object({
  time_zone: z.string().max(64),
  weekly: z.object({ mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day }),
  closed_dates: z.array(z.object({ date: z.string().max(10), label })).max(MAX_DATES),
  special_hours: z.array(z.object({ date: z.string().max(10), label, intervals: day })).max(MAX_DATES),
});

export const hoursResponseSchema = z.object({
  /** null: no hours set, the agent is always open. */
  hours: openingHoursSchema.nullable(),
  open_now: z.boolean(),
  /** "Open now, until 5 PM" / "Closed now. Opens tomorrow at 9 AM." / "Always open: no opening hours set." */
  status: z.string(),
});
export type HoursResponse = z.infer<typeof hoursResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
