import type { VehicleClass } from '@carcare/contracts/vehicles';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { vehicleClasses } from '../../db/schema';

type VehicleClassRow = typeof vehicleClasses.$inferSelect;

export function toVehicleClassDto(row: VehicleClassRow): VehicleClass {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    sortOrder: row.sortOrder,
    isDefault: row.isDefault,
    active: row.active,
  };
}

const live = eq(vehicleClasses.active, true);

/** The classes the shop offers, in its order: the columns of every price grid. */
export async function listLiveClasses(db: Executor): Promise<VehicleClass[]> {
  const rows = await db
    .select()
    .from(vehicleClasses)
    .where(live)
    .orderBy(asc(vehicleClasses.sortOrder), asc(vehicleClasses.id));
  return rows.map(toVehicleClassDto);
}

/** Every class, the live ones first in the shop's order, then the archived ones. */
export async function listAllClasses(db: Executor): Promise<VehicleClass[]> {
  const rows = await db
    .select()
    .from(vehicleClasses)
    .orderBy(desc(vehicleClasses.active), asc(vehicleClasses.sortOrder), asc(vehicleClasses.id));
  return rows.map(toVehicleClassDto);
}

/**
 * A class the shop offers (unknown and archived ones are not found), locked against archiving until the
 * transaction ends: a vehicle or a price stored with it is never of a class archived meanwhile (the archive
 * waits, then counts what was stored).
 */
export async function lockLiveClass(db: Executor, id: string): Promise<VehicleClass | undefined> {
  const [row] = await db
    .select()
    .from(vehicleClasses)
    .where(and(eq(vehicleClasses.id, id), live))
    .for('share')
    .limit(1);
  return row && toVehicleClassDto(row);
}
