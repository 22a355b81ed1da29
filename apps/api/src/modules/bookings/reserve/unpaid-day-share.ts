import { and, eq, sql } from 'drizzle-orm';
import { lockUntilCommit } from '../../../db/advisory-locks';
import type { Executor } from '../../../db/client';
import { bays, bookings, slots } from '../../../db/schema';
import { asInstant } from './bay-occupancy';

type DayShareCheck = {
  /** The business day of the booking's slot, YYYY-MM-DD. */
  date: string;
  /** The booking just made, left out of the count. */
  bookingId: string;
  /** The share of the day's bay time, in percent, that unpaid holds may reach; 100 or more: no cap. */
  percent: number;
  now: Date;
};

/**
 * Whether the unpaid holds of the day other than `bookingId` already cover `percent` of the day's bay time,
 * counted under the day's lock until the transaction ends. The caller has inserted its booking: every booking
 * that took the lock before has committed, and this statement, run after the lock, sees it; every one that
 * takes it later sees this one. The day's bay time is its active bays times the span of its available slots,
 * from the first start to the last end. The first hold of a day is always allowed, so a day is never closed
 * to a customer by its own booking; past the share, only paid bookings take its time.
 */
export async function unpaidHoldsFillDay(tx: Executor, check: DayShareCheck): Promise<boolean> {
  if (check.percent >= 100) return false;
  await lockUntilCommit(tx, 'unpaidDay', check.date);
  const heldSeconds = sql`(select coalesce(sum(extract(epoch from ${bookings.occupiedUntil} - ${bookings.occupiedFrom})), 0)
    from ${bookings} join ${slots} as held_slot on held_slot.id = ${bookings.slotId}
    where ${bookings.status} = 'pending' and ${bookings.holdExpiresAt} > ${asInstant(check.now)}
      and held_slot.date = ${check.date} and ${bookings.id} <> ${check.bookingId})`;
  // An aggregate without grouping: always one row, with a day of no slots as 0.
  const [row] = await tx
    .select({
      held: sql<number>`${heldSeconds}::float8`.mapWith(Number),
      day: sql<number>`coalesce(extract(epoch from max(${slots.endsAt}) - min(${slots.startsAt})), 0)::float8
        * (select count(*) from ${bays} where ${bays.active})`.mapWith(Number),
    })
    .from(slots)
    .where(and(eq(slots.date, check.date), eq(slots.status, 'available'), eq(slots.withdrawn, false)));
  const held = Number(row?.held ?? 0);
  const day = Number(row?.day ?? 0);
  return held > 0 && held * 100 >= day * check.percent;
}
