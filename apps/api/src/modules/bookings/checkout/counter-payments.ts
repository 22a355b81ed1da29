import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { violates } from '../../../db/errors';
import { bookings, ledgerEntries } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { getBooking } from '../reads/booking-reads';
import { assertTakesJobMoney, assertWithinBalance, jobPaymentKind } from './job-payment';

export type CounterPayment = {
  method: 'cash' | 'card';
  /** Dollars, at most two decimals. */
  amount: number;
  /** The staff member or administrator taking it. */
  recordedBy: string;
  /** The same key never records twice: a retry answers the booking as it stands. */
  idempotencyKey?: string;
};

/**
 * Records money taken at the counter for a booking, under its row lock (two desks taking the balance at once
 * are judged one after the other, on any instance): refused (409) for a cancelled or missed booking, one still
 * waiting for its online payment, one with nothing due, or more than is due. The ledger row is a full payment
 * when it pays the whole price at once, a deposit when it is the first of several, a balance otherwise; once
 * nothing is due the booking is paid. The ledger's own trigger refuses money above the price, whatever this
 * code believed. Answers the booking as it then stands.
 */
export async function recordCounterPayment(db: Database, bookingId: string, payment: CounterPayment): Promise<Booking> {
  const amountCents = Math.round(payment.amount * 100);
  const { idempotencyKey } = payment;
  try {
    await db.transaction(async (tx) => {
      const [booking] = await tx
        .select({ status: bookings.status, priceCents: bookings.priceCents })
        .from(bookings)
        .where(eq(bookings.id, bookingId))
        .for('update');
      if (!booking) throw new AppError(404, BOOKING_MESSAGES.notFound);
      if (idempotencyKey !== undefined) {
        const [recorded] = await tx
          .select({ bookingId: ledgerEntries.bookingId })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.idempotencyKey, idempotencyKey));
        if (recorded && recorded.bookingId !== bookingId) {
          throw new AppError(409, FRONT_DESK_MESSAGES.idempotencyKeyReused);
        }
        if (recorded) return;
      }
      assertTakesJobMoney(booking.status);
      const [paid] = await tx
        .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.bookingId, bookingId), ne(ledgerEntries.kind, 'fee')));
      const paidCents = paid?.cents ?? 0;
      const dueCents = booking.priceCents - paidCents;
      assertWithinBalance(amountCents, dueCents);
      const kind = jobPaymentKind(booking.priceCents, paidCents, amountCents);
      await tx.insert(ledgerEntries).values({
        bookingId,
        kind,
        method: payment.method,
        amountCents,
        recordedBy: payment.recordedBy,
        idempotencyKey: idempotencyKey ?? null,
      });
      if (amountCents === dueCents)
        await tx.update(bookings).set({ payment: 'paid' }).where(eq(bookings.id, bookingId));
    });
  } catch (error) {
    if (violates(error, 'ledger_entries_within_price')) throw new AppError(409, FRONT_DESK_MESSAGES.nothingDue);
    // The same key sent for another booking at the same moment: the other insert won.
    if (violates(error, 'ledger_entries_idempotency_key')) {
      throw new AppError(409, FRONT_DESK_MESSAGES.idempotencyKeyReused);
    }
    throw error;
  }
  const booking = await getBooking(db, bookingId);
  if (!booking) throw new Error('the booking paid at the counter vanished');
  return booking;
}
