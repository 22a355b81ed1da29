import type { Booking, CancelBookingInput, RefundOutcome } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { bookings, type UserRow } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { isShop } from '../../../plugins/auth';
import type { PaymentProvider } from '../../payments/public';
import { endHolds } from '../checkout/holds';
import { claimRefund, giveUpRefund, paidCheckoutOf, recordRefund } from '../checkout/refund-records';
import { getBooking, getBookingFor } from '../reads/booking-reads';
import { assertBeforeCutoff, assertConfirmed, type ChangePolicy } from './booking-rules';

type CancelContext = { provider: PaymentProvider; policy: ChangePolicy; log: FastifyBaseLogger; now?: Date };

type Cancellation = { booking: Booking; refund: RefundOutcome };

const NO_REFUND: RefundOutcome = { amount: 0, status: 'none' };

/** Cancels a confirmed booking that needs no refund, if it is still confirmed. */
async function cancelConfirmed(db: Database, id: string, reason: string | null): Promise<void> {
  const [cancelled] = await db
    .update(bookings)
    .set({ status: 'cancel', cancelReason: reason })
    .where(and(eq(bookings.id, id), eq(bookings.status, 'confirm')))
    .returning({ id: bookings.id });
  if (!cancelled) throw new AppError(409, BOOKING_MESSAGES.cancelInProgress);
}

/**
 * Refunds the booking's payment through the provider, then cancels it. The refund is claimed first (one per
 * booking, so two cancellations at once ask the provider once), and the booking stays confirmed until the
 * provider has said yes: a refusal gives the claim up and answers 502, with nothing changed.
 */
async function refundAndCancel(
  db: Database,
  id: string,
  reason: string | null,
  context: CancelContext,
): Promise<RefundOutcome> {
  const checkout = await paidCheckoutOf(db, id);
  if (!checkout) throw new Error(`booking ${id} is paid but has no paid checkout`);
  const refundId = await claimRefund(db, {
    bookingId: id,
    provider: checkout.provider,
    amountCents: checkout.amountCents,
  });
  if (!refundId) throw new AppError(409, BOOKING_MESSAGES.cancelInProgress);
  let result: Awaited<ReturnType<PaymentProvider['refund']>>;
  try {
    if (checkout.provider !== context.provider.name) {
      throw new Error(`the booking was paid through ${checkout.provider}, not ${context.provider.name}`);
    }
    result = await context.provider.refund({
      sessionId: checkout.sessionId,
      amountCents: checkout.amountCents,
      idempotencyKey: refundId,
    });
  } catch (error) {
    context.log.error({ err: error, bookingId: id, refundId }, 'the payment provider did not refund a booking');
    await giveUpRefund(db, refundId);
    throw new AppError(502, BOOKING_MESSAGES.refundFailed);
  }
  await db.transaction(async (tx) => {
    await recordRefund(tx, refundId, result);
    await tx
      .update(bookings)
      .set({ status: 'cancel', cancelReason: reason })
      .where(and(eq(bookings.id, id), eq(bookings.status, 'confirm')));
  });
  return { amount: checkout.amountCents / 100, status: result.status };
}

/**
 * Cancels a booking and frees its slot and bay. A customer cancels their own confirmed booking up to the
 * cut-off, refunded in full; the shop (staff or the administrator) cancels any booking, refunded unless
 * `refund: false`, and may end an unpaid one (its checkout is closed). Another customer's booking is not
 * found. The reason given, chosen or written, is kept with the booking whoever cancels it.
 */
export async function cancelBooking(
  db: Database,
  id: string,
  caller: UserRow,
  input: CancelBookingInput,
  context: CancelContext,
): Promise<Cancellation> {
  const now = context.now ?? new Date();
  const reason = input.reason ? input.reason : null;
  const booking = await getBookingFor(db, id, caller);
  const shop = isShop(caller);
  if (shop && booking.status === 'pending') {
    await endHolds(db, context.provider, context.log, async () => [id], reason);
    return { booking: await getCancelled(db, id), refund: NO_REFUND };
  }
  assertConfirmed(booking);
  if (!shop) assertBeforeCutoff(booking, context.policy, now);
  const refundDue = booking.payment === 'paid' && (!shop || input.refund !== false);
  let refund = NO_REFUND;
  if (refundDue) refund = await refundAndCancel(db, id, reason, context);
  else await cancelConfirmed(db, id, reason);
  const cancelled = await getCancelled(db, id);
  // The provider's webhook may have confirmed a pending refund already: say what the booking now shows.
  return { booking: cancelled, refund: cancelled.refund ?? refund };
}

async function getCancelled(db: Database, id: string): Promise<Booking> {
  const booking = await getBooking(db, id);
  if (!booking) throw new Error(`booking ${id} vanished while being cancelled`);
  return booking;
}
