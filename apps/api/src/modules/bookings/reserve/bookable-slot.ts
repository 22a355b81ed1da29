import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { slots } from '../../../db/schema';
import { businessDate } from '../../../lib/business-time';

type BookableSlot = { id: string; startsAt: Date; endsAt: Date; openUntil: Date | null };

/** Why a slot cannot be booked, as a status and a reason the customer can act on. */
export type SlotRefusal =
  | { status: 404; reason: 'unknown' }
  | { status: 409; reason: 'otherService' | 'cancelled' | 'past' | 'tooSoon' | 'beyondHorizon' };

/** The shop's settings that say when its generated times may be booked online. */
export type BookingWindowSettings = { timeZone: string; minimumNoticeMinutes: number; bookingHorizonDays: number };

/** When generated times may be booked at one moment: starting from `earliest`, on days up to `lastDate`. */
export type BookingWindow = { earliest: Date; lastDate: string };

/** The booking window at `now`; without settings, none beyond the slot not having started. */
export function bookingWindowAt(settings: BookingWindowSettings | undefined, now: Date): BookingWindow {
  if (!settings) return { earliest: now, lastDate: '9999-12-31' };
  return {
    earliest: new Date(now.getTime() + settings.minimumNoticeMinutes * 60_000),
    lastDate: businessDate(settings.timeZone, now, settings.bookingHorizonDays),
  };
}

/**
 * Whether a slot (of the surrounding query over `slots`) may be booked online within the window: a hand-made
 * one always (it is bookable until it starts), a generated one from the minimum notice up to the horizon.
 */
export function inBookingWindow(window: BookingWindow): SQL {
  return sql`(${slots.origin} = 'manual' or (${slots.startsAt} >= ${window.earliest.toISOString()}::timestamptz and ${slots.date} <= ${window.lastDate}))`;
}

type SlotState = Pick<typeof slots.$inferSelect, 'serviceId' | 'status' | 'startsAt' | 'date' | 'origin' | 'withdrawn'>;

/**
 * The slot as the database holds it (undefined when there is none), judged for a booking of `serviceId` at
 * `now`: bookable as far as the slot itself goes (its bays may still all be busy), or why not. A withdrawn
 * time is refused as a cancelled one; a generated one also within the minimum notice or beyond the horizon.
 */
export function judgeSlot<Slot extends SlotState>(
  slot: Slot | undefined,
  serviceId: string,
  now: Date,
  window: BookingWindow = bookingWindowAt(undefined, now),
): { bookable: Slot } | { refusal: SlotRefusal } {
  if (!slot) return { refusal: { status: 404, reason: 'unknown' } };
  if (slot.serviceId !== serviceId) return { refusal: { status: 409, reason: 'otherService' } };
  if (slot.status === 'cancel' || slot.withdrawn) return { refusal: { status: 409, reason: 'cancelled' } };
  if (slot.startsAt <= now) return { refusal: { status: 409, reason: 'past' } };
  if (slot.origin === 'generated') {
    if (slot.startsAt < window.earliest) return { refusal: { status: 409, reason: 'tooSoon' } };
    if (slot.date > window.lastDate) return { refusal: { status: 409, reason: 'beyondHorizon' } };
  }
  return { bookable: slot };
}

/**
 * The slot, if it is an available slot of `serviceId` that has not started, share-locked until the
 * transaction ends: an administrator cancelling it waits for the booking, then sees it (and refuses).
 */
export async function lockBookableSlot(
  tx: Executor,
  slotId: string,
  serviceId: string,
  now: Date,
  window: BookingWindow = bookingWindowAt(undefined, now),
): Promise<BookableSlot | undefined> {
  const [slot] = await tx
    .select({ id: slots.id, startsAt: slots.startsAt, endsAt: slots.endsAt, openUntil: slots.openUntil })
    .from(slots)
    .where(
      and(
        eq(slots.id, slotId),
        eq(slots.serviceId, serviceId),
        eq(slots.status, 'available'),
        eq(slots.withdrawn, false),
        gt(slots.startsAt, now),
        inBookingWindow(window),
      ),
    )
    .for('share');
  return slot;
}

/** Why a slot that could not be booked was not bookable, looked at again after the attempt. */
export async function unbookableReason(
  db: Executor,
  slotId: string,
  serviceId: string,
  now: Date,
  window: BookingWindow = bookingWindowAt(undefined, now),
): Promise<SlotRefusal | { status: 409; reason: 'full' }> {
  const statement = prepared(db, 'find_slot_by_id', (handle) =>
    handle
      .select()
      .from(slots)
      .where(eq(slots.id, sql.placeholder('id')))
      .limit(1)
      .prepare('find_slot_by_id'),
  );
  const [slot] = await statement.execute({ id: slotId });
  const judged = judgeSlot(slot, serviceId, now, window);
  // Bookable when looked at again: every bay it could take was busy a moment ago.
  return 'refusal' in judged ? judged.refusal : { status: 409, reason: 'full' };
}
