import { Fragment, useState, type InputHTMLAttributes } from 'react';
import { useAgentId } from '../../../lib/agent-scope.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarX, Clock, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FieldHint, Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { errorMessage } from '../../../lib/api.ts';
import {
  defaultOpeningHours,
  MAX_INTERVALS_PER_DAY,
  minutesOf,
  openingHoursProblems,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type Interval,
  type OpeningHours,
  type Weekday,
} from '../../../../shared/opening-hours.ts';
import { agentsApi, type AgentHoursResponse } from '../api/agents-api.ts';
import { AGENT_HOURS_QUERY_KEY } from '../hooks/use-agent-hours.ts';

/** The kit's Input is full width: a fixed-width box around it keeps a row of small fields on one line. */
function SizedInput({ width, ...props }: InputHTMLAttributes<HTMLInputElement> & { width: string }) {
  return (
    <div className={width}>
      <Input className="h-11 sm:h-9" {...props} />
    </div>
  );
}

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/New_York';
}

function timeZones(current: string): string[] {
  const all = Intl.supportedValuesOf?.('timeZone') ?? [];
  return all.includes(current) ? all : [current, ...all];
}

/**
 * /configure: the agent's opening hours (ADR 042): time zone, a week view with each day's openings on a 24-hour
 * bar, closed dates and special hours. Outside these hours the agent takes messages instead of transferring.
 */
