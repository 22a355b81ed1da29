import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database, Executor } from '../../db/client';
import { bookings, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider } from '../payments/payment-provider';
import { lockLiveService } from '../services/services.service';
import { reserveSlot, unreservableReason } from '../slots/slots.service';
import { getBooking } from './booking-reads';
import { recordCheckout } from './checkout-records';
import { endPendingBookings, expireStaleHolds, heldByExpiredHold } from './holds';

type BookingContext = {
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
