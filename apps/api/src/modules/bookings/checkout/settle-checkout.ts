import type { Booking } from '@carcare/contracts/bookings';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { bookingFees, bookings } from '../../../db/schema';
import type { PaymentOutcome, PaymentProvider } from '../../payments/public';
import { getBooking } from '../reads/booking-reads';
import { closeCheckout, findCheckout } from './checkout-records';
import { endPendingBookings } from './holds';
import { claimRefund, giveUpRefund, recordRefund } from './refund-records';

/** A checkout of a balance or a fee: a charge of the card on file that the customer was asked to authenticate. */
const isChargeOfTheCard = (purpose: string) => purpose === 'balance' || purpose === 'fee';

/** A payment that came for a booking no longer waiting for it: what was refunded, if anything was. */
export type LatePayment = { bookingId: string; amountCents: number; status: 'pending' | 'refunded' };

/**
 * Gives back a payment that arrived for a booking no longer waiting for it: its hold ran out (and its slot
 * may have gone to someone else) while the customer was still on the checkout page. Once per booking
 * however often the provider reports the payment (the refund is claimed first); a provider refusal throws,
 * so that the provider reports again and the refund is asked again. Undefined when nothing was owed.
 */
async function refundLatePayment(
  db: Database,
  provider: PaymentProvider,
  sessionId: string,
  log: FastifyBaseLogger,
): Promise<LatePayment | undefined> {
  const checkout = await findCheckout(db, provider.name, sessionId);
  if (checkout?.status !== 'paid') return undefined;
  // A balance or a fee the customer authenticated is owed whatever became of the booking.
  if (isChargeOfTheCard(checkout.purpose)) return undefined;
  const [booking] = await db
    .select({ payment: bookings.payment })
    .from(bookings)
    .where(eq(bookings.id, checkout.bookingId));
  if (!booking || booking.payment === 'paid') return undefined;
  const refundId = await claimRefund(db, {
    bookingId: checkout.bookingId,
    provider: provider.name,
    amountCents: checkout.amountCents,
  });
  if (!refundId) return undefined;
  try {
    const result = await provider.refund({ sessionId, amountCents: checkout.amountCents, idempotencyKey: refundId });
    await recordRefund(db, refundId, result);
    log.warn({ bookingId: checkout.bookingId, sessionId }, 'refunded a payment that came after its booking ended');
    return { bookingId: checkout.bookingId, amountCents: checkout.amountCents, status: result.status };
  } catch (error) {
    await giveUpRefund(db, refundId);
    throw error;
  }
}

/**
 * What one report of the provider did: the booking as it now stands, whether this report confirmed it (a
 * repeated report does not), and the late payment it refunded, if any.
 */
export type Settlement = { booking: Booking | undefined; confirmed: boolean; latePayment: LatePayment | undefined };

/**
 * Applies what the payment provider reported for a checkout session: paid confirms the booking, anything
 * else cancels it and frees its slot and bay. Idempotent: a repeated report, or one about a session already
 * settled, changes nothing. A payment for a booking that ended meanwhile is refunded (once).
 */
export async function settleCheckout(
  db: Database,
  provider: PaymentProvider,
  sessionId: string,
  outcome: PaymentOutcome,
  log: FastifyBaseLogger,
): Promise<Settlement> {
  const settled = await db.transaction(async (tx) => {
    const checkout = await closeCheckout(tx, provider.name, sessionId, outcome);
    if (!checkout) return undefined;
    // A balance or a fee the customer authenticated is money apart from the booking's own: the ledger has it
    // (payments_ledger), and the booking stays as it was whether it was paid or not.
    if (isChargeOfTheCard(checkout.purpose)) {
      // A fee the customer approved and paid themselves is taken: no longer owed, and a waiver refunds it.
      if (outcome === 'paid' && checkout.purpose === 'fee') {
        await tx
          .update(bookingFees)
          .set({ status: 'charged' })
          .where(and(eq(bookingFees.bookingId, checkout.bookingId), eq(bookingFees.status, 'awaiting_customer')));
      }
      return { bookingId: checkout.bookingId, confirmed: false };
    }
    if (outcome === 'paid') {
      const confirmed = await tx
        .update(bookings)
        .set({ status: 'confirm', payment: 'paid' })
        .where(and(eq(bookings.id, checkout.bookingId), eq(bookings.status, 'pending')))
        .returning({ id: bookings.id });
      return { bookingId: checkout.bookingId, confirmed: confirmed.length > 0 };
    }
    await endPendingBookings(tx, [checkout.bookingId], outcome === 'failed' ? 'failed' : 'unpaid');
    return { bookingId: checkout.bookingId, confirmed: false };
  });
  const latePayment = outcome === 'paid' ? await refundLatePayment(db, provider, sessionId, log) : undefined;
  const settledId = settled?.bookingId ?? latePayment?.bookingId;
  return {
    booking: settledId ? await getBooking(db, settledId) : undefined,
    confirmed: settled?.confirmed ?? false,
    latePayment,
  };
}
