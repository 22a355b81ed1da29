import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { slots } from '../../db/schema';

type BookableSlot = { id: string; startsAt: Date; endsAt: Date };

/**
 * The slot, if it is an available slot of `serviceId` that has not started, share-locked until the
 * transaction ends: an administrator cancelling it waits for the booking, then sees it (and refuses).
 */
export async function lockBookableSlot(
  tx: Executor,
  slotId: string,
  serviceId: string,
  now: Date,
): Promise<BookableSlot | undefined> {
  const [slot] = await tx
    .select({ id: slots.id, startsAt: slots.startsAt, endsAt: slots.endsAt })
    .from(slots)
    .where(
      and(eq(slots.id, slotId), eq(slots.serviceId, serviceId), eq(slots.status, 'available'), gt(slots.startsAt, now)),
    )
    .for('share');
  return slot;
}

/** Why a slot that could not be booked was not bookable, as a status and a reason the customer can act on. */
export async function unbookableReason(db: Executor, slotId: string, serviceId: string, now: Date) {
  const statement = prepared(db, 'find_slot_by_id', (handle) =>
    handle
      .select()
      .from(slots)
      .where(eq(slots.id, sql.placeholder('id')))
      .limit(1)
      .prepare('find_slot_by_id'),
  );
  const [slot] = await statement.execute({ id: slotId });
  if (!slot) return { status: 404, reason: 'unknown' } as const;
  if (slot.serviceId !== serviceId) return { status: 409, reason: 'otherService' } as const;
  if (slot.status === 'cancel') return { status: 409, reason: 'cancelled' } as const;
  if (slot.startsAt <= now) return { status: 409, reason: 'past' } as const;
  // Bookable when looked at again: every bay it could take was busy a moment ago.
  return { status: 409, reason: 'full' } as const;
}
