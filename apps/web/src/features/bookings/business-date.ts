import { tz } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';

const DAY_FORMAT = 'yyyy-MM-dd';

/** Today's date (YYYY-MM-DD) where the business is, or in the browser until the business zone is known. */
export const businessToday = (timeZone: string | undefined, now = Date.now()) =>
  format(now, DAY_FORMAT, timeZone ? { in: tz(timeZone) } : undefined);

/** A calendar day (a local midnight, as the date picker uses) and its YYYY-MM-DD text. */
export const dayToText = (day: Date) => format(day, DAY_FORMAT);

export const textToDay = (text: string) => parseISO(text);
