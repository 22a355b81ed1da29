import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { vehicles } from '../../db/schema';

/** What a booking takes of a garage vehicle: its class and the details it keeps as they were. */
export type LiveVehicle = Pick<
  typeof vehicles.$inferSelect,
  'id' | 'vehicleClassId' | 'make' | 'model' | 'year' | 'colour' | 'plate' | 'plateRegion' | 'nickname'
>;

/** The customer's own vehicle if it is live; undefined for another customer's, an archived or an unknown one. */
export async function findLiveVehicle(
  db: Executor,
  customerId: string,
  vehicleId: string,
): Promise<LiveVehicle | undefined> {
  const [vehicle] = await db
    .select({
      id: vehicles.id,
      vehicleClassId: vehicles.vehicleClassId,
      make: vehicles.make,
      model: vehicles.model,
      year: vehicles.year,
      colour: vehicles.colour,
      plate: vehicles.plate,
      plateRegion: vehicles.plateRegion,
      nickname: vehicles.nickname,
    })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.customerId, customerId), isNull(vehicles.archivedAt)))
    .limit(1);
  return vehicle;
}
