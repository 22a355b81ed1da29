import type { Booking, RescheduleBookingInput } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { FRONT_DESK_MESSAGES, type MoveReason } from '@carcare/contracts/front-desk-constants';
import { QUOTE_MESSAGES } from '@carcare/contracts/quotes-constants';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { bookingMoves, bookings, type UserRow } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { isShop } from '../../../plugins/auth';
import { firstEligibleBay, lockEligibleBays } from '../../bays/public';
import type { PaymentProvider } from '../../payments/public';
import { lockLiveService } from '../../services/public';
import { expireStaleHolds } from '../checkout/holds';
import { getBooking, getBookingFor } from '../reads/booking-reads';
import { bayBusyDuring, expiredHoldDuring } from '../reserve/bay-occupancy';
import {
  type BookingWindow,
  type BookingWindowSettings,
  bookingWindowAt,
  lockBookableSlot,
  unbookableReason,
} from '../reserve/bookable-slot';
import { type JobSpan, jobUntil } from '../reserve/job-span';
import { assertBeforeCutoff, assertConfirmed, type ChangePolicy } from './booking-rules';

type RescheduleContext = {
  provider: PaymentProvider;
  policy: ChangePolicy;
  /** The shop's minimum notice and horizon, which a generated target time must meet as a new booking would. */
  window?: BookingWindowSettings;
  log: FastifyBaseLogger;
  now?: Date;
};

const REFUSALS = {
  unknown: BOOKING_MESSAGES.slotUnknown,
  otherService: BOOKING_MESSAGES.rescheduleOtherService,
  full: BOOKING_MESSAGES.slotFull,
  cancelled: BOOKING_MESSAGES.slotCancelled,
  past: BOOKING_MESSAGES.slotPast,
  tooSoon: BOOKING_MESSAGES.slotTooSoon,
  beyondHorizon: BOOKING_MESSAGES.slotBeyondHorizon,
} as const;

/** Who moved a booking and why: the customer (no reason), or the shop with its reason. */
export type Move = { by: 'customer' } | { by: 'shop'; reason: MoveReason; reasonText: string | null };

type MoveOutcome =
  | { kind: 'moved' }
  | { kind: 'full'; from: Date; until: Date }
  | { kind: 'unbookable' }
  | { kind: 'runsPastClosing' };

/**
 * The booking's job as it was booked: its class's duration (when it was priced by a class; otherwise the
 * new slot's own length, as a booking of it would take) and its add-ons' minutes.
 */
export function bookedJob(booking: Pick<Booking, 'lines' | 'vehicleClass'>): JobSpan {
  const service = booking.lines.find((line) => line.kind === 'service');
  const extraMinutes = booking.lines
    .filter((line) => line.kind === 'addOn')
    .reduce((minutes, line) => minutes + line.minutes, 0);
  return { classMinutes: booking.vehicleClass && service ? service.minutes : null, extraMinutes };
}

/**
 * In one transaction: the booking is locked and still confirmed; the new slot is bookable (and cannot be
 * cancelled until commit); a bay it may take, free over the new time (this booking left out), is locked and
 * taken; then the booking moves there, its old slot and bay freed by the same update. Anything refused
 * rolls back: the booking stays exactly as it was.
 */
