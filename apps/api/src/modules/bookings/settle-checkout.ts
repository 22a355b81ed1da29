import type { Booking } from '@carcare/contracts/bookings';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema';
import type { PaymentOutcome } from '../payments/payment-provider';
import { getBooking } from './booking-reads';
import { closeCheckout } from './checkout-records';
import { endPendingBookings } from './holds';

/**
 * Applies what the payment provider reported for a checkout session: paid confirms the booking, anything
 * else cancels it and frees its slot. Idempotent: a repeated report, or one about a session already
 * settled, changes nothing. Returns the booking as it now stands.
 */
export async function settleCheckout(
  db: Database,
  provider: string,
  sessionId: string,
  outcome: PaymentOutcome,
  log: FastifyBaseLogger,
): Promise<Booking | undefined> {
  const bookingId = await db.transaction(async (tx) => {
    const checkout = await closeCheckout(tx, provider, sessionId, outcome);
    if (!checkout) return undefined;
    if (outcome === 'paid') {
      const [confirmed] = await tx
        .update(bookings)
        .set({ status: 'confirm', payment: 'paid' })
        .where(and(eq(bookings.id, checkout.bookingId), eq(bookings.status, 'pending')))
        .returning({ id: bookings.id });
      if (!confirmed) {
        log.warn(
          { bookingId: checkout.bookingId, sessionId },
          'payment arrived for a booking no longer pending: refund it',
        );
      }
    } else {
      await endPendingBookings(tx, [checkout.bookingId], outcome === 'failed' ? 'failed' : 'unpaid');
    }
    return checkout.bookingId;
  });
  return bookingId ? getBooking(db, bookingId) : undefined;
}
