import { type AnyColumn, and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { bookings } from '../../../db/schema';

/** Bookings that hold their slot and bay: waiting for payment, or paid. */
export const LIVE_STATUSES = ['pending', 'confirm'] as const;

// Literal values, as in the partial indexes' predicates, so that the planner can always use them.
const isLive = sql`${bookings.status} in (${sql.raw(LIVE_STATUSES.map((status) => `'${status}'`).join(', '))})`;

/** A time as SQL: a column or expression of the surrounding query, or an instant. */
type Instant = SQL | AnyColumn | Date;

/** An instant as a `timestamptz` value, or the column or expression given. */
export const asInstant = (value: Instant) => (value instanceof Date ? sql`${value.toISOString()}::timestamptz` : value);

/**
 * The live bookings on bays overlapping [from, until), written as the exclusion constraint
 * bookings_bay_overlap_excl (migration 0007) is, so that its index answers.
 */
function overlapping(from: Instant, until: Instant): SQL {
  return sql`${isLive} and tstzrange(${bookings.occupiedFrom}, ${bookings.occupiedUntil}) && tstzrange(${asInstant(from)}, ${asInstant(until)})`;
}

/**
 * Whether a live booking occupies the bay (a column of the surrounding query) during part of [from, until);
 * `except` leaves one booking out (the one being moved).
 */
export function bayBusyDuring(bayId: SQL | AnyColumn, from: Instant, until: Instant, except?: string): SQL {
  const other = except === undefined ? sql`` : sql` and ${bookings.id} <> ${except}`;
  return sql`exists (select 1 from ${bookings} where ${bookings.bayId} = ${bayId} and ${overlapping(from, until)}${other})`;
}

/** A pending booking whose hold had run out by `now`: the sweeper cancels it (`expireStaleHolds`). */
const lapsedHold = (now: Instant) =>
  sql`${bookings.status} = 'pending' and ${bookings.holdExpiresAt} <= ${asInstant(now)}`;

/**
 * Whether the bay (a column of the surrounding query) would still be busy during part of [from, until) once
 * the holds that ran out by `now` were swept: a live booking other than such a hold occupies it.
 */
export function bayBusyAfterSweep(bayId: SQL | AnyColumn, from: Instant, until: Instant, now: Instant): SQL {
  return sql`exists (select 1 from ${bookings} where ${bookings.bayId} = ${bayId} and ${overlapping(from, until)} and (${lapsedHold(now)}) is not true)`;
}

/** How many live bookings hold the slot (a column of the surrounding query or an id). */
export function liveBookingsOnSlot(slotId: SQL | AnyColumn): SQL<number> {
  return sql<number>`(select count(*)::int from ${bookings} where ${bookings.slotId} = ${slotId} and ${isLive})`;
}

/** Whether a pending booking whose hold has run out, not yet swept, occupies any bay during part of [from, until). */
export async function expiredHoldDuring(db: Executor, from: Date, until: Date, now: Date): Promise<boolean> {
  const [stale] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(lapsedHold(now), overlapping(from, until)))
    .limit(1);
  return stale !== undefined;
}

/** How many live bookings hold the slot. */
export async function countLiveBookingsOnSlot(db: Executor, slotId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(bookings)
    .where(and(eq(bookings.slotId, slotId), isLive));
  return row?.value ?? 0;
}
