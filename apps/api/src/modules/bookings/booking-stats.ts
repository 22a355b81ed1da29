import type { BookingStatus } from '@carcare/contracts/bookings-constants';
import { and, count, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bays, bookings, refunds, services, slots } from '../../db/schema';
import { bayServes } from '../bays/eligible-bays';

/**
 * The business days `[from, to]` of a report and the instants they run over: `start` is the first day's
 * midnight in the shop's time zone, `end` the midnight after the last day.
 */
export type ReportPeriod = { from: string; to: string; start: Date; end: Date };

/** Statuses whose booking took its bay: everything but a cancellation. */
const TAKES_A_BAY: BookingStatus[] = ['pending', 'confirm', 'completed', 'no_show'];

/**
 * Bookings of the slots of `[start, end)` (a booking occupies its bay from its slot's start) with what the
 * reports need of their slot, and the money refunded of them (a refund still pending is not given back yet).
 */
function bookingsBetween(db: Executor, start: Date, end: Date) {
  return db.$with('period_bookings').as(
    db
      .select({
        status: bookings.status,
        paid: sql<boolean>`${bookings.payment} = 'paid'`.as('paid'),
        priceCents: bookings.priceCents,
        occupiedFrom: bookings.occupiedFrom,
        date: slots.date,
        startTime: slots.startTime,
        minutes: sql<number>`extract(epoch from ${slots.endsAt} - ${slots.startsAt}) / 60`.as('minutes'),
        refundedCents: sql<number>`coalesce(${refunds.amountCents}, 0)`.as('refunded_cents'),
      })
      .from(bookings)
      .innerJoin(slots, eq(slots.id, bookings.slotId))
      .leftJoin(refunds, and(eq(refunds.bookingId, bookings.id), eq(refunds.status, 'refunded')))
      .where(and(gte(bookings.occupiedFrom, start), lt(bookings.occupiedFrom, end))),
  );
}

export type PeriodTotals = {
  paidCents: number;
  refundedCents: number;
  byStatus: Record<BookingStatus, number>;
  bookedMinutes: number;
};

const emptyTotals = (): PeriodTotals => ({
  paidCents: 0,
  refundedCents: 0,
  byStatus: { pending: 0, confirm: 0, cancel: 0, completed: 0, no_show: 0 },
  bookedMinutes: 0,
});

/** Money, bookings by status and bay-minutes booked, for the current and the previous period in one scan. */
export async function periodTotals(
  db: Executor,
  previous: ReportPeriod,
  current: ReportPeriod,
): Promise<{ current: PeriodTotals; previous: PeriodTotals }> {
  const period = bookingsBetween(db, previous.start, current.end);
  const isCurrent = sql<boolean>`${period.occupiedFrom} >= ${current.start}`;
  const rows = await db
    .with(period)
    .select({
      isCurrent: isCurrent.mapWith(Boolean),
      status: period.status,
      bookings: count(),
      paidCents: sql`coalesce(sum(${period.priceCents}) filter (where ${period.paid}), 0)`.mapWith(Number),
      refundedCents: sql`coalesce(sum(${period.refundedCents}), 0)`.mapWith(Number),
      bookedMinutes: sql`coalesce(sum(${period.minutes}), 0)`.mapWith(Number),
    })
    .from(period)
    // By position: the period's test carries a parameter, which PostgreSQL would not match to the select's.
    .groupBy(sql`1`, period.status);
  const totals = { current: emptyTotals(), previous: emptyTotals() };
  for (const row of rows) {
    const period = row.isCurrent ? totals.current : totals.previous;
    period.paidCents += row.paidCents;
    period.refundedCents += row.refundedCents;
    period.byStatus[row.status] += row.bookings;
    if (TAKES_A_BAY.includes(row.status)) period.bookedMinutes += Math.round(row.bookedMinutes);
  }
  return totals;
}

/** Money kept and bookings that took a bay, per business day of the period that had any. */
export async function revenueByDay(db: Executor, range: ReportPeriod) {
  const period = bookingsBetween(db, range.start, range.end);
  return db
    .with(period)
    .select({
      date: period.date,
      revenueCents:
        sql`coalesce(sum(${period.priceCents}) filter (where ${period.paid}), 0) - coalesce(sum(${period.refundedCents}), 0)`.mapWith(
          Number,
        ),
      bookings: sql`count(*) filter (where ${period.status} <> 'cancel')`.mapWith(Number),
    })
    .from(period)
    .groupBy(period.date)
    .orderBy(period.date);
}

/** Bookings that took a bay, per service, most booked first. */
export async function bookingsByService(db: Executor, period: ReportPeriod) {
  return db
    .select({ serviceId: services.id, name: services.name, bookings: count() })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(
      and(
        gte(bookings.occupiedFrom, period.start),
        lt(bookings.occupiedFrom, period.end),
        ne(bookings.status, 'cancel'),
      ),
    )
    .groupBy(services.id, services.name)
    .orderBy(desc(count()), services.name);
}

/** Bookings that took a bay by the ISO weekday (1 Monday) and the hour their slot starts, business-local. */
export async function demandByWeekdayAndHour(db: Executor, range: ReportPeriod) {
  const period = bookingsBetween(db, range.start, range.end);
  const weekday = sql`extract(isodow from ${period.date})::int`;
  const hour = sql`substr(${period.startTime}, 1, 2)::int`;
  return db
    .with(period)
    .select({ weekday: weekday.mapWith(Number), hour: hour.mapWith(Number), bookings: count() })
    .from(period)
    .where(inArray(period.status, TAKES_A_BAY))
    .groupBy(weekday, hour)
    .orderBy(weekday, hour);
}

/**
 * Bay-minutes the shop offered in each period: for every bay, the time covered by the open slots of the
 * services it may take today (a slot counts once per bay however many services share its hour). Services
 * that may take the same bays are read together, so the slots are scanned once whatever the bay count.
 */
export async function offeredBayMinutes(
  db: Executor,
  previous: ReportPeriod,
  current: ReportPeriod,
): Promise<{ current: number; previous: number }> {
  const result = await db.execute(sql`
    with classes as (
      select ${services.id} as service_id, array_agg(${bays.id} order by ${bays.id}) as bay_ids
      from ${bays} cross join ${services}
      where ${services.isDeleted} = false and ${bayServes(services.id)}
      group by ${services.id}
    ),
    offered as (
      select distinct c.bay_ids, ${slots.startsAt} as starts_at, ${slots.endsAt} as ends_at,
             ${slots.date} >= ${current.from}::date as is_current
      from ${slots} join classes c on c.service_id = ${slots.serviceId}
      where ${slots.status} = 'available' and ${slots.date} between ${previous.from}::date and ${current.to}::date
    ),
    covered as (
      select is_current, unnest(range_agg(tstzrange(starts_at, ends_at))) as span
      from offered cross join unnest(bay_ids) as bay_id
      group by is_current, bay_id
    )
    select is_current, coalesce(sum(extract(epoch from upper(span) - lower(span)) / 60), 0)::float8 as minutes
    from covered group by is_current`);
  const rows = (result as unknown as { rows: Array<{ is_current: boolean; minutes: number }> }).rows;
  const minutes = (isCurrent: boolean) => Math.round(rows.find((row) => row.is_current === isCurrent)?.minutes ?? 0);
  return { current: minutes(true), previous: minutes(false) };
}
