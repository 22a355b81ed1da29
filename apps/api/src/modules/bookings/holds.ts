import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { bookings } from '../../db/schema';
import type { PaymentProvider } from '../payments/payment-provider';
import { releaseSlots } from '../slots/slots.service';
import { expireOpenCheckouts } from './checkout-records';

/** Cancels pending bookings and frees their slots; settled bookings are left as they are. */
export async function endPendingBookings(db: Executor, bookingIds: string[], payment: 'unpaid' | 'failed') {
  if (bookingIds.length === 0) return [];
  const ended = await db
    .update(bookings)
    .set({ status: 'cancel', payment })
    .where(and(inArray(bookings.id, bookingIds), eq(bookings.status, 'pending')))
    .returning({ id: bookings.id, slotId: bookings.slotId });
  await releaseSlots(
    db,
    ended.map((booking) => booking.slotId),
  );
  return ended;
}

/** Whether the slot is blocked only by a pending booking whose hold has run out. */
export async function heldByExpiredHold(db: Executor, slotId: string, now: Date): Promise<boolean> {
  const statement = prepared(db, 'find_expired_hold_on_slot', (handle) =>
    handle
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.slotId, sql.placeholder('slotId')),
          eq(bookings.status, 'pending'),
          lte(bookings.holdExpiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare('find_expired_hold_on_slot'),
  );
  const [stale] = await statement.execute({ slotId, now });
  return stale !== undefined;
}

/**
 * The expiry sweeper: cancels pending bookings whose hold has passed, frees their slots, expires their
 * checkouts and asks the provider to close them. Returns how many bookings it cancelled.
 */
export async function expireStaleHolds(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<number> {
  const expired = await db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.status, 'pending'), lte(bookings.holdExpiresAt, now)))
      .for('update', { skipLocked: true });
    const ended = await endPendingBookings(
      tx,
      stale.map((booking) => booking.id),
      'unpaid',
    );
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
