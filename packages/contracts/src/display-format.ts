/**
 * How every screen, email and calendar text writes days and times: one module, so a booking's day reads the
 * same on My Bookings, in Booking Management and in its emails (decision 029). Intl only: it loads no library.
 */

/** The shop's locale unless it configures another (`BUSINESS_LOCALE`), and while the web app asks. */
export const DEFAULT_LOCALE = 'en-US';

/** The one date format: 'Nov 26, 2026' in en-US, '26 Nov 2026' in en-GB. */
const DAY_OPTIONS = { month: 'short', day: 'numeric', year: 'numeric' } as const satisfies Intl.DateTimeFormatOptions;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day (YYYY-MM-DD, as slots carry it) in the shop's locale; anything else is returned as it came. */
export function formatDay(day: string, locale: string = DEFAULT_LOCALE): string {
  const match = DAY_PATTERN.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? day : formatOf(locale, 'UTC', DAY_OPTIONS).format(date);
}

/** The same format with the weekday first, for a page's heading: 'Thursday, Nov 26, 2026' in en-US. */
export function formatLongDay(day: string, locale: string = DEFAULT_LOCALE): string {
  const match = DAY_PATTERN.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? day : formatOf(locale, 'UTC', { ...DAY_OPTIONS, weekday: 'long' }).format(date);
}

/** The same format without the year, where the year is plain from the context (a chart's axis): 'Nov 26'. */
export function formatShortDay(day: string, locale: string = DEFAULT_LOCALE): string {
  const match = DAY_PATTERN.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? day : formatOf(locale, 'UTC', { month: 'short', day: 'numeric' }).format(date);
}

/** The day an instant falls on in the shop's time zone, in the same format; '' for an unreadable instant. */
export function formatInstantDay(instant: string | Date, timeZone: string, locale: string = DEFAULT_LOCALE): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? '' : formatOf(locale, timeZone, DAY_OPTIONS).format(date);
}

/** An instant of the recent past where the shop is, by its day without the year and its time: 'Nov 26, 10:04'. */
export function formatInstantMoment(instant: string | Date, timeZone: string, locale: string = DEFAULT_LOCALE): string {
  const date = new Date(instant);
  const options = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  return Number.isNaN(date.getTime()) ? '' : formatOf(locale, timeZone, options).format(date);
}

/** The zone's short name at that instant, as the locale writes it: 'EST', 'GMT+6', 'UTC'. */
export function zoneShortName(instant: string | Date, timeZone: string, locale: string = DEFAULT_LOCALE): string {
  const parts = formatOf(locale, timeZone, { timeZoneName: 'short' }).formatToParts(new Date(instant));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

const offsetOf = (instant: string | Date, timeZone: string) =>
  formatOf('en-US', timeZone, { timeZoneName: 'longOffset' })
    .formatToParts(new Date(instant))
    .find((part) => part.type === 'timeZoneName')?.value;

/** Whether two zones show the same wall-clock time at that instant (UTC and Europe/London in winter do). */
export const sameClock = (instant: string | Date, zone: string, other: string) =>
  zone === other || offsetOf(instant, zone) === offsetOf(instant, other);

/** Minutes the zone is ahead of UTC at that instant ('GMT+05:30' is 330, 'GMT' is 0). */
function offsetMinutes(instant: number, timeZone: string): number {
  const match = /([+-])(\d{2}):(\d{2})/.exec(offsetOf(new Date(instant), timeZone) ?? '');
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** The instant a wall-clock time of a day (YYYY-MM-DD, HH:MM) names in a zone, across daylight saving. */
export function wallClockInstant(day: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  const first = wall - offsetMinutes(wall, timeZone) * 60_000;
  return new Date(wall - offsetMinutes(first, timeZone) * 60_000);
}

/** The zone the visitor's device is in (the browser's, or the server's when rendering there). */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

type SlotTimes = { date?: string; startTime: string; endTime: string; startsAt?: string };

type TimesOptions = {
  /** The shop's IANA time zone: slot times are its wall-clock times. */
  timeZone: string;
  /** The reader's zone; when its clock differs from the shop's at the slot, the times name the shop's zone. */
  viewerTimeZone?: string;
  locale?: string;
};

/**
 * A slot's times as the shop's schedule gives them: '09:00 - 10:00'; '09:00 - 10:00 EST' when the reader's
 * clock is not the shop's, so nobody turns up an hour early.
 */
export function formatSlotTimes(slot: SlotTimes, options?: TimesOptions): string {
  const times = `${slot.startTime} - ${slot.endTime}`;
  if (!options?.viewerTimeZone) return times;
  const at = slot.startsAt ?? (slot.date ? wallClockInstant(slot.date, slot.startTime, options.timeZone) : null);
  if (!at || Number.isNaN(new Date(at).getTime())) return times;
  if (sameClock(at, options.timeZone, options.viewerTimeZone)) return times;
  return `${times} ${zoneShortName(at, options.timeZone, options.locale)}`;
}
