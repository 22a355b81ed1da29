import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

/** The instant a business-local `date` (YYYY-MM-DD) and `time` (HH:MM) stand for in `timeZone`. */
export function businessInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(new TZDate(year ?? 0, (month ?? 1) - 1, day ?? 1, hours ?? 0, minutes ?? 0, timeZone).getTime());
}

/** The business-local calendar day `offsetDays` from the day of `now`, as YYYY-MM-DD. */
export function businessDate(timeZone: string, now: Date = new Date(), offsetDays = 0): string {
  return format(addDays(new TZDate(now.getTime(), timeZone), offsetDays), 'yyyy-MM-dd');
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
