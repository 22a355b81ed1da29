import type { AffectedBooking } from '@carcare/contracts/shop-settings';
import { and, asc, between, count, eq, gt, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { bookings, payments, services, slots, users } from '../../../db/schema';
import { LIVE_STATUSES } from '../reserve/bay-occupancy';

/**
 * The live bookings (pending or confirmed) whose slot falls on a day from `fromDate` to `toDate` (YYYY-MM-DD,
 * both included, in the shop's time zone), in time order: what a closure over those days would lie over.
 */
export async function liveBookingsBetweenDays(
  db: Executor,
  fromDate: string,
  toDate: string,
): Promise<AffectedBooking[]> {
  const rows = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      date: slots.date,
      startTime: slots.startTime,
      endTime: slots.endTime,
      serviceId: services.id,
      serviceName: services.name,
      customerId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
    })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(users, eq(users.id, bookings.customerId))
    .where(and(inArray(bookings.status, [...LIVE_STATUSES]), between(slots.date, fromDate, toDate)))
    .orderBy(asc(slots.date), asc(slots.startTime), asc(bookings.position));
  return rows.map((row) => ({
    _id: row.id,
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
    status: row.status,
    service: { _id: row.serviceId, name: row.serviceName },
    customer: {
      _id: row.customerId,
      name: `${row.firstName} ${row.lastName}`,
      email: row.email ?? '',
      phone: row.phone,
    },
  }));
}

/** How many live bookings start after `now`: the times a change of the shop's time zone would move. */
export async function countLiveBookingsAhead(db: Executor, now: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(bookings)
    .where(and(inArray(bookings.status, [...LIVE_STATUSES]), gt(bookings.occupiedFrom, now)));
  return row?.value ?? 0;
}

/**
 * Whether money has changed hands in the shop's currency, or may be about to: a checkout was ever opened, a
 * booking was paid, or a booking waits for its payment (its checkout opens in the currency it was made in).
 */
export async function anyPaymentInCurrency(db: Executor): Promise<boolean> {
  const [checkout] = await db.select({ id: payments.id }).from(payments).limit(1);
  if (checkout) return true;
  const [booking] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(or(eq(bookings.payment, 'paid'), eq(bookings.status, 'pending')))
    .limit(1);
  return booking !== undefined;
}
