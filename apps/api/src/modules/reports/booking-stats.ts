import type { BookingStatus } from '@carcare/contracts/bookings-constants';
import { and, between, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database, Executor } from '../../db/client';
import {
  bays,
  bookingLines,
  bookings,
  refunds,
  reportChanges,
  reportDayHours,
  reportDayOffers,
  reportDays,
  services,
  slots,
} from '../../db/schema';
import { bayServes } from '../bays/public';

/**
 * The business days `[from, to]` of a report and the instants they run over: `start` is the first day's
 * midnight in the shop's time zone, `end` the midnight after the last day.
 */
export type ReportPeriod = { from: string; to: string; start: Date; end: Date };

/**
 * Recomputes the daily figures of every business day logged as changed since the last time (decision 021):
 * a day's bookings by service and status, its bookings by hour, and the bay-minutes its slots offered. One
 * instance at a time; the changes it reads are removed in the same transaction, and a change committed
 * meanwhile stays logged for the next refresh.
 */
export async function refreshReportDays(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUntilCommit(tx, 'reportDays', 'all');
    const taken = await tx.delete(reportChanges).returning({ day: reportChanges.day });
    if (taken.length === 0) return;
    const days = [...new Set(taken.flatMap((change) => (change.day === null ? [] : [change.day])))];
    const everyDay = taken.some((change) => change.day === null);
    if (days.length > 0) await recomputeBookingDays(tx, days);
    if (everyDay || days.length > 0) await recomputeOfferedDays(tx, everyDay ? undefined : days);
  });
}

async function recomputeBookingDays(tx: Executor, days: string[]) {
  await tx.delete(reportDays).where(inArray(reportDays.day, days));
  await tx.delete(reportDayHours).where(inArray(reportDayHours.day, days));
  // A refund still pending is not money given back yet.
  await tx.execute(sql`
    insert into ${reportDays} (day, service_id, status, bookings, paid_cents, refunded_cents, slot_minutes)
    select ${slots.date}, ${bookings.serviceId}, ${bookings.status}, count(*),
           coalesce(sum(${bookings.priceCents}) filter (where ${bookings.payment} = 'paid'), 0),
           coalesce(sum(${refunds.amountCents}), 0),
           -- The job's minutes, as its lines say (a bigger class and add-ons take longer than the slot).
           coalesce(sum((select sum(${bookingLines.minutes}) from ${bookingLines}
             where ${bookingLines.bookingId} = ${bookings.id})), 0)
    from ${slots}
    join ${bookings} on ${bookings.slotId} = ${slots.id}
    left join ${refunds} on ${refunds.bookingId} = ${bookings.id} and ${refunds.status} = 'refunded'
    where ${inArray(slots.date, days)}
    group by ${slots.date}, ${bookings.serviceId}, ${bookings.status}`);
  await tx.execute(sql`
    insert into ${reportDayHours} (day, hour, bookings)
    select ${slots.date}, substr(${slots.startTime}, 1, 2)::int, count(*)
    from ${slots} join ${bookings} on ${bookings.slotId} = ${slots.id}
    where ${inArray(slots.date, days)} and ${bookings.status} <> 'cancel'
    group by 1, 2`);
}

/**
 * Bay-minutes each day offered: for every bay, the time covered by the open slots of the live services
 * it may take today, a slot counted once per bay however many services share its hour. Services that may
 * take the same bays are read together, so a day's slots are scanned once whatever the number of bays.
 * `days` undefined: every day that has slots.
 */
