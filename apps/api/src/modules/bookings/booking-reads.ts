import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { and, between, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bays, bookings, bookingTotals, refunds, services, slots, type UserRow, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

const bookingColumns = {
  id: bookings.id,
  status: bookings.status,
  payment: bookings.payment,
  holdExpiresAt: bookings.holdExpiresAt,
  createdAt: bookings.createdAt,
  customerId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  serviceId: services.id,
  serviceName: services.name,
  priceCents: bookings.priceCents,
  durationMinutes: services.durationMinutes,
  slotId: slots.id,
  date: slots.date,
  startTime: slots.startTime,
  endTime: slots.endTime,
  startsAt: slots.startsAt,
  endsAt: slots.endsAt,
  bayId: bays.id,
  bayName: bays.name,
  refundCents: refunds.amountCents,
  refundStatus: refunds.status,
};

type BookingRow = Awaited<ReturnType<typeof selectBookings>>[number];

function toBookingDto(row: BookingRow): Booking {
  return {
    _id: row.id,
    customer: {
      _id: row.customerId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
    },
    service: { _id: row.serviceId, name: row.serviceName, price: row.priceCents / 100, duration: row.durationMinutes },
    slot: {
      _id: row.slotId,
      date: row.date,
      startTime: row.startTime,
      endTime: row.endTime,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
    },
    bay: { _id: row.bayId, name: row.bayName },
    payment: row.payment,
    status: row.status,
    holdExpiresAt: row.status === 'pending' && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
    refund:
      row.refundCents !== null && (row.refundStatus === 'pending' || row.refundStatus === 'refunded')
        ? { amount: row.refundCents / 100, status: row.refundStatus }
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function selectBookings(db: Executor, where: SQL | undefined) {
  return (
    db
      .select(bookingColumns)
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.customerId))
      .innerJoin(services, eq(services.id, bookings.serviceId))
      .innerJoin(slots, eq(slots.id, bookings.slotId))
      .innerJoin(bays, eq(bays.id, bookings.bayId))
      // At most one refund per booking is pending or done (refunds_live_booking_key).
      .leftJoin(refunds, and(eq(refunds.bookingId, bookings.id), inArray(refunds.status, ['pending', 'refunded'])))
      .where(where)
  );
}

export async function getBooking(db: Executor, id: string): Promise<Booking | undefined> {
  const [row] = await selectBookings(db, eq(bookings.id, id)).limit(1);
  return row ? toBookingDto(row) : undefined;
}

/** A booking its customer or an administrator may see; anyone else is told it does not exist. */
export async function getBookingFor(db: Executor, id: string, caller: UserRow): Promise<Booking> {
  const booking = await getBooking(db, id);
  if (!booking || (caller.role !== 'admin' && booking.customer._id !== caller.id)) {
    throw new AppError(404, BOOKING_MESSAGES.notFound);
  }
  return booking;
}

/**
 * Every booking, newest first. Bookings are numbered 1…total without gaps as they are made, so page N is
 * a range of positions read from their index: the last page costs what the first does.
 */
export async function listBookings(db: Executor, page: number, limit: number) {
  const [totals] = await db.select({ total: bookingTotals.total }).from(bookingTotals);
  const total = totals?.total ?? 0;
  const newest = total - (page - 1) * limit;
  const rows =
    newest < 1
      ? []
      : await selectBookings(db, between(bookings.position, Math.max(1, newest - limit + 1), newest)).orderBy(
          desc(bookings.position),
        );
  return { bookings: rows.map(toBookingDto), totalDoc: total };
}

/** Whether the customer has ever paid for a booking. */
export async function hasPaidBooking(db: Executor, customerId: string): Promise<boolean> {
  const [paid] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.customerId, customerId), eq(bookings.payment, 'paid')))
    .limit(1);
  return paid !== undefined;
}

export async function listCustomerBookings(
  db: Executor,
  customerId: string,
  filters: { payment?: Booking['payment']; status?: Booking['status'] },
): Promise<Booking[]> {
  const conditions = [eq(bookings.customerId, customerId)];
  if (filters.payment) conditions.push(eq(bookings.payment, filters.payment));
  if (filters.status) conditions.push(eq(bookings.status, filters.status));
  const rows = await selectBookings(db, and(...conditions)).orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map(toBookingDto);
}
