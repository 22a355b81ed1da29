import { and, between, desc, eq, exists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bookingLines, bookings, refunds, slots } from '../../db/schema';
import type { ReportPeriod } from './booking-stats';

/**
 * The period's paid bookings, as the daily figures count them: by the business day of their slot, paid
 * online or at the counter whatever became of them after (a refund is taken off, as the overview's revenue).
 */
const paidInPeriod = (period: ReportPeriod) =>
  and(eq(bookings.payment, 'paid'), between(slots.date, period.from, period.to));

/** The name a group's newest booking gave it: a renamed class or add-on reads as it is called now. */
const newestName = (name: typeof bookings.vehicleClassName | typeof bookingLines.name) =>
  sql<string | null>`(array_agg(${name} order by ${bookings.createdAt} desc, ${bookings.id} desc))[1]`;

/** Paid bookings and what they kept (price less refunds), per class they were priced by, most revenue first. */
export async function revenueByVehicleClass(db: Executor, period: ReportPeriod) {
  const revenueCents = sql`sum(${bookings.priceCents} - coalesce(${refunds.amountCents}, 0))`.mapWith(Number);
  return (
    db
      .select({
        classId: bookings.vehicleClassId,
        name: newestName(bookings.vehicleClassName),
        bookings: sql`count(*)`.mapWith(Number),
        revenueCents,
      })
      .from(bookings)
      .innerJoin(slots, eq(slots.id, bookings.slotId))
      // One live refund at most per booking (refunds_live_booking_key); one still pending is not money given back.
      .leftJoin(refunds, and(eq(refunds.bookingId, bookings.id), eq(refunds.status, 'refunded')))
      .where(paidInPeriod(period))
      .groupBy(bookings.vehicleClassId)
      .orderBy(desc(revenueCents), sql`2`)
  );
}

/** The period's paid bookings, and those of them with at least one add-on. */
export async function addOnAttachment(db: Executor, period: ReportPeriod) {
  const withAddOn = exists(
    db
      .select({ one: sql`1` })
      .from(bookingLines)
      .where(and(eq(bookingLines.bookingId, bookings.id), eq(bookingLines.kind, 'addOn'))),
  );
  const [row] = await db
    .select({
      paid: sql`count(*)`.mapWith(Number),
      withAddOns: sql`count(*) filter (where ${withAddOn})`.mapWith(Number),
    })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(paidInPeriod(period));
  return { paid: row?.paid ?? 0, withAddOns: row?.withAddOns ?? 0 };
}

/** Each add-on on the period's paid bookings: how many took it and what its lines came to, most revenue first. */
export async function revenueByAddOn(db: Executor, period: ReportPeriod) {
  const revenueCents = sql`sum(${bookingLines.priceCents})`.mapWith(Number);
  const rows = await db
    .select({
      addOnId: bookingLines.addOnId,
      name: newestName(bookingLines.name),
      bookings: sql`count(distinct ${bookings.id})`.mapWith(Number),
      revenueCents,
    })
    .from(bookingLines)
    .innerJoin(bookings, eq(bookings.id, bookingLines.bookingId))
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(and(paidInPeriod(period), eq(bookingLines.kind, 'addOn')))
    .groupBy(bookingLines.addOnId)
    .orderBy(desc(revenueCents), sql`2`);
  return rows.flatMap((row) => (row.addOnId === null ? [] : [{ ...row, addOnId: row.addOnId, name: row.name ?? '' }]));
}
