import { PAYMENT_METHODS, type PaymentMethod } from '@carcare/contracts/front-desk-constants';
import { and, between, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bookingFees, bookings, ledgerEntries, slots } from '../../db/schema';
import type { ReportPeriod } from './booking-stats';

export type PeriodMoney = {
  collectedCents: number;
  byMethodCents: Record<PaymentMethod, number>;
  refundedCents: number;
  depositsHeldCents: number;
  balancesOutstandingCents: number;
  feesChargedCents: number;
  feesWaivedCents: number;
};

/**
 * The ledger's movements of the period (rows written from its first instant to its end), net by method and
 * kind: one row per method and kind that moved money. Refund rows are negative (positive when a refund given
 * back failed), so the sum of every row is what the shop kept.
 */
async function ledgerMovements(db: Executor, period: ReportPeriod) {
  return db
    .select({
      method: ledgerEntries.method,
      kind: ledgerEntries.kind,
      cents: sql`sum(${ledgerEntries.amountCents})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(and(gte(ledgerEntries.createdAt, period.start), lt(ledgerEntries.createdAt, period.end)))
    .groupBy(ledgerEntries.method, ledgerEntries.kind);
}

/**
 * What the bookings of the period's slots still owe and hold: per booking, its price less what was paid for
 * the job (every row but fees), as GET /api/bookings/{id} works out its balance; summed over confirmed and
 * completed bookings for the balances, and the deposits of bookings still ahead with a balance due.
 */
async function owedMoney(db: Executor, period: ReportPeriod) {
  const paidForJob = sql`coalesce((select sum(${ledgerEntries.amountCents}) from ${ledgerEntries}
    where ${ledgerEntries.bookingId} = ${bookings.id} and ${ledgerEntries.kind} <> 'fee'), 0)`;
  const deposits = sql`coalesce((select sum(${ledgerEntries.amountCents}) from ${ledgerEntries}
    where ${ledgerEntries.bookingId} = ${bookings.id} and ${ledgerEntries.kind} = 'deposit'), 0)`;
  const due = sql`greatest(0, ${bookings.priceCents} - ${paidForJob})`;
  const [row] = await db
    .select({
      balancesCents:
        sql`coalesce(sum(${due}) filter (where ${bookings.status} in ('confirm', 'completed')), 0)`.mapWith(Number),
      depositsCents: sql`coalesce(sum(${deposits}) filter (where ${bookings.status} in ('pending', 'confirm')
        and ${due} > 0), 0)`.mapWith(Number),
    })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(
      and(between(slots.date, period.from, period.to), inArray(bookings.status, ['pending', 'confirm', 'completed'])),
    );
  return { balancesCents: row?.balancesCents ?? 0, depositsCents: row?.depositsCents ?? 0 };
}

/** The fees staff waived in the period (charged or not), by when they were waived. */
async function waivedFees(db: Executor, period: ReportPeriod) {
  const [row] = await db
    .select({ cents: sql`coalesce(sum(${bookingFees.amountCents}), 0)`.mapWith(Number) })
    .from(bookingFees)
    .where(
      and(
        eq(bookingFees.status, 'waived'),
        gte(bookingFees.waivedAt, period.start),
        lt(bookingFees.waivedAt, period.end),
      ),
    );
  return row?.cents ?? 0;
}

/** The period's money from the payment ledger (see the overview's `money`), in cents. */
export async function periodMoney(db: Executor, period: ReportPeriod): Promise<PeriodMoney> {
  const [movements, owed, waived] = await Promise.all([
    ledgerMovements(db, period),
    owedMoney(db, period),
    waivedFees(db, period),
  ]);
  const byMethodCents = Object.fromEntries(PAYMENT_METHODS.map((method) => [method, 0])) as Record<
    PaymentMethod,
    number
  >;
  let refundedCents = 0;
  let feesChargedCents = 0;
  for (const row of movements) {
    byMethodCents[row.method] += row.cents;
    if (row.kind === 'refund') refundedCents -= row.cents;
    if (row.kind === 'fee') feesChargedCents += row.cents;
  }
  return {
    collectedCents: Object.values(byMethodCents).reduce((sum, cents) => sum + cents, 0),
    byMethodCents,
    refundedCents,
    depositsHeldCents: owed.depositsCents,
    balancesOutstandingCents: owed.balancesCents,
    feesChargedCents,
    feesWaivedCents: waived,
  };
}
