import { TZDate } from '@date-fns/tz';

/** The instant a business-local `date` (YYYY-MM-DD) and `time` (HH:MM) stand for in `timeZone`. */
export function businessInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(new TZDate(year ?? 0, (month ?? 1) - 1, day ?? 1, hours ?? 0, minutes ?? 0, timeZone).getTime());
}

/** Each time zone's formatter of the calendar day, made once and kept: a shop has one zone, or a few over time. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormatIn(timeZone: string): Intl.DateTimeFormat {
  let dayFormat = dayFormats.get(timeZone);
  if (!dayFormat) {
    // Throws for a zone that is not one (a RangeError), as reading a date in it would: nothing is kept then.
    dayFormat = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, dayFormat);
  }
  return dayFormat;
}

/**
 * The business-local calendar day `offsetDays` from the day of `now`, as YYYY-MM-DD. Read on every booking made
 * and every day of times listed: the day in the zone, then whole calendar days on, whatever the clocks do.
 */
export function businessDate(timeZone: string, now: Date = new Date(), offsetDays = 0): string {
  const parts = dayFormatIn(timeZone).formatToParts(now);
  const part = (type: 'year' | 'month' | 'day') => parts.find((candidate) => candidate.type === type)?.value ?? '';
  const today = `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
  return offsetDays === 0 ? today : shiftDay(today, offsetDays);
}

export function minutesToTime(totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

export function timeToMinutes(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** The calendar day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function shiftDay(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
