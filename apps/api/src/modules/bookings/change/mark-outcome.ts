import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { bookings } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { getBooking } from '../reads/booking-reads';
import { assertConfirmed } from './booking-rules';

/**
 * The administrator's record of how a confirmed booking went, once its slot has started: the car was
 * done (`completed`) or never came (`no_show`). Either ends the booking and frees the rest of its bay's time.
 */
export async function markOutcome(
  db: Database,
  id: string,
  outcome: 'completed' | 'no_show',
  now: Date = new Date(),
): Promise<Booking> {
  const booking = await getBooking(db, id);
  if (!booking) throw new AppError(404, BOOKING_MESSAGES.notFound);
  assertConfirmed(booking);
  if (now.getTime() < Date.parse(booking.slot.startsAt)) throw new AppError(409, BOOKING_MESSAGES.notStarted);
  const [marked] = await db
    .update(bookings)
    .set({ status: outcome })
    .where(and(eq(bookings.id, id), eq(bookings.status, 'confirm')))
    .returning({ id: bookings.id });
  const current = await getBooking(db, id);
  if (!current) throw new Error(`booking ${id} vanished while being marked`);
  // Changed meanwhile (cancelled, or marked by another administrator): say what it is now.
  if (!marked) assertConfirmed(current);
  return current;
}
