import { createHash } from 'node:crypto';
import type { TimeRange, WeeklyHours } from '@carcare/contracts/shop-settings';
import { WEEKDAYS, type Weekday } from '@carcare/contracts/shop-settings-constants';
import { TZDate, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';
import { businessInstant, minutesToTime, timeToMinutes } from '../../../lib/business-time';

/** What a service-day's start times are made of: the shop's week and closures, and the service. */
export type DayTimesInput = {
  date: string;
  timeZone: string;
  /** The shop's weekly hours. */
  hours: WeeklyHours;
  /** The service's own weekly hours, offered only inside the shop's; null: the shop's. */
  serviceHours: WeeklyHours | null;
  closures: ReadonlyArray<{ startDate: string; endDate: string }>;
  stepMinutes: number;
  durationMinutes: number;
  bufferMinutes: number;
};

/** One start time a service-day offers, as its slot row stores it. */
export type DayTime = {
  date: string;
  /** HH:MM on the shop's wall clock. */
  startTime: string;
  /** HH:MM on the shop's wall clock when the service ends (24:00: at the next midnight). */
  endTime: string;
  startsAt: Date;
  /** Exactly the service's duration after `startsAt`, whatever the clocks did meanwhile. */
  endsAt: Date;
  /** When the open range the time lies in closes: a longer job (a bigger vehicle, add-ons) must end by then. */
  openUntil: Date;
};

/** The weekday of a YYYY-MM-DD calendar day (no time zone is involved: a date names its own weekday). */
export function weekdayOf(date: string): Weekday {
  const sundayFirst = new Date(`${date}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7] as Weekday;
}

type Span = { start: number; end: number };

const toSpans = (ranges: readonly TimeRange[]): Span[] =>
  ranges.map((range) => ({ start: timeToMinutes(range.start), end: timeToMinutes(range.end) }));

/** The parts of the shop's ranges that also lie in the service's: both lists sorted and non-overlapping. */
function intersect(shop: Span[], service: Span[]): Span[] {
  const spans: Span[] = [];
  for (const a of shop) {
    for (const b of service) {
      const start = Math.max(a.start, b.start);
      const end = Math.min(a.end, b.end);
      if (start < end) spans.push({ start, end });
    }
  }
  return spans.sort((x, y) => x.start - y.start);
}

/** The wall-clock minute ranges a service is offered on `input.date` (none on a closed day). */
export function openSpans(
  input: Pick<DayTimesInput, 'date' | 'hours' | 'serviceHours' | 'closures'>,
): Array<{ start: number; end: number }> {
  if (input.closures.some((closure) => closure.startDate <= input.date && input.date <= closure.endDate)) return [];
  const day = weekdayOf(input.date);
  const shop = toSpans(input.hours[day] ?? []);
  return input.serviceHours ? intersect(shop, toSpans(input.serviceHours[day] ?? [])) : shop;
}

const wallClock = (instant: number, timeZone: string) => format(new TZDate(instant, timeZone), 'yyyy-MM-dd HH:mm');

/**
 * The instant the shop's clock first reads `time` on `date`, or undefined when it never does (the hour
 * skipped as clocks go forward). When the clocks go back and a wall-clock time happens twice, the first
 * occurrence is the time.
 */
export function firstInstantOf(date: string, time: string, timeZone: string): Date | undefined {
  const wall = `${date} ${time}`;
  const found = businessInstant(date, time, timeZone).getTime();
  if (wallClock(found, timeZone) !== wall) return undefined;
  // Offsets change by at most an hour at a time (by 30 minutes in a few zones): look that far back.
  for (const back of [60, 30]) {
    const earlier = found - back * 60_000;
    if (wallClock(earlier, timeZone) === wall) return new Date(earlier);
  }
  return new Date(found);
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * How a wall-clock minute of `date` maps to instants: on an ordinary day (one offset from midnight to
 * midnight) by adding minutes to midnight; on the day clocks change, by asking the zone for each time.
 */
function dayClock(date: string, timeZone: string): DayClock {
  const key = `${timeZone} ${date}`;
  const known = clocks.get(key);
  if (known) return known;
  // Every service reads the same days: each day's clock is worked out once (a year and more of days kept).
  if (clocks.size >= 1000) clocks.clear();
  const clock = makeDayClock(date, timeZone);
  clocks.set(key, clock);
  return clock;
}

type DayClock = ReturnType<typeof makeDayClock>;
const clocks = new Map<string, DayClock>();

function makeDayClock(date: string, timeZone: string) {
  const midnight = businessInstant(date, '00:00', timeZone).getTime();
  const nextMidnight = businessInstant(nextDay(date), '00:00', timeZone).getTime();
  const ordinary =
    nextMidnight - midnight === 86_400_000 &&
    tzOffset(timeZone, new Date(midnight)) === tzOffset(timeZone, new Date(nextMidnight - 1));
  return {
    ordinary,
    /** The first instant the clock reads `minutes` (the next midnight for 24:00), or undefined if it never does. */
    at(minutes: number): number | undefined {
      if (ordinary) return midnight + minutes * 60_000;
      if (minutes >= 24 * 60) return nextMidnight;
      return firstInstantOf(date, minutesToTime(minutes), timeZone)?.getTime();
    },
    /** Where a range opens or closes: as `at`, or for a time the clock skips, the moment it jumps past it. */
    boundary(minutes: number): number {
      return this.at(minutes) ?? businessInstant(date, minutesToTime(minutes), timeZone).getTime();
    },
    /** HH:MM on the wall clock at `instant`, 24:00 at the next midnight. */
    wallTime(instant: number): string {
      if (instant >= nextMidnight) return '24:00';
      if (ordinary) return minutesToTime(Math.round((instant - midnight) / 60_000));
      return wallClock(instant, timeZone).slice(11);
    },
  };
}

/**
 * A service-day's start times: every multiple of the step from local midnight inside each open range whose
 * service and buffer end, in real minutes, by the range's close. A start the clock skips (the hour lost when
 * clocks go forward) is left out; one it shows twice is offered once, at its first occurrence. The end time
 * reads the wall clock when the service is done: on the night clocks go back, 02:30 + 60 minutes ends at the
 * second 02:30.
 */
export function dayTimes(input: DayTimesInput): DayTime[] {
  const spans = openSpans(input);
  if (spans.length === 0) return [];
  const times: DayTime[] = [];
  const step = input.stepMinutes;
  const busyMs = (input.durationMinutes + input.bufferMinutes) * 60_000;
  const clock = dayClock(input.date, input.timeZone);
  for (const span of spans) {
    const opensAt = clock.boundary(span.start);
    const closesAt = clock.boundary(span.end);
    for (let start = Math.ceil(span.start / step) * step; start < span.end; start += step) {
      const startsAt = clock.at(start);
      if (startsAt === undefined || startsAt < opensAt) continue;
      if (startsAt + busyMs > closesAt) break;
      const endsAt = startsAt + input.durationMinutes * 60_000;
      times.push({
        date: input.date,
        startTime: minutesToTime(start),
        endTime: clock.wallTime(endsAt),
        startsAt: new Date(startsAt),
        endsAt: new Date(endsAt),
        openUntil: new Date(closesAt),
      });
    }
  }
  return times;
}

/**
 * The fingerprint of a service-day's times: the same list of times in the same zone gives the same shape,
 * so any change of hours, closures, step, time zone, duration, buffer or service hours that moves, adds or
 * removes a time, or moves the close of the range it lies in, changes it.
 */
export function dayShape(times: readonly DayTime[], timeZone: string): string {
  const text = [
    timeZone,
    ...times.map(
      (time) => `${time.startTime}-${time.endTime}@${time.startsAt.toISOString()}<${time.openUntil.toISOString()}`,
    ),
  ];
  return createHash('sha256').update(text.join('|')).digest('base64url').slice(0, 22);
}
