import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../../db/client';
import { payments, refunds } from '../../../db/schema';
import type { RefundReport, RefundResult } from '../../payments/public';

type RefundRecord = typeof refunds.$inferSelect;

/**
 * The states a refund may leave for each end its provider reports. A failed refund stays failed: its booking
 * may have been refunded again since. One done may still fail (the customer's bank can send it back).
 */
const REPORTED_FROM = {
  refunded: ['pending'],
  failed: ['pending', 'refunded'],
} as const satisfies Record<RefundReport['status'], ReadonlyArray<RefundRecord['status']>>;

/** Our refund ids are UUIDs; any other id in a provider's report is not ours. */
const ourRefundId = z.uuid();

/** The checkout that paid for the booking, if one did. */
export async function paidCheckoutOf(db: Executor, bookingId: string) {
  const [checkout] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'paid')))
    .limit(1);
  return checkout;
}

/** A claim this old that never heard back from the provider belongs to an instance that stopped midway. */
const STALE_CLAIM_MS = 5 * 60_000;

/**
 * Takes on refunding the booking: a pending refund row, of which a booking has at most one pending or done
 * (refunds_live_booking_key). Undefined when another refund of it is under way or done already, so two
 * cancellations at once ask the provider once. A claim left pending with no answer from the provider for
 * STALE_CLAIM_MS (its instance died between asking and recording) is taken over, once, by one conditional
 * update: asking again with the same id as the idempotency key cannot refund twice.
 */
export async function claimRefund(
  db: Executor,
  refund: { bookingId: string; provider: string; amountCents: number },
  now: Date = new Date(),
): Promise<string | undefined> {
  const [claimed] = await db.insert(refunds).values(refund).onConflictDoNothing().returning({ id: refunds.id });
  if (claimed) return claimed.id;
  const [stale] = await db
    .update(refunds)
    .set({ updatedAt: now })
    .where(
      and(
        eq(refunds.bookingId, refund.bookingId),
        eq(refunds.status, 'pending'),
        isNull(refunds.providerRefundId),
        lt(refunds.updatedAt, new Date(now.getTime() - STALE_CLAIM_MS)),
      ),
    )
    .returning({ id: refunds.id });
  return stale?.id;
}

/**
 * Records what the provider did with the refund. A webhook report may have overtaken the provider's answer:
 * only a refund still pending takes it, so an end already reported is never undone.
 */
export async function recordRefund(db: Executor, refundId: string, result: RefundResult): Promise<void> {
  await db
    .update(refunds)
    .set({ status: result.status, providerRefundId: result.refundId })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}

/** The provider refused or could not be reached: the claim is given up, so that the refund can be asked again. */
export async function giveUpRefund(db: Executor, refundId: string): Promise<void> {
  await db.update(refunds).set({ status: 'failed' }).where(eq(refunds.id, refundId));
}

/**
 * Applies the end of a refund that the provider reports. Ours is found by the provider's refund id, or by our
 * own id while the provider's is not yet recorded (the report can overtake its answer to our request). Once
 * however often the report comes: a repeat finds the refund there already. A refund we never asked for
 * matches nothing. Returns our refund if the report changed it.
 */
export async function applyRefundReport(
  db: Executor,
  provider: string,
  report: RefundReport,
): Promise<RefundRecord | undefined> {
  const ourId = ourRefundId.safeParse(report.refundId);
  const byOurId = ourId.success ? and(eq(refunds.id, ourId.data), isNull(refunds.providerRefundId)) : undefined;
  const [changed] = await db
    .update(refunds)
    .set({ status: report.status, providerRefundId: report.providerRefundId })
    .where(
      and(
        eq(refunds.provider, provider),
        or(eq(refunds.providerRefundId, report.providerRefundId), byOurId),
        inArray(refunds.status, [...REPORTED_FROM[report.status]]),
      ),
    )
    .returning();
  return changed;
}
