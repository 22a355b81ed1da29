import type { CreateVehicleInput, UpdateVehicleInput, Vehicle } from '@carcare/contracts/vehicles';
import { MAX_GARAGE_VEHICLES, VEHICLE_CLASS_MESSAGES, VEHICLE_MESSAGES } from '@carcare/contracts/vehicles-constants';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database, Executor } from '../../db/client';
import { violates } from '../../db/errors';
import { vehicleClasses, vehicles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { lockLiveClass } from '../pricing/public';

type VehicleRow = typeof vehicles.$inferSelect;

const LIVE_PLATE_KEY = 'vehicles_live_plate_key';

function toVehicleDto(vehicle: VehicleRow, className: string): Vehicle {
  return {
    _id: vehicle.id,
    vehicleClass: { _id: vehicle.vehicleClassId, name: className },
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    colour: vehicle.colour,
    plate: vehicle.plate,
    plateRegion: vehicle.plateRegion,
    nickname: vehicle.nickname,
    createdAt: vehicle.createdAt.toISOString(),
  };
}

/** The customer's own vehicle, not archived: another customer's or an archived one is not there for them. */
const ownLive = (customerId: string, vehicleId?: string) =>
  and(
    eq(vehicles.customerId, customerId),
    isNull(vehicles.archivedAt),
    vehicleId === undefined ? undefined : eq(vehicles.id, vehicleId),
  );

async function garageRows(db: Executor, customerId: string, vehicleId?: string): Promise<Vehicle[]> {
  const rows = await db
    .select({ vehicle: vehicles, className: vehicleClasses.name })
    .from(vehicles)
    .innerJoin(vehicleClasses, eq(vehicleClasses.id, vehicles.vehicleClassId))
    .where(ownLive(customerId, vehicleId))
    .orderBy(desc(vehicles.createdAt), desc(vehicles.id));
  return rows.map((row) => toVehicleDto(row.vehicle, row.className));
}

/** The customer's live vehicles, newest first. */
export function listGarage(db: Executor, customerId: string): Promise<Vehicle[]> {
  return garageRows(db, customerId);
}

async function garageVehicle(db: Executor, customerId: string, vehicleId: string): Promise<Vehicle> {
  const [vehicle] = await garageRows(db, customerId, vehicleId);
  if (!vehicle) throw new AppError(404, VEHICLE_MESSAGES.notFound);
  return vehicle;
}

/** Refuses a class that is not offered (unknown or archived). */
async function requireOfferedClass(db: Executor, classId: string): Promise<void> {
  // Share-locked: archiving the class waits for this vehicle, then counts it, and refuses.
  if (!(await lockLiveClass(db, classId))) throw new AppError(400, VEHICLE_CLASS_MESSAGES.notOffered);
}

/** A plate already on another of the customer's live vehicles, as the unique index finds it even when two writes race. */
async function plateRefused<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (violates(error, LIVE_PLATE_KEY)) throw new AppError(409, VEHICLE_MESSAGES.plateTaken);
    throw error;
  }
}

/**
 * Adds a vehicle to the customer's garage. Its live vehicles are counted under the customer's garage lock,
 * so two adds at once cannot both pass the limit.
 */
export async function addVehicle(db: Database, customerId: string, input: CreateVehicleInput): Promise<Vehicle> {
  const id = await plateRefused(
    db.transaction(async (tx) => {
      await lockUntilCommit(tx, 'customerGarage', customerId);
      await requireOfferedClass(tx, input.vehicleClass);
      const [live] = await tx.select({ value: count() }).from(vehicles).where(ownLive(customerId));
      if ((live?.value ?? 0) >= MAX_GARAGE_VEHICLES) throw new AppError(409, VEHICLE_MESSAGES.tooMany);
      const [vehicle] = await tx
        .insert(vehicles)
        .values({
          customerId,
          vehicleClassId: input.vehicleClass,
          make: input.make,
          model: input.model,
          year: input.year ?? null,
          colour: input.colour ?? '',
          plate: input.plate ?? null,
          plateRegion: input.plateRegion ?? '',
          nickname: input.nickname ?? '',
        })
        .returning({ id: vehicles.id });
      if (!vehicle) throw new Error('vehicle was not stored');
      return vehicle.id;
    }),
  );
  return garageVehicle(db, customerId, id);
}

/** Changes the given fields of one of the customer's live vehicles; null or '' clears the year or the plate. */
export async function updateVehicle(
  db: Database,
  customerId: string,
  vehicleId: string,
  input: UpdateVehicleInput,
): Promise<Vehicle> {
  await plateRefused(
    db.transaction(async (tx) => {
      const [own] = await tx
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(ownLive(customerId, vehicleId))
        .for('update');
      if (!own) throw new AppError(404, VEHICLE_MESSAGES.notFound);
      if (input.vehicleClass !== undefined) await requireOfferedClass(tx, input.vehicleClass);
      await tx
        .update(vehicles)
        .set({
          vehicleClassId: input.vehicleClass,
          make: input.make,
          model: input.model,
          year: input.year,
          colour: input.colour,
          plate: input.plate,
          plateRegion: input.plateRegion,
          nickname: input.nickname,
          updatedAt: new Date(),
        })
        .where(eq(vehicles.id, vehicleId));
    }),
  );
  return garageVehicle(db, customerId, vehicleId);
}

/** Archives one of the customer's live vehicles: gone from the garage, still named by the bookings made with it. */
export async function archiveVehicle(db: Executor, customerId: string, vehicleId: string): Promise<Vehicle> {
  const vehicle = await garageVehicle(db, customerId, vehicleId);
  const [archived] = await db
    .update(vehicles)
    .set({ archivedAt: new Date(), updatedAt: new Date() })
    .where(ownLive(customerId, vehicleId))
    .returning({ id: vehicles.id });
  if (!archived) throw new AppError(404, VEHICLE_MESSAGES.notFound);
  return vehicle;
}
