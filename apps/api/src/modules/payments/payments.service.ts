import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payments } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentOutcome = 'paid' | 'failed' | 'expired';

export async function recordCheckout(
  db: Executor,
  input: { bookingId: string; provider: string; sessionId: string; amountCents: number; currency: string },
): Promise<void> {
  await db.insert(payments).values(input);
}

export async function findPaymentBySession(
  db: Executor,
  provider: string,
  sessionId: string,
): Promise<PaymentRow | undefined> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.sessionId, sessionId)))
    .limit(1);
  return payment;
}

/**
 * Moves an open payment to its outcome. Only the first report of a session counts: a repeated or late
 * one finds nothing open and changes nothing.
 */
export async function settlePayment(
  db: Executor,
  provider: string,
  sessionId: string,
  outcome: PaymentOutcome,
): Promise<PaymentRow | undefined> {
  const [payment] = await db
    .update(payments)
    .set({ status: outcome })
    .where(and(eq(payments.provider, provider), eq(payments.sessionId, sessionId), eq(payments.status, 'open')))
    .returning();
  return payment;
}

/** Expires the open payments of bookings whose hold ended; returns their sessions to close at the provider. */
export async function expireOpenPayments(db: Executor, bookingIds: string[]): Promise<PaymentRow[]> {
  if (bookingIds.length === 0) return [];
  return db
    .update(payments)
    .set({ status: 'expired' })
    .where(and(inArray(payments.bookingId, bookingIds), eq(payments.status, 'open')))
    .returning();
}
