import { BAY_MESSAGES, type StrandedBooking } from '@carcare/contracts/bays-constants';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bayServices, bookings, serviceBays, services, slots } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** Whose limits changed: a bay's services, or a service's bays. */
type ChangedLimits = { bayId: string } | { serviceId: string };

/**
 * The upcoming live bookings (confirmed, or held and not yet run out, as the deactivation check counts
 * them) that the limits as they now stand would no longer allow on their bay, in the order they start.
 */
function strandedBookings(tx: Executor, changed: ChangedLimits): Promise<StrandedBooking[]> {
  const outOfLimits =
    'bayId' in changed
      ? sql`${bookings.bayId} = ${changed.bayId}
          and exists (select 1 from ${bayServices} where ${bayServices.bayId} = ${changed.bayId})
          and not exists (select 1 from ${bayServices}
            where ${bayServices.bayId} = ${changed.bayId} and ${bayServices.serviceId} = ${bookings.serviceId})`
      : sql`${bookings.serviceId} = ${changed.serviceId}
          and exists (select 1 from ${serviceBays} where ${serviceBays.serviceId} = ${changed.serviceId})
          and not exists (select 1 from ${serviceBays}
            where ${serviceBays.serviceId} = ${changed.serviceId} and ${serviceBays.bayId} = ${bookings.bayId})`;
  return tx
    .select({ date: slots.date, startTime: slots.startTime, service: services.name })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(
      sql`${outOfLimits} and ${bookings.occupiedUntil} > now()
        and (${bookings.status} = 'confirm' or (${bookings.status} = 'pending' and ${bookings.holdExpiresAt} > now()))`,
    )
    .orderBy(asc(bookings.occupiedFrom), asc(bookings.id));
}

/**
 * Refuses (409, listing them) new limits of a bay or a service that would leave upcoming bookings on a bay
 * that may no longer take them. Called in the transaction that wrote the limits, after it updated the bay's
 * or the service's row: bookings share-lock both until they commit (the database's `reserve_booking`), so
 * that update waited for every booking that could still land here, and this statement, in a snapshot of its
 * own, sees them all. Bookings made afterwards wait for this transaction and are judged by the new limits.
 */
export async function refuseStrandedBookings(tx: Executor, changed: ChangedLimits): Promise<void> {
  const stranded = await strandedBookings(tx, changed);
  if (stranded.length === 0) return;
  throw new AppError(
    409,
    'bayId' in changed
      ? BAY_MESSAGES.limitStrandsBookings(stranded)
      : BAY_MESSAGES.serviceLimitStrandsBookings(stranded),
  );
}
