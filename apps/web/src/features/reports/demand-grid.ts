import type { Overview } from '@carcare/contracts/reports';

export const WEEKDAYS = [
  { day: 1, short: 'Mon', long: 'Monday' },
  { day: 2, short: 'Tue', long: 'Tuesday' },
  { day: 3, short: 'Wed', long: 'Wednesday' },
  { day: 4, short: 'Thu', long: 'Thursday' },
  { day: 5, short: 'Fri', long: 'Friday' },
  { day: 6, short: 'Sat', long: 'Saturday' },
  { day: 7, short: 'Sun', long: 'Sunday' },
] as const;

/** The hours shown when nothing was booked: a car wash's usual day. */
const USUAL_HOURS = { first: 6, last: 22 } as const;

const hoursFrom = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, index) => first + index);

/** The hours from the earliest to the latest with demand, so that a quiet night does not crowd the grid. */
export const demandHours = (demand: Overview['demand']) => {
  if (demand.length === 0) return hoursFrom(USUAL_HOURS.first, USUAL_HOURS.last);
  const hours = demand.map((cell) => cell.hour);
  return hoursFrom(Math.min(...hours), Math.max(...hours));
};

/** Bookings by "weekday-hour", empty cells reading 0. */
export const demandLookup = (demand: Overview['demand']) => {
  const cells = new Map(demand.map((cell) => [`${cell.weekday}-${cell.hour}`, cell.bookings]));
  return (weekday: number, hour: number) => cells.get(`${weekday}-${hour}`) ?? 0;
};

export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
