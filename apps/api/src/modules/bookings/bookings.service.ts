import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { and, between, count, desc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database, Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { bookings, bookingTotals, services, slots, type UserRow, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider } from '../payments/payment-provider';
import { expireOpenPayments, type PaymentOutcome, recordCheckout, settlePayment } from '../payments/payments.service';
import { lockLiveService } from '../services/services.service';
import { releaseSlots, reserveSlot, unreservableReason } from '../slots/slots.service';

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
  priceCents: services.priceCents,
  durationMinutes: services.durationMinutes,
  slotId: slots.id,
  date: slots.date,
  startTime: slots.startTime,
  endTime: slots.endTime,
  startsAt: slots.startsAt,
  endsAt: slots.endsAt,
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
    payment: row.payment,
    status: row.status,
    holdExpiresAt: row.status === 'pending' && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function selectBookings(db: Executor, where: SQL | undefined) {
  return db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.customerId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(where);
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

export type BookingContext = {
  provider: PaymentProvider;
  holdMinutes: number;
  /** How many unpaid bookings one customer may hold at once. */
  maxPendingHolds: number;
  currency: string;
  log: FastifyBaseLogger;
  now?: Date;
};

const REFUSALS = {
  unknown: BOOKING_MESSAGES.slotUnknown,
  otherService: BOOKING_MESSAGES.slotOtherService,
  taken: BOOKING_MESSAGES.slotTaken,
  cancelled: BOOKING_MESSAGES.slotCancelled,
  past: BOOKING_MESSAGES.slotPast,
} as const;

/** Unpaid bookings of the customer whose hold has not run out. */
async function countLiveHolds(db: Executor, customerId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(bookings)
    .where(and(eq(bookings.customerId, customerId), eq(bookings.status, 'pending'), gt(bookings.holdExpiresAt, now)));
  return row?.value ?? 0;
}

type Reservation = { customerId: string; serviceId: string; slotId: string; now: Date; holdUntil: Date };

/**
 * In one transaction: the service is still live (and stays so until commit: deleting it waits), the
 * customer holds fewer than `maxPendingHolds` unpaid bookings (counted under a per-customer lock, so
 * concurrent requests cannot all slip under the limit), the slot is reserved and the pending booking
 * created. Undefined when the slot was not free; an AppError for a deleted service or too many holds.
 */
async function reserveAndBook(db: Database, reservation: Reservation, maxPendingHolds: number) {
  const { customerId, serviceId, slotId, now, holdUntil } = reservation;
  return db.transaction(async (tx) => {
    await lockUntilCommit(tx, 'customerBookings', customerId);
    const service = await lockLiveService(tx, serviceId);
    if (!service) throw new AppError(404, BOOKING_MESSAGES.serviceUnknown);
    if ((await countLiveHolds(tx, customerId, now)) >= maxPendingHolds) {
      throw new AppError(409, BOOKING_MESSAGES.tooManyHolds(maxPendingHolds));
    }
    const slot = await reserveSlot(tx, slotId, serviceId, now);
    if (!slot) return undefined;
    const [booking] = await tx
      .insert(bookings)
      .values({ customerId, serviceId, slotId, holdExpiresAt: holdUntil })
      .returning({ id: bookings.id });
    return booking ? { booking, service } : undefined;
  });
}

/**
 * Books a slot for the caller: reserve it atomically, hold it for the payment, open the checkout.
 * If the provider cannot open a checkout, the booking is cancelled and the slot freed at once.
 */
export async function createBooking(
  db: Database,
  customer: UserRow,
  input: { serviceId: string; slotId: string },
  context: BookingContext,
): Promise<{ paymentUrl: string; booking: Booking }> {
  const now = context.now ?? new Date();
  const reservation = {
    customerId: customer.id,
    serviceId: input.serviceId,
    slotId: input.slotId,
    now,
    holdUntil: new Date(now.getTime() + context.holdMinutes * 60_000),
  };
  const { holdUntil } = reservation;

  let reserved = await reserveAndBook(db, reservation, context.maxPendingHolds);
  // A hold that ran out but was not swept yet must not keep the slot from a paying customer.
  if (!reserved && (await heldByExpiredHold(db, input.slotId, now))) {
    await expireStaleHolds(db, context.provider, context.log, now);
    reserved = await reserveAndBook(db, reservation, context.maxPendingHolds);
  }
  if (!reserved) {
    const refusal = await unreservableReason(db, input.slotId, input.serviceId, now);
    throw new AppError(refusal.status, REFUSALS[refusal.reason]);
  }
  const { booking, service } = reserved;

  const created = await getBooking(db, booking.id);
  if (!created) throw new Error('booking vanished after creation');
  let checkout: { sessionId: string; url: string };
  try {
    checkout = await context.provider.createCheckout({
      bookingId: created._id,
      amountCents: service.priceCents,
      currency: context.currency,
      description: `${service.name}, ${created.slot.date} ${created.slot.startTime}–${created.slot.endTime}`,
      customerEmail: customer.email,
      expiresAt: holdUntil,
    });
  } catch (error) {
    context.log.error({ err: error, bookingId: created._id }, 'could not open a checkout; releasing the slot');
    await endPendingBookings(db, [created._id], 'unpaid');
    throw new AppError(503, BOOKING_MESSAGES.providerUnavailable);
  }
  await recordCheckout(db, {
    bookingId: created._id,
    provider: context.provider.name,
    sessionId: checkout.sessionId,
    amountCents: service.priceCents,
    currency: context.currency,
  });
  return { paymentUrl: checkout.url, booking: created };
}

/** Whether the slot is blocked only by a pending booking whose hold has run out. */
async function heldByExpiredHold(db: Executor, slotId: string, now: Date): Promise<boolean> {
  const statement = prepared(db, 'find_expired_hold_on_slot', (handle) =>
    handle
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.slotId, sql.placeholder('slotId')),
          eq(bookings.status, 'pending'),
          lte(bookings.holdExpiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare('find_expired_hold_on_slot'),
  );
  const [stale] = await statement.execute({ slotId, now });
  return stale !== undefined;
}

/** Cancels pending bookings and frees their slots; settled bookings are left as they are. */
async function endPendingBookings(db: Executor, bookingIds: string[], payment: 'unpaid' | 'failed') {
  if (bookingIds.length === 0) return [];
  const ended = await db
    .update(bookings)
    .set({ status: 'cancel', payment })
    .where(and(inArray(bookings.id, bookingIds), eq(bookings.status, 'pending')))
    .returning({ id: bookings.id, slotId: bookings.slotId });
  await releaseSlots(
    db,
    ended.map((booking) => booking.slotId),
  );
  return ended;
}

/**
 * Applies what the payment provider reported for a checkout session. Idempotent: a repeated report,
 * or one about a session already settled, changes nothing. Returns the booking as it now stands.
 */
export async function settleCheckout(
  db: Database,
  provider: string,
  sessionId: string,
  outcome: PaymentOutcome,
  log: FastifyBaseLogger,
): Promise<Booking | undefined> {
  const bookingId = await db.transaction(async (tx) => {
    const payment = await settlePayment(tx, provider, sessionId, outcome);
    if (!payment) return undefined;
    if (outcome === 'paid') {
      const [confirmed] = await tx
        .update(bookings)
        .set({ status: 'confirm', payment: 'paid' })
        .where(and(eq(bookings.id, payment.bookingId), eq(bookings.status, 'pending')))
        .returning({ id: bookings.id });
      if (!confirmed) {
        log.warn(
          { bookingId: payment.bookingId, sessionId },
          'payment arrived for a booking no longer pending: refund it',
        );
      }
    } else {
      await endPendingBookings(tx, [payment.bookingId], outcome === 'failed' ? 'failed' : 'unpaid');
    }
    return payment.bookingId;
  });
  return bookingId ? getBooking(db, bookingId) : undefined;
}

/**
 * The expiry sweeper: cancels pending bookings whose hold has passed, frees their slots, expires their
 * payments and asks the provider to close those checkouts. Returns how many bookings it cancelled.
 */
export async function expireStaleHolds(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<number> {
  const expiredPayments = await db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.status, 'pending'), lte(bookings.holdExpiresAt, now)))
      .for('update', { skipLocked: true });
    const ended = await endPendingBookings(
      tx,
      stale.map((booking) => booking.id),
      'unpaid',
    );
    const closed = await expireOpenPayments(
      tx,
      ended.map((booking) => booking.id),
    );
    return { count: ended.length, sessions: closed.filter((payment) => payment.provider === provider.name) };
  });
  for (const payment of expiredPayments.sessions) {
    await provider.expireCheckout(payment.sessionId).catch((error: unknown) => {
      log.warn({ err: error, sessionId: payment.sessionId }, 'could not expire a checkout at the provider');
    });
  }
  return expiredPayments.count;
}
