import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { QUOTE_MESSAGES } from '@carcare/contracts/quotes-constants';
import type { TimeRange, WeeklyHours } from '@carcare/contracts/shop-settings';
import { WEEKDAYS, type Weekday } from '@carcare/contracts/shop-settings-constants';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { services, slots } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { businessDate, businessInstant, minutesToTime, shiftDay, timeToMinutes } from '../../../lib/business-time';
import type { JobSpan } from './job-span';

/** The shop's opening hours as a walk-in is judged by them. */
export type OpeningHours = {
  timeZone: string;
  hours: WeeklyHours;
  closures: ReadonlyArray<{ startDate: string; endDate: string }>;
};

const MINUTE_MS = 60_000;

const weekdayOf = (date: string): Weekday => {
  const sundayFirst = new Date(`${date}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7] as Weekday;
};

/** HH:MM on the shop's wall clock at `instant`. */
const wallTime = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);

/** The instant the wall clock of `date` reads `minutes` (24:00: the next midnight). */
const instantAt = (date: string, minutes: number, timeZone: string) =>
  minutes >= 24 * 60
    ? businessInstant(shiftDay(date, 1), '00:00', timeZone)
    : businessInstant(date, minutesToTime(minutes), timeZone);

/** The range of `ranges` the wall-clock minute lies in. */
const rangeAt = (ranges: readonly TimeRange[], minute: number) =>
  ranges.find((range) => timeToMinutes(range.start) <= minute && minute < timeToMinutes(range.end));

/**
 * The start of a walk-in booked at `now`: the next whole minute (a slot is bookable only once it lies ahead),
 * with the end of the open range of the shop's hours (and the service's own, if it has them) it falls in.
 * Refused (409) when the shop is closed now: a closure, or outside its hours.
 */
export function walkInStart(now: Date, opening: OpeningHours, serviceHours: WeeklyHours | null) {
  const startsAt = new Date((Math.floor(now.getTime() / MINUTE_MS) + 1) * MINUTE_MS);
  const { timeZone } = opening;
  const date = businessDate(timeZone, startsAt);
  const closed = () => new AppError(409, FRONT_DESK_MESSAGES.walkInClosed);
  if (opening.closures.some((closure) => closure.startDate <= date && date <= closure.endDate)) throw closed();
  const day = weekdayOf(date);
  const minute = timeToMinutes(wallTime(startsAt, timeZone));
  const shopRange = rangeAt(opening.hours[day] ?? [], minute);
  const serviceRange = serviceHours ? rangeAt(serviceHours[day] ?? [], minute) : shopRange;
  if (!shopRange || !serviceRange) throw closed();
  const closesAt = Math.min(timeToMinutes(shopRange.end), timeToMinutes(serviceRange.end));
  return { startsAt, date, startTime: minutesToTime(minute), openUntil: instantAt(date, closesAt, timeZone) };
}

/**
 * A hand-made slot of the service starting at the next whole minute, for a car that is here now, inside the
 * caller's transaction (a refused booking takes it away again); the slot of that service and minute when one
 * exists already. Refused (409) when the shop is closed now, or when the job and the service's buffer would
 * run past the time the shop closes.
 */
export async function makeWalkInSlot(
  tx: Executor,
  request: { serviceId: string; now: Date; opening: OpeningHours; job: JobSpan },
): Promise<string> {
  const [service] = await tx
    .select({
      durationMinutes: services.durationMinutes,
      bufferMinutes: services.bufferMinutes,
      hours: services.hours,
      isDeleted: services.isDeleted,
    })
    .from(services)
    .where(eq(services.id, request.serviceId));
  if (!service || service.isDeleted) throw new AppError(404, BOOKING_MESSAGES.serviceUnknown);
  const { startsAt, date, startTime, openUntil } = walkInStart(request.now, request.opening, service.hours);
  const endsAt = new Date(startsAt.getTime() + service.durationMinutes * MINUTE_MS);
  const jobMinutes = (request.job.classMinutes ?? service.durationMinutes) + request.job.extraMinutes;
  const jobEnd = startsAt.getTime() + (jobMinutes + service.bufferMinutes) * MINUTE_MS;
  if (endsAt > openUntil || jobEnd > openUntil.getTime()) throw new AppError(409, QUOTE_MESSAGES.runsPastClosing);
  const endTime =
    businessDate(request.opening.timeZone, endsAt) === date ? wallTime(endsAt, request.opening.timeZone) : '24:00';
  const [made] = await tx
    .insert(slots)
    .values({ serviceId: request.serviceId, date, startTime, endTime, startsAt, endsAt, origin: 'manual', openUntil })
    .onConflictDoNothing({ target: [slots.serviceId, slots.date, slots.startTime] })
    .returning({ id: slots.id });
  if (made) return made.id;
  const [existing] = await tx
    .select({ id: slots.id })
    .from(slots)
    .where(and(eq(slots.serviceId, request.serviceId), eq(slots.date, date), eq(slots.startTime, startTime)));
  if (!existing) throw new Error('the walk-in slot vanished');
  return existing.id;
}
