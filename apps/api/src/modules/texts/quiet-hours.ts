import { TZDate } from '@date-fns/tz';
import { businessDate, businessInstant, shiftDay, timeToMinutes } from '../../lib/business-time';

/**
 * The first instant at or after `at` outside the quiet hours (`HH:MM-HH:MM` in the shop's time zone, across
 * midnight when the first is later; empty for none): `at` itself when it is not quiet, otherwise the end of
 * the quiet hours it falls in, as the shop's clock reads it that day (a change to summer time included).
 */
export function afterQuietHours(at: Date, quietHours: string, timeZone: string): Date {
  if (quietHours === '') return at;
  const [from = '', to = ''] = quietHours.split('-');
  const local = new TZDate(at.getTime(), timeZone);
  const minute = local.getHours() * 60 + local.getMinutes();
  const start = timeToMinutes(from);
  const end = timeToMinutes(to);
  const acrossMidnight = start > end;
  const quiet = acrossMidnight ? minute >= start || minute < end : minute >= start && minute < end;
  if (!quiet) return at;
  const today = businessDate(timeZone, at);
  // Quiet since the evening: they end the next morning.
  const day = acrossMidnight && minute >= start ? shiftDay(today, 1) : today;
  return businessInstant(day, to, timeZone);
}
