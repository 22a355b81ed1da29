import type { Calendar, CalendarDay, CalendarQuery } from '@carcare/contracts/shop-settings';
import { SLOT_MESSAGES } from '@carcare/contracts/slots-constants';
import { and, between, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { services, slots } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { BASE_JOB, type JobSpan } from '../bookings/public';
import { findLiveService } from '../services/public';
import type { ShopState } from '../shop/public';
import { bookingWindow, daysBetween, desiredTimes, ensureServiceDays } from './generate/ensure-days';
import { freeBaysFor, jobFits, offeredNow } from './slots.service';

/** How many days `nextAvailable` looks at per step when it scans past the asked range. */
const SCAN_BATCH_DAYS = 31;

/** How many times a customer could book now on each day from `from` to `to` that has any: one query. */
async function freeTimesPerDay(
  db: Executor,
  shop: ShopState,
  serviceId: string,
  from: string,
  to: string,
  now: Date,
  job: JobSpan,
): Promise<Map<string, number>> {
  const remaining = freeBaysFor(job);
  const rows = await db
    .select({ date: slots.date, free: sql<number>`count(*)::int` })
    .from(slots)
    .innerJoin(services, eq(services.id, slots.serviceId))
    .where(
      and(
        eq(slots.serviceId, serviceId),
        between(slots.date, from, to),
        eq(slots.status, 'available'),
        offeredNow(shop, now),
        jobFits(job),
        sql`${remaining} > 0`,
      ),
    )
    .groupBy(slots.date);
  return new Map(rows.map((row) => [row.date, row.free]));
}

/**
 * A service's days from `from` to `to`: past, beyond the horizon, open (the hours give it times, or a
 * hand-made slot is free) or closed, each with how many times a customer could book now; and the first day
 * on or after max(from, today), up to the horizon, with a free time. The open days of the range are made
 * first, and those scanned past it, a batch at a time, as the scan reaches them.
 */
export async function serviceCalendar(
  db: Database,
  shop: ShopState,
  query: CalendarQuery,
  now: Date = new Date(),
  job: JobSpan = BASE_JOB,
): Promise<Calendar> {
  const service = await findLiveService(db, query.service);
  if (!service) throw new AppError(404, SLOT_MESSAGES.serviceUnknown);
  const { today, lastDate } = bookingWindow(shop, now);
  const dates = daysBetween(query.from, query.to);
  // A day the hours give no time of this service (closed, in a closure, or too short for it) is closed.
  const hoursGiveTimes = (date: string) => desiredTimes(shop, service, date).length > 0;
  // Every day of the window, closed ones too: a day a closure or new hours shut keeps no time of before.
  await ensureServiceDays(db, shop, service, dates, now);
  const free = await freeTimesPerDay(db, shop, service.id, query.from, query.to, now, job);
  const days = dates.map((date): CalendarDay => {
    const count = date < today ? 0 : (free.get(date) ?? 0);
    const state =
      date < today ? 'past' : date > lastDate ? 'beyond' : count > 0 || hoursGiveTimes(date) ? 'open' : 'closed';
    return { date, state, free: count };
  });
  let nextAvailable = days.find((day) => day.date >= today && day.date <= lastDate && day.free > 0)?.date ?? null;
  const ahead = daysBetween(today, lastDate).filter((date) => date > query.to);
  for (let index = 0; !nextAvailable && index < ahead.length; index += SCAN_BATCH_DAYS) {
    const batch = ahead.slice(index, index + SCAN_BATCH_DAYS);
    const [start, end] = [batch[0] ?? today, batch.at(-1) ?? today];
    await ensureServiceDays(db, shop, service, batch, now);
    const found = await freeTimesPerDay(db, shop, service.id, start, end, now, job);
    nextAvailable = [...found.keys()].sort()[0] ?? null;
  }
  return { timeZone: shop.settings.timeZone, today, lastBookableDate: lastDate, nextAvailable, days };
}