async function recomputeOfferedDays(tx: Executor, days: string[] | undefined) {
  await tx.delete(reportDayOffers).where(days ? inArray(reportDayOffers.day, days) : undefined);
  const slotDays = days ? sql`and ${inArray(slots.date, days)}` : sql``;
  await tx.execute(sql`
    with classes as (
      select ${services.id} as service_id, array_agg(${bays.id} order by ${bays.id}) as bay_ids
      from ${bays} cross join ${services}
      where ${services.isDeleted} = false and ${bayServes(services.id)}
      group by ${services.id}
    ),
    offered as (
      select distinct ${slots.date} as day, c.bay_ids, ${slots.startsAt} as starts_at, ${slots.endsAt} as ends_at
      from ${slots} join classes c on c.service_id = ${slots.serviceId}
      where ${slots.status} = 'available' and not ${slots.withdrawn} ${slotDays}
    ),
    covered as (
      select day, unnest(range_agg(tstzrange(starts_at, ends_at))) as span
      from offered cross join unnest(bay_ids) as bay_id
      group by day, bay_id
    )
    insert into ${reportDayOffers} (day, offered_minutes)
    select day, round(sum(extract(epoch from upper(span) - lower(span)) / 60))
    from covered group by day`);
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

const inDays = (from: string, to: string) => between(reportDays.day, from, to);

/** Money, bookings by status and bay-minutes booked (all but cancelled), for both periods in one read. */
export async function periodTotals(
  db: Executor,
  previous: ReportPeriod,
  current: ReportPeriod,
): Promise<{ current: PeriodTotals; previous: PeriodTotals }> {
  const rows = await db
    .select({
      isCurrent: sql`${reportDays.day} >= ${current.from}::date`.mapWith(Boolean),
      status: reportDays.status,
      bookings: sql`sum(${reportDays.bookings})`.mapWith(Number),
      paidCents: sql`sum(${reportDays.paidCents})`.mapWith(Number),
      refundedCents: sql`sum(${reportDays.refundedCents})`.mapWith(Number),
      slotMinutes: sql`sum(${reportDays.slotMinutes})`.mapWith(Number),
    })
    .from(reportDays)
    .where(inDays(previous.from, current.to))
    // By position: the period's test carries a parameter, which PostgreSQL would not match to the select's.
    .groupBy(sql`1`, reportDays.status);
  const totals = { current: emptyTotals(), previous: emptyTotals() };
  for (const row of rows) {
    const period = row.isCurrent ? totals.current : totals.previous;
    period.paidCents += row.paidCents;
    period.refundedCents += row.refundedCents;
    period.byStatus[row.status] += row.bookings;
    if (row.status !== 'cancel') period.bookedMinutes += row.slotMinutes;
  }
  return totals;
}

/** Money kept (paid less refunded) and bookings that took a bay, per business day of the period that had any. */
export async function revenueByDay(db: Executor, period: ReportPeriod) {
  return db
    .select({
      date: reportDays.day,
      revenueCents: sql`sum(${reportDays.paidCents} - ${reportDays.refundedCents})`.mapWith(Number),
      bookings: sql`coalesce(sum(${reportDays.bookings}) filter (where ${reportDays.status} <> 'cancel'), 0)`.mapWith(
        Number,
      ),
    })
    .from(reportDays)
    .where(inDays(period.from, period.to))
    .groupBy(reportDays.day)
    .orderBy(reportDays.day);
}

/** Bookings that took a bay, per service, most booked first. */
export async function bookingsByService(db: Executor, period: ReportPeriod) {
  const booked = sql`sum(${reportDays.bookings})`.mapWith(Number);
  return db
    .select({ serviceId: services.id, name: services.name, bookings: booked })
    .from(reportDays)
    .innerJoin(services, eq(services.id, reportDays.serviceId))
    .where(and(inDays(period.from, period.to), ne(reportDays.status, 'cancel')))
    .groupBy(services.id, services.name)
    .orderBy(desc(booked), services.name);
}

/** Bookings that took a bay by the ISO weekday (1 Monday) and the hour their slot starts, business-local. */
export async function demandByWeekdayAndHour(db: Executor, period: ReportPeriod) {
  const weekday = sql`extract(isodow from ${reportDayHours.day})::int`;
  return db
    .select({
      weekday: weekday.mapWith(Number),
      hour: reportDayHours.hour,
      bookings: sql`sum(${reportDayHours.bookings})`.mapWith(Number),
    })
    .from(reportDayHours)
    .where(between(reportDayHours.day, period.from, period.to))
    .groupBy(weekday, reportDayHours.hour)
    .orderBy(weekday, reportDayHours.hour);
}

/** Bay-minutes offered in each period. */
export async function offeredBayMinutes(
  db: Executor,
  previous: ReportPeriod,
  current: ReportPeriod,
): Promise<{ current: number; previous: number }> {
  const rows = await db
    .select({
      isCurrent: sql`${reportDayOffers.day} >= ${current.from}::date`.mapWith(Boolean),
      minutes: sql`sum(${reportDayOffers.offeredMinutes})`.mapWith(Number),
    })
    .from(reportDayOffers)
    .where(between(reportDayOffers.day, previous.from, current.to))
    .groupBy(sql`1`);
  const minutes = (isCurrent: boolean) => rows.find((row) => row.isCurrent === isCurrent)?.minutes ?? 0;
  return { current: minutes(true), previous: minutes(false) };
}
