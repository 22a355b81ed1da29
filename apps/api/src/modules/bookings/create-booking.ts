import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database, Executor } from '../../db/client';
import { bookings, type ServiceRow, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { firstEligibleBay, lockEligibleBays } from '../bays/eligible-bays';
import type { PaymentProvider } from '../payments/payment-provider';
import { lockLiveService } from '../services/services.service';
import { bayBusyDuring, expiredHoldDuring } from './bay-occupancy';
import { lockBookableSlot, unbookableReason } from './bookable-slot';
import { getBooking } from './booking-reads';
import { recordCheckout } from './checkout-records';
import { endPendingBookings, expireStaleHolds } from './holds';

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
  full: BOOKING_MESSAGES.slotFull,
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

type ReservationOutcome =
  | { kind: 'booked'; bookingId: string; service: ServiceRow }
  /** The slot is bookable but every bay it could take is busy over [from, until). */
  | { kind: 'full'; from: Date; until: Date }
  | { kind: 'unbookable' };

/**
 * In one transaction: the service is still live (and stays so until commit: deleting it waits), the
 * customer holds fewer than `maxPendingHolds` unpaid bookings (counted under a per-customer lock, so
 * concurrent requests cannot all slip under the limit), the slot is bookable (and cannot be cancelled
 * until commit), and the first free bay it may take is given to a new pending booking over the slot's
 * time plus the service's buffer. The bays are locked before they are looked at, so a concurrent booking
 * that could take the same bay waits and then sees this one; the exclusion constraint on bookings is the
 * last line of defence. An AppError for a deleted service or too many holds.
 */
async function reserveAndBook(
  db: Database,
  reservation: Reservation,
  maxPendingHolds: number,
): Promise<ReservationOutcome> {
  const { customerId, serviceId, slotId, now, holdUntil } = reservation;
  return db.transaction(async (tx) => {
    await lockUntilCommit(tx, 'customerBookings', customerId);
    const service = await lockLiveService(tx, serviceId);
    if (!service) throw new AppError(404, BOOKING_MESSAGES.serviceUnknown);
    if ((await countLiveHolds(tx, customerId, now)) >= maxPendingHolds) {
      throw new AppError(409, BOOKING_MESSAGES.tooManyHolds(maxPendingHolds));
    }
    const slot = await lockBookableSlot(tx, slotId, serviceId, now);
    if (!slot) return { kind: 'unbookable' };
    const from = slot.startsAt;
    const until = new Date(slot.endsAt.getTime() + service.bufferMinutes * 60_000);
    const locked = await lockEligibleBays(tx, serviceId);
    const bayId = await firstEligibleBay(tx, serviceId, locked, (bay) => sql`not ${bayBusyDuring(bay, from, until)}`);
    if (!bayId) return { kind: 'full', from, until };
    const [booking] = await tx
      .insert(bookings)
      .values({
        customerId,
        serviceId,
        slotId,
        bayId,
        priceCents: service.priceCents,
        occupiedFrom: from,
        occupiedUntil: until,
        holdExpiresAt: holdUntil,
      })
      .returning({ id: bookings.id });
    if (!booking) throw new Error('booking was not stored');
    return { kind: 'booked', bookingId: booking.id, service };
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
  // A hold that ran out but was not swept yet must not keep the bay from a paying customer.
  if (reserved.kind === 'full' && (await expiredHoldDuring(db, reserved.from, reserved.until, now))) {
    await expireStaleHolds(db, context.provider, context.log, now);
    reserved = await reserveAndBook(db, reservation, context.maxPendingHolds);
  }
  if (reserved.kind === 'full') throw new AppError(409, BOOKING_MESSAGES.slotFull);
  if (reserved.kind === 'unbookable') {
    const refusal = await unbookableReason(db, input.slotId, input.serviceId, now);
    throw new AppError(refusal.status, REFUSALS[refusal.reason]);
  }
  const { bookingId, service } = reserved;

  const created = await getBooking(db, bookingId);
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
