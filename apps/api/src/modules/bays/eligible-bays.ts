import { type AnyColumn, and, asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bayServices, bays, serviceBays } from '../../db/schema';

/**
 * Whether the bay (the `bays` row of the surrounding query) may take a booking of the service: it is
 * active, it serves that service (a bay limited to none serves all) and the service may use it (a service
 * limited to none may use any bay). `serviceId` is a value or a column of the surrounding query.
 */
export function bayServes(serviceId: SQL | AnyColumn | string): SQL {
  return sql`(${bays.active}
    and (not exists (select 1 from ${bayServices} where ${bayServices.bayId} = ${bays.id})
      or exists (select 1 from ${bayServices} where ${bayServices.bayId} = ${bays.id} and ${bayServices.serviceId} = ${serviceId}))
    and (not exists (select 1 from ${serviceBays} where ${serviceBays.serviceId} = ${serviceId})
      or exists (select 1 from ${serviceBays} where ${serviceBays.serviceId} = ${serviceId} and ${serviceBays.bayId} = ${bays.id})))`;
}

/**
 * Locks, until the transaction ends, the bays that may take a booking of the service, and returns their
 * ids: exclusively, for a move of a booking (rescheduling), which then picks among them without racing
 * anyone. A booking being made shares them instead (the database's `reserve_booking`, decision 051), and these
 * locks wait for those bookings, as a bay being deactivated, limited or moved does. Locks are taken in id order,
 * so that no two transactions deadlock. A bay whose limits changed while this waited is judged again by
 * `firstEligibleBay`.
 */
export async function lockEligibleBays(tx: Executor, serviceId: string): Promise<string[]> {
  const locked = await tx
    .select({ id: bays.id })
    .from(bays)
    .where(bayServes(serviceId))
    .orderBy(asc(bays.id))
    .for('no key update');
  return locked.map((bay) => bay.id);
}

/**
 * Of the bays locked by `lockEligibleBays`, the first in the shop's order that may still take a booking of
 * the service and meets `alsoWhere` of its id. Read in a statement of its own, after the locks: a change to
 * a bay's services committed while the lock was awaited is seen here, where the locking statement, which
 * judged the bay's other tables as they stood when it began, could not.
 */
export async function firstEligibleBay(
  tx: Executor,
  serviceId: string,
  lockedIds: string[],
  alsoWhere: (bayId: AnyColumn) => SQL,
): Promise<string | undefined> {
  if (lockedIds.length === 0) return undefined;
  const [bay] = await tx
    .select({ id: bays.id })
    .from(bays)
    .where(and(inArray(bays.id, lockedIds), bayServes(serviceId), alsoWhere(bays.id)))
    .orderBy(asc(bays.sortOrder), asc(bays.id))
    .limit(1);
  return bay?.id;
}

/**
 * How many bays may take a booking of the service (a value or a column of the surrounding query), and
 * also meet `alsoWhere` of the bay's id when given: a correlated subquery for slot lists.
 */
export function eligibleBayCount(serviceId: SQL | AnyColumn, alsoWhere?: (bayId: AnyColumn) => SQL): SQL<number> {
  const extra = alsoWhere ? sql` and ${alsoWhere(bays.id)}` : sql``;
  return sql<number>`(select count(*)::int from ${bays} where ${bayServes(serviceId)}${extra})`;
}
