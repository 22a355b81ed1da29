import { daysInRange } from '@carcare/contracts/report-dates';
import type { Overview, OverviewPeriod, Schedule } from '@carcare/contracts/reports';
import { MAX_REPORT_DAYS, REPORT_MESSAGES } from '@carcare/contracts/reports-constants';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { businessDate, businessInstant, shiftDay } from '../../lib/business-time';
import { listBays } from '../bays/public';
import { listBookingsStartingBetween } from '../bookings/public';
import { reviewStatsBetween } from '../reviews/public';
import { dayOpeningHours } from '../slots/public';
import { countNewCustomers } from '../users/public';
import {
  bookingsByService,
  demandByWeekdayAndHour,
  offeredBayMinutes,
  type PeriodTotals,
  periodTotals,
  type ReportPeriod,
  refreshReportDays,
  revenueByDay,
} from './booking-stats';
import { addOnAttachment, revenueByAddOn, revenueByVehicleClass } from './car-stats';
import { type PeriodClub, periodClub } from './club-stats';
import { type PeriodMoney, periodMoney } from './money-stats';
import { type PeriodWaitlist, periodWaitlist } from './waitlist-stats';

/** The business days `[from, to]` and the instants they run over in the shop's time zone. */
export function reportPeriod(from: string, to: string, timeZone: string): ReportPeriod {
  return {
    from,
    to,
    start: businessInstant(from, '00:00', timeZone),
    end: businessInstant(shiftDay(to, 1), '00:00', timeZone),
  };
}

const dollars = (cents: number) => Math.round(cents) / 100;

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

function periodOf(
  range: ReportPeriod,
  totals: PeriodTotals,
  openMinutes: number,
  newCustomers: number,
  reviews: { reviews: number; averageRating: number | null },
  money: PeriodMoney,
  club: PeriodClub,
  waitlist: PeriodWaitlist,
): OverviewPeriod {
  const { byStatus } = totals;
  const bookedMinutes = Math.min(totals.bookedMinutes, openMinutes);
  return {
    from: range.from,
    to: range.to,
    revenue: dollars(totals.paidCents - totals.refundedCents),
    paid: dollars(totals.paidCents),
    refunded: dollars(totals.refundedCents),
    bookings: { ...byStatus, total: Object.values(byStatus).reduce((sum, n) => sum + n, 0) },
    occupancy: { bookedMinutes, openMinutes, rate: ratio(bookedMinutes, openMinutes) },
    noShowRate: ratio(byStatus.no_show, byStatus.no_show + byStatus.completed),
    newCustomers,
    ...reviews,
    money: {
      collected: dollars(money.collectedCents),
      byMethod: {
        online: dollars(money.byMethodCents.online),
        card_on_file: dollars(money.byMethodCents.card_on_file),
        cash: dollars(money.byMethodCents.cash),
        card: dollars(money.byMethodCents.card),
      },
      refunded: dollars(money.refundedCents),
      depositsHeld: dollars(money.depositsHeldCents),
      balancesOutstanding: dollars(money.balancesOutstandingCents),
      feesCharged: dollars(money.feesChargedCents),
      feesWaived: dollars(money.feesWaivedCents),
    },
    club: {
      recurringRevenue: dollars(club.recurringCents),
      activeMembers: club.activeMembers,
      newMembers: club.newMembers,
      cancelledMembers: club.cancelledMembers,
      failedPayments: club.failedPayments,
      washesUsed: club.washesUsed,
      collected: dollars(club.collectedCents),
    },
    waitlist: {
      bookingsWonBack: waitlist.bookingsWonBack,
      revenueWonBack: dollars(waitlist.revenueWonBackCents),
    },
  };
}

/**
 * The owner's overview of the business days `[from, to]` (by default the 30 days ending today), with the
 * period of the same length just before for comparison. The days changed since the last read are
 * recomputed first; every figure is then summed from the daily figures by the database.
 */
