import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { services, vehicleClasses } from '../../db/schema';

/**
 * Whether every one of these services is live, each then locked against deletion until the transaction ends
 * (a delete waits, or came first and the service is not found). The services table is read here directly:
 * pricing calls no other module.
 */
export async function lockLiveServices(tx: Executor, ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const found = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(inArray(services.id, [...ids]), eq(services.isDeleted, false)))
    .for('share');
  return found.length === new Set(ids).size;
}

/** Whether every one of these classes is live, each then locked against archiving until the transaction ends. */
export async function lockLiveClasses(tx: Executor, ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const found = await tx
    .select({ id: vehicleClasses.id })
    .from(vehicleClasses)
    .where(and(inArray(vehicleClasses.id, [...ids]), eq(vehicleClasses.active, true)))
    .for('share');
  return found.length === new Set(ids).size;
}
