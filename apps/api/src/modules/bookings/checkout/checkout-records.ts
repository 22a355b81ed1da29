import type { Booking } from '@carcare/contracts/bookings';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { payments } from '../../../db/schema';
import type { PaymentOutcome } from '../../payments/public';
import { getBookingAlongside } from '../reads/booking-reads';

type CheckoutRecord = typeof payments.$inferSelect;

/**
 * Remembers the checkout a provider opened for a booking, open until the provider reports its outcome, and
 * answers the booking as it stands, read in the same statement: once per booking made, one round trip.
 */
export async function recordCheckout(
  db: Executor,
  input: {
    bookingId: string;
    provider: string;
    sessionId: string;
    checkoutUrl: string;
    /** The other origin whose page made the booking, to lead the customer back to after paying; null: our web app. */
    returnOrigin: string | null;
    amountCents: number;
    currency: string;
    /** The checkout also keeps the card it is paid with (the provider was asked to). */
    savesCard?: boolean;
    /** What it takes: the whole price (the default) or a deposit; its ledger row is of this kind once paid. */
    purpose?: 'full' | 'deposit';
  },
): Promise<Booking | undefined> {
  return getBookingAlongside(
    db,
    'record_checkout',
    (handle) =>
      handle.$with('recorded').as(
        handle
          .insert(payments)
          .values({
            bookingId: sql.placeholder('bookingId'),
            provider: sql.placeholder('provider'),
            sessionId: sql.placeholder('sessionId'),
            checkoutUrl: sql.placeholder('checkoutUrl'),
            returnOrigin: sql.placeholder('returnOrigin'),
            amountCents: sql.placeholder('amountCents'),
            currency: sql.placeholder('currency'),
            savesCard: sql.placeholder('savesCard'),
            purpose: sql.placeholder('purpose'),
          })
          .returning({ id: payments.id }),
      ),
    { ...input, savesCard: input.savesCard ?? false, purpose: input.purpose ?? 'full' },
  );
}

export async function findCheckout(
  db: Executor,
  provider: string,
  sessionId: string,
): Promise<CheckoutRecord | undefined> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.sessionId, sessionId)))
    .limit(1);
  return payment;
}

/**
 * Moves an open checkout to its outcome. Only the first report of a session counts: a repeated or late
 * one finds nothing open and changes nothing. A payment also closes a checkout we expired ourselves when
 * its hold ran out: the customer paid before the provider heard of it, and the money must be recorded, to
 * be given back.
 */
export async function closeCheckout(
  db: Executor,
  provider: string,
  sessionId: string,
  outcome: PaymentOutcome,
): Promise<CheckoutRecord | undefined> {
  const closable: CheckoutRecord['status'][] = outcome === 'paid' ? ['open', 'expired'] : ['open'];
  const [payment] = await db
    .update(payments)
    .set({ status: outcome })
    .where(and(eq(payments.provider, provider), eq(payments.sessionId, sessionId), inArray(payments.status, closable)))
    .returning();
  return payment;
}

/** Expires the open checkouts of bookings whose hold ended; returns them, to close at the provider. */
export async function expireOpenCheckouts(db: Executor, bookingIds: string[]): Promise<CheckoutRecord[]> {
  if (bookingIds.length === 0) return [];
  return db
    .update(payments)
    .set({ status: 'expired' })
    .where(and(inArray(payments.bookingId, bookingIds), eq(payments.status, 'open')))
    .returning();
}