export async function getOverview(
  db: Database,
  query: { from?: string | undefined; to?: string | undefined },
  timeZone: string,
): Promise<Overview> {
  const to = query.to ?? businessDate(timeZone);
  const from = query.from ?? shiftDay(to, -29);
  // Each bound given alone is checked against the other's default as the schema checks them together.
  if (from > to)
    throw new AppError(400, REPORT_MESSAGES.rangeReversed, [{ path: 'from', message: REPORT_MESSAGES.rangeReversed }]);
  if (daysInRange(from, to) > MAX_REPORT_DAYS) {
    throw new AppError(400, REPORT_MESSAGES.rangeTooLong, [{ path: 'to', message: REPORT_MESSAGES.rangeTooLong }]);
  }
  const days = daysInRange(from, to);
  const current = reportPeriod(from, to, timeZone);
  const previous = reportPeriod(shiftDay(from, -days), shiftDay(from, -1), timeZone);
  await refreshReportDays(db);
  const [
    totals,
    open,
    customers,
    reviews,
    perDay,
    perService,
    demand,
    perClass,
    attached,
    perAddOn,
    money,
    club,
    waitlist,
  ] = await Promise.all([
    periodTotals(db, previous, current),
    offeredBayMinutes(db, previous, current),
    countNewCustomers(db, [current, previous]),
    reviewStatsBetween(db, [current, previous]),
    revenueByDay(db, current),
    bookingsByService(db, current),
    demandByWeekdayAndHour(db, current),
    revenueByVehicleClass(db, current),
    addOnAttachment(db, current),
    revenueByAddOn(db, current),
    Promise.all([periodMoney(db, current), periodMoney(db, previous)]),
    Promise.all([periodClub(db, current), periodClub(db, previous)]),
    Promise.all([periodWaitlist(db, current), periodWaitlist(db, previous)]),
  ]);
  const byDay = new Map(perDay.map((day) => [day.date, day]));
  return {
    timeZone,
    current: periodOf(
      current,
      totals.current,
      open.current,
      customers[0] ?? 0,
      reviews[0] ?? { reviews: 0, averageRating: null },
      money[0],
      club[0],
      waitlist[0],
    ),
    previous: periodOf(
      previous,
      totals.previous,
      open.previous,
      customers[1] ?? 0,
      reviews[1] ?? { reviews: 0, averageRating: null },
      money[1],
      club[1],
      waitlist[1],
    ),
    revenuePerDay: Array.from({ length: days }, (_, index) => {
      const date = shiftDay(from, index);
      const day = byDay.get(date);
      return { date, revenue: dollars(day?.revenueCents ?? 0), bookings: day?.bookings ?? 0 };
    }),
    bookingsPerService: perService.map((row) => ({
      service: { _id: row.serviceId, name: row.name },
      bookings: row.bookings,
    })),
    demand,
    revenueByClass: perClass.map((row) => ({
      vehicleClass: row.classId === null ? null : { _id: row.classId, name: row.name ?? '' },
      revenue: dollars(row.revenueCents),
      bookings: row.bookings,
    })),
    addOns: {
      attachRate: ratio(attached.withAddOns, attached.paid),
      revenue: dollars(perAddOn.reduce((sum, row) => sum + row.revenueCents, 0)),
      byAddOn: perAddOn.map((row) => ({
        addOn: { _id: row.addOnId, name: row.name },
        bookings: row.bookings,
        revenue: dollars(row.revenueCents),
      })),
    },
  };
}

/** The day board of a business day (by default today): the bays as columns and the bookings that take them. */
export async function getSchedule(db: Executor, date: string | undefined, timeZone: string): Promise<Schedule> {
  const day = date ?? businessDate(timeZone);
  const { start, end } = reportPeriod(day, day, timeZone);
  const [allBays, bookings, hours] = await Promise.all([
    listBays(db),
    listBookingsStartingBetween(db, start, end),
    dayOpeningHours(db, day),
  ]);
  const booked = new Set(bookings.map((booking) => booking.bay._id));
  return {
    date: day,
    timeZone,
    bays: allBays
      .filter((bay) => bay.active || booked.has(bay._id))
      .map((bay) => ({ _id: bay._id, name: bay.name, active: bay.active })),
    ...hours,
    bookings,
  };
}
