import { BAY_MESSAGES } from '@carcare/contracts/bays-constants';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bays, serviceBays } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { refuseStrandedBookings } from './stranded-bookings';

/** The bays each service is limited to, in the shop's order; services limited to none are absent. */
export async function baysOfServices(db: Executor, serviceIds: string[]): Promise<Map<string, string[]>> {
  const limited = new Map<string, string[]>();
  if (serviceIds.length === 0) return limited;
  const rows = await db
    .select({ serviceId: serviceBays.serviceId, bayId: serviceBays.bayId })
    .from(serviceBays)
    .innerJoin(bays, eq(bays.id, serviceBays.bayId))
    .where(inArray(serviceBays.serviceId, serviceIds))
    .orderBy(asc(bays.sortOrder), asc(bays.id));
  for (const row of rows) limited.set(row.serviceId, [...(limited.get(row.serviceId) ?? []), row.bayId]);
  return limited;
}

/**
 * Limits the service to these bays (none: any bay), replacing its former list; 404 for an unknown bay, 409
 * when upcoming bookings of it are on a bay left out. The caller has written the service's row in `tx`
 * first, so that bookings of it being made are waited for (see `refuseStrandedBookings`).
 */
export async function limitServiceToBays(tx: Executor, serviceId: string, bayIds: string[]): Promise<void> {
  if (bayIds.length > 0) {
    const known = await tx.select({ id: bays.id }).from(bays).where(inArray(bays.id, bayIds));
    if (known.length !== bayIds.length) throw new AppError(404, BAY_MESSAGES.notFound);
  }
  await tx.delete(serviceBays).where(eq(serviceBays.serviceId, serviceId));
  if (bayIds.length > 0) await tx.insert(serviceBays).values(bayIds.map((bayId) => ({ serviceId, bayId })));
  await refuseStrandedBookings(tx, { serviceId });
}