export function HoursCard({ data }: { data: AgentHoursResponse }) {
  const queryClient = useQueryClient();
  const agentId = useAgentId();
  const [draft, setDraft] = useState<OpeningHours | null>(data.hours);
  const [showProblems, setShowProblems] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problems = draft ? openingHoursProblems(draft) : [];

  const save = useMutation({
    mutationFn: (hours: OpeningHours) => agentsApi.saveHours(hours, agentId),
    onSuccess: (saved) => {
      toast.success('Opening hours saved');
      setServerError(null);
      setShowProblems(false);
      queryClient.setQueryData([...AGENT_HOURS_QUERY_KEY, agentId ?? null], saved);
    },
    onError: (error) => {
      const message = errorMessage(error, 'Failed to save opening hours');
      setServerError(message);
      toast.error(message);
    },
  });
  const remove = useMutation({
    mutationFn: () => agentsApi.deleteHours(agentId),
    onSuccess: async (result) => {
      toast.success(result.message);
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: AGENT_HOURS_QUERY_KEY });
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to remove opening hours')),
  });

  const update = (change: (hours: OpeningHours) => OpeningHours) => setDraft((d) => (d ? change(d) : d));
  const setDay = (day: Weekday, intervals: Interval[]) =>
    update((h) => ({ ...h, weekly: { ...h.weekly, [day]: intervals } }));

  const onSave = () => {
    if (!draft) return;
    setShowProblems(true);
    if (problems.length > 0) return;
    save.mutate(draft);
  };

  const saved = queryClient.getQueryData<AgentHoursResponse>(AGENT_HOURS_QUERY_KEY) ?? data;

  return (
    <Card data-testid="hours-card">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle>Opening hours</CardTitle>
          <Badge variant={saved.open_now ? 'success' : 'warning'} data-testid="hours-status">
            <Clock aria-hidden="true" className="mr-1 size-3.5" />
            {saved.status}
          </Badge>
        </div>
        <CardDescription>
          Your agent answers &quot;are you open?&quot; from these hours. Outside them it still answers from
          your documents, but takes a message instead of transferring the call.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        {!draft ? (
          <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl bg-ink-50 p-4">
            <p className="text-sm text-ink-700">
              No opening hours set: your agent treats every call as open.
            </p>
            <Button
              variant="outline"
              onClick={() => {
                setDraft(defaultOpeningHours(browserTimeZone()));
                setShowProblems(false);
              }}
            >
              <Clock aria-hidden="true" className="size-4" />
              Set opening hours
            </Button>
          </div>
        ) : (
          <>
            <div className="max-w-sm space-y-2">
              <Label htmlFor="time_zone">Time zone</Label>
              <NativeSelect
                id="time_zone"
                value={draft.time_zone}
                onChange={(e) => update((h) => ({ ...h, time_zone: e.target.value }))}
                aria-describedby="time-zone-hint"
              >
                {timeZones(draft.time_zone).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')}
                  </option>
                ))}
              </NativeSelect>
              <FieldHint id="time-zone-hint">
                Hours and dates are in your business&apos;s local time.
              </FieldHint>
            </div>

            <section aria-labelledby="week-heading" className="space-y-2">
              <h4 id="week-heading" className="text-sm font-semibold text-ink-900">
                Weekly hours
              </h4>
              <div
                className="hidden grid-cols-[7rem_1fr] gap-4 text-xs text-ink-400 md:grid"
                aria-hidden="true"
              >
                <span />
                <div className="flex justify-between">
                  <span>12 AM</span>
                  <span>6 AM</span>
                  <span>Noon</span>
                  <span>6 PM</span>
                  <span>12 AM</span>
                </div>
              </div>
              <ul className="divide-y divide-ink-100 rounded-xl border border-ink-200">
                {WEEKDAYS.map((day) => (
                  <DayRow
                    key={day}
                    day={day}
                    intervals={draft.weekly[day]}
                    onChange={(i) => setDay(day, i)}
                  />
                ))}
              </ul>
            </section>

            <ClosedDates hours={draft} update={update} />
            <SpecialHoursList hours={draft} update={update} />

            {(showProblems && problems.length > 0) || serverError ? (
              <div
                role="alert"
                className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
              >
                <p className="font-semibold">Please fix these before saving:</p>
                <ul className="mt-1 list-disc space-y-0.5 pl-5" data-testid="hours-problems">
                  {(showProblems && problems.length > 0 ? problems : [serverError!]).map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </div>
            ) : null}

            <div className="flex flex-wrap gap-3">
              <Button onClick={onSave} loading={save.isPending} disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save hours'}
              </Button>
              {data.hours || saved.hours ? (
                <Button variant="outline" onClick={() => remove.mutate()} disabled={remove.isPending}>
                  Always open (remove hours)
                </Button>
              ) : (
                <Button variant="ghost" onClick={() => setDraft(null)}>
                  Cancel
                </Button>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function DayRow({
  day,
  intervals,
  onChange,
}: {
  day: Weekday;
  intervals: Interval[];
  onChange: (intervals: Interval[]) => void;
}) {
  const name = WEEKDAY_NAMES[day];
  const open = intervals.length > 0;
  const last = intervals.at(-1);
  const setAt = (index: number, change: Partial<Interval>) =>
    onChange(intervals.map((i, k) => (k === index ? { ...i, ...change } : i)));
  return (
    <li
      className="grid gap-3 p-3 md:grid-cols-[7rem_1fr] md:items-center md:gap-4"
      data-testid={`day-${day}`}
    >
      <label className="flex items-center gap-2 text-sm font-medium text-ink-900">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={open}
          aria-label={`Open on ${name}`}
          onChange={(e) => onChange(e.target.checked ? [{ open: '09:00', close: '17:00' }] : [])}
        />
        {name}
      </label>
      <div className="space-y-2">
        <DayBar intervals={intervals} label={name} />
        {open ? (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            {intervals.map((interval, index) => (
              <div key={index} className="flex items-center gap-1.5">
                <SizedInput
                  type="time"
                  width="w-32"
                  aria-label={`${name} opens at`}
                  value={interval.open}
                  onChange={(e) => setAt(index, { open: e.target.value })}
                />
                <span className="text-sm text-ink-500">to</span>
                <SizedInput
                  type="time"
                  width="w-32"
                  aria-label={`${name} closes at`}
                  value={interval.close}
                  onChange={(e) => setAt(index, { close: e.target.value })}
                />
                {intervals.length > 1 ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${name} hours ${interval.open} to ${interval.close}`}
                    onClick={() => onChange(intervals.filter((_, k) => k !== index))}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                ) : null}
              </div>
            ))}
            {intervals.length < MAX_INTERVALS_PER_DAY ? (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Add hours on ${name}`}
                onClick={() =>
                  onChange([
                    ...intervals,
                    { open: last?.close === '00:00' ? '18:00' : (last?.close ?? '09:00'), close: '00:00' },
                  ])
                }
              >
                <Plus aria-hidden="true" className="size-4" />
                Add hours
              </Button>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-ink-500">Closed</p>
        )}
      </div>
    </li>
  );
}

/** The day's openings on a 24-hour bar: the week at a glance. */
function DayBar({ intervals, label }: { intervals: Interval[]; label: string }) {
  return (
    <div
      className="relative h-3 overflow-hidden rounded-full bg-ink-100"
      aria-hidden="true"
      data-label={label}
    >
      {[25, 50, 75].map((p) => (
        <span key={p} className="absolute inset-y-0 w-px bg-white" style={{ left: `${p}%` }} />
      ))}
      {intervals.map((i, k) => {
        const from = minutesOf(i.open);
        const to = minutesOf(i.close, true);
        if (!(to > from)) return null;
        return (
          <span
            key={k}
            className="absolute inset-y-0 rounded-full bg-brand-500"
            style={{ left: `${(from / 1440) * 100}%`, width: `${((to - from) / 1440) * 100}%` }}
          />
        );
      })}
    </div>
  );
}

type Update = (change: (hours: OpeningHours) => OpeningHours) => void;

interface DatedRow {
  date: string;
  label: string;
}

/**
 * A list of dated rows (closed dates, special hours): a heading, one row per date with its date, what the day is,
 * anything more (`fields`) and a remove button, and an add button.
 */
function DatedRows<T extends DatedRow>({
  id,
  title,
  description,
  testId,
  rows,
  setRows,
  blank,
  dateLabel,
  labelWidth,
  placeholder,
  removeLabel,
  addLabel,
  icon,
  fields,
}: {
  id: string;
  title: string;
  description: string;
  testId: string;
  rows: T[];
  setRows: (change: (rows: T[]) => T[]) => void;
  blank: T;
  dateLabel: string;
  labelWidth: string;
  placeholder: string;
  removeLabel: string;
  addLabel: string;
  icon?: React.ReactNode;
  fields?: (row: T, change: (fn: (row: T) => T) => void) => React.ReactNode;
}) {
  const changeAt = (index: number) => (fn: (row: T) => T) =>
    setRows((all) => all.map((row, k) => (k === index ? fn(row) : row)));
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div>
        <h4 id={id} className="text-sm font-semibold text-ink-900">
          {title}
        </h4>
        <p className="text-sm text-ink-500">{description}</p>
      </div>
      {rows.map((row, index) => {
        const change = changeAt(index);
        return (
          <div key={index} className="flex flex-wrap items-center gap-2" data-testid={testId}>
            {icon}
            <SizedInput
              type="date"
              width="w-44"
              aria-label={dateLabel}
              value={row.date}
              onChange={(e) => change((r) => ({ ...r, date: e.target.value }))}
            />
            <SizedInput
              width={labelWidth}
              aria-label="What the day is"
              placeholder={placeholder}
              maxLength={60}
              value={row.label}
              onChange={(e) => change((r) => ({ ...r, label: e.target.value }))}
            />
            {fields?.(row, change)}
            <Button
              variant="ghost"
              size="icon"
              aria-label={`${removeLabel} ${row.date}`}
              onClick={() => setRows((all) => all.filter((_, k) => k !== index))}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </div>
        );
      })}
      <Button variant="outline" size="sm" onClick={() => setRows((all) => [...all, blank])}>
        <Plus aria-hidden="true" className="size-4" />
        {addLabel}
      </Button>
    </section>
  );
}

function ClosedDates({ hours, update }: { hours: OpeningHours; update: Update }) {
  return (
    <DatedRows
      id="closed-heading"
      title="Closed dates"
      description="Holidays and other days you are closed, whatever the weekly hours say."
      testId="closed-date"
      rows={hours.closed_dates}
      setRows={(change) => update((h) => ({ ...h, closed_dates: change(h.closed_dates) }))}
      blank={{ date: '', label: '' }}
      dateLabel="Closed date"
      labelWidth="w-56"
      placeholder="e.g. Christmas Day"
      removeLabel="Remove closed date"
      addLabel="Add closed date"
      icon={<CalendarX aria-hidden="true" className="size-4 text-ink-400" />}
    />
  );
}

function SpecialHoursList({ hours, update }: { hours: OpeningHours; update: Update }) {
  return (
    <DatedRows
      id="special-heading"
      title="Special hours"
      description="Different hours on one date, e.g. closing early on Christmas Eve."
      testId="special-hours"
      rows={hours.special_hours}
      setRows={(change) => update((h) => ({ ...h, special_hours: change(h.special_hours) }))}
      blank={{ date: '', label: '', intervals: [{ open: '09:00', close: '12:00' }] }}
      dateLabel="Special hours date"
      labelWidth="w-48"
      placeholder="e.g. Christmas Eve"
      removeLabel="Remove special hours"
      addLabel="Add special hours"
      fields={(special, change) =>
        (['open', 'close'] as const).map((end) => (
          <Fragment key={end}>
            {end === 'close' ? <span className="text-sm text-ink-500">to</span> : null}
            <SizedInput
              type="time"
              width="w-32"
              aria-label={end === 'open' ? 'Opens at' : 'Closes at'}
              value={special.intervals[0]?.[end] ?? ''}
              onChange={(e) =>
                change((s) => {
                  const first = { open: s.intervals[0]?.open ?? '', close: s.intervals[0]?.close ?? '' };
                  return { ...s, intervals: [{ ...first, [end]: e.target.value }] };
                })
              }
            />
          </Fragment>
        ))
      }
    />
  );
}
