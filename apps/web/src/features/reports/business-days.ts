import { tz } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, format, isValid, parse } from 'date-fns';

const DAY_FORMAT = 'yyyy-MM-dd';

/** A calendar day written YYYY-MM-DD that exists ('2030-02-30' does not). */
export const isCalendarDay = (text: string | null): text is string =>
  text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text) && isValid(parse(text, DAY_FORMAT, new Date()));

/** Today's date (YYYY-MM-DD) where the business is, or in the browser until the business zone is known. */
export const businessToday = (timeZone: string | undefined, now = Date.now()) =>
  format(now, DAY_FORMAT, timeZone ? { in: tz(timeZone) } : undefined);

/** The wall-clock time (HH:MM) where the business is. */
export const businessClock = (timeZone: string | undefined, now = Date.now()) =>
  format(now, 'HH:mm', timeZone ? { in: tz(timeZone) } : undefined);

/** The calendar day `days` after (or before, when negative) a YYYY-MM-DD day. */
export const shiftDay = (day: string, days: number) =>
  format(addDays(parse(day, DAY_FORMAT, new Date()), days), DAY_FORMAT);

/** How many days a range covers, both ends counted. */
export const daysCovered = (from: string, to: string) =>
  differenceInCalendarDays(parse(to, DAY_FORMAT, new Date()), parse(from, DAY_FORMAT, new Date())) + 1;
