import type { Booking, CancelBookingInput, RefundOutcome } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { toCents } from '@carcare/contracts/payment-policy-constants';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { bookings, ledgerEntries, type UserRow } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { isShop } from '../../../plugins/auth';
import type { PaymentProvider } from '../../payments/public';
import { endHolds } from '../checkout/holds';
import { claimRefund, giveUpRefund, paidCheckoutOf, recordRefund } from '../checkout/refund-records';
import { getBooking, getBookingFor } from '../reads/booking-reads';
import { chargeFee } from './booking-fees';
import { assertBeforeCutoff, assertConfirmed, type ChangePolicy } from './booking-rules';

type CancelContext = {
  provider: PaymentProvider;
  policy: ChangePolicy;
  log: FastifyBaseLogger;
  /** Where a fee's approval link leads, and the shop's money: a late cancellation may charge a fee. */
  charging: { publicUrl: string; currency: string };
  now?: Date;
};

const pastCutoff = (booking: Booking, policy: ChangePolicy, now: Date) =>
  now.getTime() > Date.parse(booking.slot.startsAt) - policy.cancellationCutoffHours * 3_600_000;

/**
 * Gives back what the booking was paid at the counter (cash or card there), when the shop cancels it with a
 * refund: the shop hands it back, and the ledger says so (under the booking's lock, never more than was paid).
 */
async function refundAtTheCounter(db: Database, id: string, reason: string | null, staffId: string) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ method: ledgerEntries.method, cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bookingId, id), inArray(ledgerEntries.method, ['cash', 'card'])));
    const paidCents = rows.reduce((sum, row) => sum + row.cents, 0);
    const [cancelled] = await tx
      .update(bookings)
      .set({ status: 'cancel', cancelReason: reason })
      .where(and(eq(bookings.id, id), eq(bookings.status, 'confirm')))
      .returning({ id: bookings.id });
    if (!cancelled) throw new AppError(409, BOOKING_MESSAGES.cancelInProgress);
    if (paidCents <= 0) return NO_REFUND;
    await tx.insert(ledgerEntries).values({
      bookingId: id,
      kind: 'refund',
      method: rows.some((row) => row.method === 'cash') ? 'cash' : 'card',
      amountCents: -paidCents,
      recordedBy: staffId,
    });
    return { amount: paidCents / 100, status: 'refunded' as const };
  });
}

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
  keepCents = 0,
): Promise<RefundOutcome> {
  const checkout = await paidCheckoutOf(db, id);
  if (!checkout) throw new Error(`booking ${id} is paid but has no paid checkout`);
  const amountCents = checkout.amountCents - keepCents;
  // The terms keep all of it (the deposit was all that was paid): nothing to give back.
  if (amountCents <= 0) {
    await cancelConfirmed(db, id, reason);
    return NO_REFUND;
  }
  const refundId = await claimRefund(db, { bookingId: id, provider: checkout.provider, amountCents });
  if (!refundId) throw new AppError(409, BOOKING_MESSAGES.cancelInProgress);
  let result: Awaited<ReturnType<PaymentProvider['refund']>>;
  try {
    if (checkout.provider !== context.provider.name) {
      throw new Error(`the booking was paid through ${checkout.provider}, not ${context.provider.name}`);
    }
    result = await context.provider.refund({ sessionId: checkout.sessionId, amountCents, idempotencyKey: refundId });
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
  return { amount: amountCents / 100, status: result.status };
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
  // After the cut-off a customer cancels only when the terms they accepted allow it, at a cost.
  const late = !shop && pastCutoff(booking, context.policy, now) ? booking.lateCancellation : null;
  if (!shop && !late) assertBeforeCutoff(booking, context.policy, now);
  const paidOnline = (await paidCheckoutOf(db, id)) !== undefined;
  const refundDue = booking.amountPaid > 0 && (!shop || input.refund !== false);
  let refund = NO_REFUND;
  if (refundDue && paidOnline) {
    refund = await refundAndCancel(db, id, reason, context, late?.kind === 'keepDeposit' ? toCents(late.amount) : 0);
  } else if (refundDue && shop) {
    refund = await refundAtTheCounter(db, id, reason, caller.id);
  } else {
    await cancelConfirmed(db, id, reason);
  }
  if (late?.kind === 'fee') {
    await chargeFee(
      db,
      booking,
      { kind: 'late_cancel', amountCents: toCents(late.amount), recordedBy: undefined },
      { provider: context.provider, ...context.charging },
    );
  }
  const cancelled = await getCancelled(db, id);
  // The provider's webhook may have confirmed a pending refund already: say what the booking now shows.
  return { booking: cancelled, refund: cancelled.refund ?? refund };
}

async function getCancelled(db: Database, id: string): Promise<Booking> {
  const booking = await getBooking(db, id);
  if (!booking) throw new Error(`booking ${id} vanished while being cancelled`);
  return booking;
}
