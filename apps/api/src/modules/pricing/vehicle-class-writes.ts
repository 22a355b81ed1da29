import type { CreateVehicleClassInput, UpdateVehicleClassInput, VehicleClass } from '@carcare/contracts/vehicles';
import { MAX_VEHICLE_CLASSES, VEHICLE_CLASS_MESSAGES } from '@carcare/contracts/vehicles-constants';
import { and, asc, count, eq, isNull, max, sql } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database, Executor } from '../../db/client';
import { violates } from '../../db/errors';
import { vehicleClasses, vehicles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { toVehicleClassDto } from './vehicle-classes';

const NAME_KEY = 'vehicle_classes_live_name_key';

/**
 * Runs a write of the classes after those before it, under one lock: the count of live classes, their order
 * and the one default are read and written by one writer at a time, on any number of instances. A name
 * another live class has (whatever its case) is refused by the unique index, however close two writes are.
 */
async function classWrite<T>(db: Database, write: (tx: Executor) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await lockUntilCommit(tx, 'vehicleClasses', 'all');
      return write(tx);
    });
  } catch (error) {
    if (violates(error, NAME_KEY)) throw new AppError(409, VEHICLE_CLASS_MESSAGES.nameTaken);
    throw error;
  }
}

async function unsetDefault(tx: Executor) {
  await tx
    .update(vehicleClasses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(eq(vehicleClasses.isDefault, true));
}

/** The live classes in the shop's order, with the number each has now. */
async function liveOrder(tx: Executor): Promise<{ id: string; sortOrder: number }[]> {
  return tx
    .select({ id: vehicleClasses.id, sortOrder: vehicleClasses.sortOrder })
    .from(vehicleClasses)
    .where(eq(vehicleClasses.active, true))
    .orderBy(asc(vehicleClasses.sortOrder), asc(vehicleClasses.id));
}

/** Numbers the classes 1, 2, 3… in the order given, writing only those whose number changes. */
async function renumber(tx: Executor, ordered: { id: string; sortOrder: number }[]) {
  const moved = ordered
    .map((row, at) => ({ id: row.id, before: row.sortOrder, sortOrder: at + 1 }))
    .filter((row) => row.before !== row.sortOrder);
  if (moved.length === 0) return;
  await tx.execute(
    sql`update ${vehicleClasses} set sort_order = moved.sort_order from (values ${sql.join(
      moved.map((row) => sql`(${row.id}::uuid, ${row.sortOrder}::integer)`),
      sql`, `,
    )}) as moved(id, sort_order) where ${vehicleClasses.id} = moved.id`,
  );
}

/** The live class, locked for the write; archived and unknown ones are not found. */
async function lockedLiveClass(tx: Executor, id: string) {
  const [row] = await tx
    .select()
    .from(vehicleClasses)
    .where(and(eq(vehicleClasses.id, id), eq(vehicleClasses.active, true)))
    .for('update')
    .limit(1);
  if (!row) throw new AppError(404, VEHICLE_CLASS_MESSAGES.notFound);
  return row;
}

async function readClass(tx: Executor, id: string): Promise<VehicleClass> {
  const [row] = await tx.select().from(vehicleClasses).where(eq(vehicleClasses.id, id)).limit(1);
  if (!row) throw new Error('vehicle class vanished while being written');
  return toVehicleClassDto(row);
}

/**
 * Adds a class at the end of the shop's order. It becomes the default when asked to (the old default no
 * longer is) and when there is none yet: the first class ever made is the default.
 */
export async function createVehicleClass(db: Database, input: CreateVehicleClassInput): Promise<VehicleClass> {
  return classWrite(db, async (tx) => {
    const [live] = await tx
      .select({ count: count(), last: max(vehicleClasses.sortOrder) })
      .from(vehicleClasses)
      .where(eq(vehicleClasses.active, true));
    if ((live?.count ?? 0) >= MAX_VEHICLE_CLASSES) throw new AppError(409, VEHICLE_CLASS_MESSAGES.tooMany);
    const [current] = await tx
      .select({ id: vehicleClasses.id })
      .from(vehicleClasses)
      .where(eq(vehicleClasses.isDefault, true))
      .limit(1);
    const isDefault = input.isDefault === true || current === undefined;
    if (isDefault && current) await unsetDefault(tx);
    const [created] = await tx
      .insert(vehicleClasses)
      .values({
        name: input.name,
        description: input.description ?? '',
        sortOrder: (live?.last ?? 0) + 1,
        isDefault,
      })
      .returning();
    if (!created) throw new Error('vehicle class was not stored');
    return toVehicleClassDto(created);
  });
}

/**
 * Renames, describes, moves (to `sortOrder`, from 1; past the end means last, the others numbered 1, 2, 3…
 * again) or makes default a live class. The default cannot be unset: another class is made the default instead.
 */
export async function updateVehicleClass(
  db: Database,
  id: string,
  input: UpdateVehicleClassInput,
): Promise<VehicleClass> {
  return classWrite(db, async (tx) => {
    const row = await lockedLiveClass(tx, id);
    if (input.isDefault === false && row.isDefault) {
      throw new AppError(409, VEHICLE_CLASS_MESSAGES.defaultCannotBeUnset);
    }
    const becomesDefault = input.isDefault === true && !row.isDefault;
    if (becomesDefault) await unsetDefault(tx);
    await tx
      .update(vehicleClasses)
      .set({
        name: input.name,
        description: input.description,
        isDefault: becomesDefault ? true : undefined,
        updatedAt: new Date(),
      })
      .where(eq(vehicleClasses.id, id));
    if (input.sortOrder !== undefined) {
      const ordered = await liveOrder(tx);
      const others = ordered.filter((other) => other.id !== id);
      const index = Math.min(input.sortOrder, ordered.length) - 1;
      await renumber(tx, [...others.slice(0, index), { id, sortOrder: row.sortOrder }, ...others.slice(index)]);
    }
    return readClass(tx, id);
  });
}

/**
 * Archives a class: it leaves the price grids and is no longer offered; bookings made with it keep naming it,
 * and its price rows stay. Refused for the default, and while customers' live vehicles are of the class
 * (counted with the class row locked: a vehicle being saved with it is counted, or finds it archived).
 */
export async function archiveVehicleClass(db: Database, id: string): Promise<VehicleClass> {
  return classWrite(db, async (tx) => {
    const row = await lockedLiveClass(tx, id);
    if (row.isDefault) throw new AppError(409, VEHICLE_CLASS_MESSAGES.defaultCannotBeArchived);
    const [inUse] = await tx
      .select({ value: count() })
      .from(vehicles)
      .where(and(eq(vehicles.vehicleClassId, id), isNull(vehicles.archivedAt)));
    const vehicleCount = inUse?.value ?? 0;
    if (vehicleCount > 0) throw new AppError(409, VEHICLE_CLASS_MESSAGES.inUseByVehicles(vehicleCount));
    await tx.update(vehicleClasses).set({ active: false, updatedAt: new Date() }).where(eq(vehicleClasses.id, id));
    await renumber(tx, await liveOrder(tx));
    return readClass(tx, id);
  });
}
