import type { Booking } from '@carcare/contracts/bookings';
import type { Schedule } from '@carcare/contracts/reports';
import { businessClock, businessToday } from './business-days';

/** The board's scale: one rem of height per quarter of an hour. */
const MINUTES_PER_REM = 15;

/** The hours the board shows on a day without slots. */
const USUAL_DAY = { opensAt: '08:00', closesAt: '18:00' } as const;

const DAY_MINUTES = 24 * 60;

/** Minutes since midnight of an HH:MM time. */
export const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** A slot's start and end in minutes since midnight; a slot that ends at midnight ends at 24:00. */
export const slotMinutes = (slot: Booking['slot']) => {
  const start = minutesOf(slot.startTime);
  const end = minutesOf(slot.endTime);
  return { start, end: end <= start ? DAY_MINUTES : end };
};

/**
 * When a booking holds its bay on the board's day, in minutes since midnight where the business is: from its start
 * for the job's minutes plus the buffer (`bayHeld`), which a long job or add-ons make longer than its slot. A span
 * running past midnight ends at 24:00; one that does not start on the board's day keeps its slot's place.
 */
export const heldMinutes = (booking: Pick<Booking, 'slot' | 'bayHeld'>, timeZone: string) => {
  const from = Date.parse(booking.bayHeld.from);
  const until = Date.parse(booking.bayHeld.until);
  if (!(until > from) || businessToday(timeZone, from) !== booking.slot.date) return slotMinutes(booking.slot);
  const start = minutesOf(businessClock(timeZone, from));
  return { start, end: Math.min(DAY_MINUTES, start + Math.round((until - from) / 60_000)) };
};

export type BoardHours = { start: number; end: number };

/** From the day's opening to its closing, in whole hours, widened to every booking's hold of its bay. */
export const boardHours = ({
  opensAt,
  closesAt,
  bookings,
  timeZone,
}: Pick<Schedule, 'opensAt' | 'closesAt' | 'bookings' | 'timeZone'>) => {
  const slots = bookings.map((booking) => heldMinutes(booking, timeZone));
  const first = Math.min(minutesOf(opensAt ?? USUAL_DAY.opensAt), ...slots.map((slot) => slot.start));
  const last = Math.max(minutesOf(closesAt ?? USUAL_DAY.closesAt), ...slots.map((slot) => slot.end));
  return { start: Math.floor(first / 60) * 60, end: Math.min(DAY_MINUTES, Math.ceil(last / 60) * 60) };
};

/** How far down the board a time of day sits. */
export const offsetOf = (minutes: number, hours: BoardHours) => `${(minutes - hours.start) / MINUTES_PER_REM}rem`;

/** The height of a span of minutes on the board. */
export const heightOf = (minutes: number) => `${minutes / MINUTES_PER_REM}rem`;

/** The whole hours the board's time axis labels. */
export const hourMarks = (hours: BoardHours) =>
  Array.from({ length: (hours.end - hours.start) / 60 + 1 }, (_, index) => hours.start + index * 60);

export const clockText = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
