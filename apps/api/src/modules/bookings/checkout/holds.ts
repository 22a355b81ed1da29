import { HOLD_CANCEL_REASONS } from '@carcare/contracts/front-desk-constants';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../../db/client';
import { bookings } from '../../../db/schema';
import type { PaymentProvider } from '../../payments/public';
import { expireOpenCheckouts } from './checkout-records';

/**
 * Cancels pending bookings, which frees their slots and bays; settled bookings are left as they are. The
 * reason kept with them is by default what happened to the payment.
 */
export async function endPendingBookings(
  db: Executor,
  bookingIds: string[],
  payment: 'unpaid' | 'failed',
  reason: string | null = payment === 'failed'
    ? HOLD_CANCEL_REASONS.paymentFailed
    : HOLD_CANCEL_REASONS.paymentNotCompleted,
) {
  if (bookingIds.length === 0) return [];
  return db
    .update(bookings)
    .set({ status: 'cancel', payment, cancelReason: reason })
    .where(and(inArray(bookings.id, bookingIds), eq(bookings.status, 'pending')))
    .returning({ id: bookings.id, slotId: bookings.slotId });
}

/**
 * Ends the pending bookings `pick` chooses inside the transaction, frees their slots and bays, expires
 * their open checkouts, then asks the provider to close those (best effort: the sandbox page and our
 * records already refuse them). `reason` is kept with them (by default, that the payment was not
 * completed). Returns how many bookings it ended.
 */
export async function endHolds(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  pick: (tx: Executor) => Promise<string[]>,
  reason: string | null = HOLD_CANCEL_REASONS.paymentNotCompleted,
): Promise<number> {
  const expired = await db.transaction(async (tx) => {
    const ended = await endPendingBookings(tx, await pick(tx), 'unpaid', reason);
    const closed = await expireOpenCheckouts(
      tx,
      ended.map((booking) => booking.id),
    );
    return { count: ended.length, sessions: closed.filter((checkout) => checkout.provider === provider.name) };
  });
  for (const checkout of expired.sessions) {
    await provider.expireCheckout(checkout.sessionId).catch((error: unknown) => {
      log.warn({ err: error, sessionId: checkout.sessionId }, 'could not expire a checkout at the provider');
    });
  }
  return expired.count;
}

/**
 * The expiry sweeper: cancels pending bookings whose hold has passed, frees their slots and bays, expires their
 * checkouts and asks the provider to close them. Returns how many bookings it cancelled.
 */
export async function expireStaleHolds(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<number> {
  return endHolds(db, provider, log, async (tx) => {
    const stale = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.status, 'pending'), lte(bookings.holdExpiresAt, now)))
      .for('update', { skipLocked: true });
    return stale.map((booking) => booking.id);
  });
}
