import { type TimeRange, type WeeklyHours, weeklyHoursSchema } from '@carcare/contracts/shop-settings';
import { SETTING_LIMITS, WEEKDAYS, type Weekday, weekdayName } from '@carcare/contracts/shop-settings-constants';

const shortDayName = (day: Weekday) => weekdayName(day).slice(0, 3);

/** The range a closed day opens with when the owner first ticks it open. */
export const FIRST_RANGE: TimeRange = { start: '09:00', end: '17:00' };

const DAY_MINUTES = 24 * 60;
const HOUR = 60;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const isTime = (time: string) => /^\d{2}:\d{2}$/.test(time);

/**
 * "Add hours": a range an hour after the last one closes, two hours long (to midnight at most); a closed day
 * opens with FIRST_RANGE. Null when the day is full or the last range is not a readable time.
 */
export function withRangeAfter(ranges: readonly TimeRange[]): TimeRange[] | null {
  if (ranges.length >= SETTING_LIMITS.rangesPerDay) return null;
  const last = ranges.at(-1);
  if (!last) return [FIRST_RANGE];
  if (!isTime(last.end)) return null;
  const start = minutesOf(last.end) + HOUR;
  if (start >= DAY_MINUTES) return null;
  return [...ranges, { start: timeOf(start), end: timeOf(Math.min(start + 2 * HOUR, DAY_MINUTES)) }];
}

/**
 * "Add a break": the last range split by an hour's break near its middle, on the hour where it can be
 * (08:00–18:00 becomes 08:00–12:00 and 13:00–18:00). Null when the range is shorter than two hours.
 */
export function withBreak(ranges: readonly TimeRange[]): TimeRange[] | null {
  if (ranges.length >= SETTING_LIMITS.rangesPerDay) return null;
  const last = ranges.at(-1);
  if (!last || !isTime(last.start) || !isTime(last.end)) return null;
  const start = minutesOf(last.start);
  const end = minutesOf(last.end);
  const length = end - start;
  if (length < 2 * HOUR) return null;
  const breakStart = start + Math.max(30, Math.floor((length - HOUR) / (2 * HOUR)) * HOUR);
  return [
    ...ranges.slice(0, -1),
    { start: last.start, end: timeOf(breakStart) },
    { start: timeOf(breakStart + HOUR), end: last.end },
  ];
}

/** What the contract's schema says is wrong with each day, its first message per day. */
export function hoursProblems(hours: WeeklyHours): Partial<Record<Weekday, string>> {
  const result = weeklyHoursSchema.safeParse(hours);
  if (result.success) return {};
  const problems: Partial<Record<Weekday, string>> = {};
  for (const issue of result.error.issues) {
    const day = issue.path[0] as Weekday;
    if (WEEKDAYS.includes(day) && !problems[day]) problems[day] = issue.message;
  }
  return problems;
}

const rangesText = (ranges: readonly TimeRange[]) =>
  ranges.length === 0 ? 'closed' : ranges.map((range) => `${range.start}–${range.end}`).join(', ');

/**
 * A week in one line, days with the same hours run together: 'Mon–Fri 08:00–18:00 · Sat 08:00–12:00,
 * 13:00–18:00 · Sun closed'.
 */
export function compactHours(hours: WeeklyHours): string {
  const runs: { first: Weekday; last: Weekday; text: string }[] = [];
  for (const day of WEEKDAYS) {
    const text = rangesText(hours[day] ?? []);
    const run = runs.at(-1);
    if (run && run.text === text) run.last = day;
    else runs.push({ first: day, last: day, text });
  }
  if (runs.length === 1 && runs[0]) return `Every day ${runs[0].text}`;
  return runs
    .map(({ first, last, text }) =>
      first === last ? `${shortDayName(first)} ${text}` : `${shortDayName(first)}–${shortDayName(last)} ${text}`,
    )
    .join(' · ');
}
