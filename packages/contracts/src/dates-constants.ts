/** Constants and messages only: importing them never loads a schema library. */

/**
 * The first day any date the API takes may name: older than the shop's records can be, and the year 0000 or
 * 9999 some clients send would overflow the database's and the calendar's arithmetic.
 */
export const EARLIEST_DATE = '2000-01-01';

/** How many years ahead of this one a date may be: no booking, slot or report reaches further. */
export const DATE_YEARS_AHEAD = 10;

/** The last day a date may name: the end of the year ten years from now (UTC), YYYY-MM-DD. */
export const latestDate = (now: Date = new Date()) => `${now.getUTCFullYear() + DATE_YEARS_AHEAD}-12-31`;

/** Whether a well-formed YYYY-MM-DD day lies in the range every date of the API shares. */
export const isWithinDateRange = (date: string, now: Date = new Date()) =>
  date >= EARLIEST_DATE && date <= latestDate(now);

/** The refusal of a date outside that range, naming the field as its other messages do. */
export const dateOutOfRangeMessage = (field: string, now: Date = new Date()) =>
  `${field} must be between ${EARLIEST_DATE} and ${latestDate(now)}`;
