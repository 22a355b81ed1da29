import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { bookings } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { getBooking } from '../reads/booking-reads';
import { assertConfirmed } from './booking-rules';

/**
 * The shop's word that a confirmed booking's car is ready to collect, once its time has started: recorded
 * once (the customer is told once), by whichever of two staff marks it first; the second is refused.
 */
export async function markReady(db: Database, id: string, now: Date = new Date()): Promise<Booking> {
  const [marked] = await db
    .update(bookings)
    .set({ readyAt: now })
    .where(
      and(
        eq(bookings.id, id),
        eq(bookings.status, 'confirm'),
        lte(bookings.occupiedFrom, now),
        isNull(bookings.readyAt),
      ),
    )
    .returning({ id: bookings.id });
  const booking = await getBooking(db, id);
  if (!booking) throw new AppError(404, BOOKING_MESSAGES.notFound);
  if (marked) return booking;
  if (booking.readyAt !== null) throw new AppError(409, BOOKING_MESSAGES.alreadyReady);
  assertConfirmed(booking);
  throw new AppError(409, BOOKING_MESSAGES.readyNotStarted);
}