async function moveBooking(
  db: Database,
  booking: Booking,
  slotId: string,
  mover: { caller: UserRow; move: Move },
  now: Date,
  window: BookingWindow,
): Promise<MoveOutcome> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, booking._id))
      .for('update');
    if (!locked) throw new AppError(404, BOOKING_MESSAGES.notFound);
    assertConfirmed(locked);
    const service = await lockLiveService(tx, booking.service._id);
    if (!service) throw new AppError(404, BOOKING_MESSAGES.serviceUnknown);
    const slot = await lockBookableSlot(tx, slotId, service.id, now, window);
    if (!slot) return { kind: 'unbookable' };
    const from = slot.startsAt;
    // The whole job moves: its vehicle's class and its add-ons keep the bay as long as they did.
    const until = jobUntil(slot, bookedJob(booking), service.bufferMinutes);
    if (slot.openUntil !== null && until > slot.openUntil) return { kind: 'runsPastClosing' };
    const lockedBays = await lockEligibleBays(tx, service.id);
    const bayId = await firstEligibleBay(
      tx,
      service.id,
      lockedBays,
      (bay) => sql`not ${bayBusyDuring(bay, from, until, booking._id)}`,
    );
    if (!bayId) return { kind: 'full', from, until };
    await tx
      .update(bookings)
      .set({
        slotId,
        bayId,
        occupiedFrom: from,
        occupiedUntil: until,
        // The reminder is for the new time.
        reminderClaimedAt: null,
        reminderSentAt: null,
      })
      .where(and(eq(bookings.id, booking._id), eq(bookings.status, 'confirm')));
    await tx.insert(bookingMoves).values({
      bookingId: booking._id,
      fromSlotId: booking.slot._id,
      toSlotId: slotId,
      movedBy: mover.caller.id,
      reason: mover.move.by === 'shop' ? mover.move.reason : null,
      reasonText: mover.move.by === 'shop' ? mover.move.reasonText : null,
    });
    return { kind: 'moved' };
  });
}

/**
 * Who is moving the booking, and why. The shop (staff or the administrator) gives a reason, with words when
 * it is `other`; a customer gives none, and any reason they send is not theirs to give.
 */
function moveOf(caller: UserRow, input: Pick<RescheduleBookingInput, 'reason' | 'reasonText'>): Move {
  if (!isShop(caller)) return { by: 'customer' };
  const reasonText = input.reasonText ? input.reasonText : null;
  if (!input.reason || (input.reason === 'other' && reasonText === null)) {
    throw new AppError(400, FRONT_DESK_MESSAGES.reasonRequired, [
      { path: input.reason ? 'reasonText' : 'reason', message: FRONT_DESK_MESSAGES.reasonRequired },
    ]);
  }
  return { by: 'shop', reason: input.reason, reasonText };
}

/**
 * Moves a confirmed booking to another slot of the same service. A customer moves their own, up to the
 * cut-off before it starts, within the shop's booking window; the shop moves any, with a reason, after the
 * cut-off too and into any slot not yet started. The payment moves with it: nothing is charged again or
 * refunded. A full, past, cancelled or other service's slot is refused with 409 and the booking is left as
 * it was. Every move is kept (booking_moves) in the same transaction. Returns the booking moved, the slot it
 * left and who moved it why.
 */
export async function rescheduleBooking(
  db: Database,
  id: string,
  caller: UserRow,
  input: RescheduleBookingInput,
  context: RescheduleContext,
): Promise<{ booking: Booking; previous: Booking['slot']; move: Move }> {
  const now = context.now ?? new Date();
  const slotId = input.slot;
  const move = moveOf(caller, input);
  const booking = await getBookingFor(db, id, caller);
  assertConfirmed(booking);
  if (move.by === 'customer') assertBeforeCutoff(booking, context.policy, now);
  if (booking.slot._id === slotId) throw new AppError(409, BOOKING_MESSAGES.rescheduleSameSlot);

  // The minimum notice and the horizon are the online customer's; the shop may use any time not yet started.
  const window = bookingWindowAt(move.by === 'customer' ? context.window : undefined, now);
  const mover = { caller, move };
  let moved = await moveBooking(db, booking, slotId, mover, now, window);
  // A hold that ran out but was not swept yet must not keep the bay from a paying customer.
  if (moved.kind === 'full' && (await expiredHoldDuring(db, moved.from, moved.until, now))) {
    await expireStaleHolds(db, context.provider, context.log, now);
    moved = await moveBooking(db, booking, slotId, mover, now, window);
  }
  if (moved.kind === 'full') throw new AppError(409, BOOKING_MESSAGES.slotFull);
  if (moved.kind === 'runsPastClosing') throw new AppError(409, QUOTE_MESSAGES.runsPastClosing);
  if (moved.kind === 'unbookable') {
    const refusal = await unbookableReason(db, slotId, booking.service._id, now, window);
    throw new AppError(refusal.status, REFUSALS[refusal.reason]);
  }
  const current = await getBooking(db, id);
  if (!current) throw new Error(`booking ${id} vanished while being moved`);
  return { booking: current, previous: booking.slot, move };
}
