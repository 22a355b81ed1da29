import type { Bay, CreateBayInput, UpdateBayInput } from '@carcare/contracts/bays';
import { BAY_MESSAGES } from '@carcare/contracts/bays-constants';
import { asc, eq, max, sql } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database, Executor } from '../../db/client';
import { databaseErrorOf } from '../../db/errors';
import { type BayRow, bayServices, bays } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { refuseStrandedBookings } from './stranded-bookings';

const NAME_KEY = 'bays_name_key';
const DEACTIVATION_CHECK = 'bays_inactive_without_upcoming_bookings';
const SERVICE_FK = 'bay_services_service_id_services_id_fk';

function toBayDto(bay: BayRow, services: string[]): Bay {
  return { _id: bay.id, name: bay.name, active: bay.active, sortOrder: bay.sortOrder, services };
}

/** The services each bay is limited to: of one bay, or of all when none is named. */
async function servicesOfBays(db: Executor, bayId?: string): Promise<Map<string, string[]>> {
  const served = new Map<string, string[]>();
  const rows = await db
    .select()
    .from(bayServices)
    .where(bayId === undefined ? undefined : eq(bayServices.bayId, bayId))
    .orderBy(asc(bayServices.serviceId));
  for (const row of rows) served.set(row.bayId, [...(served.get(row.bayId) ?? []), row.serviceId]);
  return served;
}

/** Every bay, active or not, in the shop's order. */
export async function listBays(db: Executor): Promise<Bay[]> {
  const rows = await db.select().from(bays).orderBy(asc(bays.sortOrder), asc(bays.id));
  const served = await servicesOfBays(db);
  return rows.map((bay) => toBayDto(bay, served.get(bay.id) ?? []));
}

async function getBay(db: Executor, id: string): Promise<Bay> {
  const [bay] = await db.select().from(bays).where(eq(bays.id, id)).limit(1);
  if (!bay) throw new AppError(404, BAY_MESSAGES.notFound);
  return toBayDto(bay, (await servicesOfBays(db, id)).get(id) ?? []);
}

/** The database's refusals of a bay write, as answers the administrator can act on. */
function refusal(error: unknown): AppError | undefined {
  const cause = databaseErrorOf(error);
  if (cause?.constraint === NAME_KEY) return new AppError(409, BAY_MESSAGES.nameTaken);
  if (cause?.constraint === SERVICE_FK) return new AppError(404, BAY_MESSAGES.serviceUnknown);
  if (cause?.constraint === DEACTIVATION_CHECK) {
    return new AppError(409, BAY_MESSAGES.hasUpcomingBookings(Number(cause.detail)));
  }
  return undefined;
}

async function refusedAsAppError<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    throw refusal(error) ?? error;
  }
}

async function limitBayToServices(tx: Executor, bayId: string, serviceIds: string[]) {
  await tx.delete(bayServices).where(eq(bayServices.bayId, bayId));
  if (serviceIds.length > 0) await tx.insert(bayServices).values(serviceIds.map((serviceId) => ({ bayId, serviceId })));
}

/** Adds a bay at the end of the shop's order, serving the given services (none: every service). */
export async function createBay(db: Database, input: CreateBayInput): Promise<Bay> {
  const id = await refusedAsAppError(
    db.transaction(async (tx) => {
      await lockUntilCommit(tx, 'bayOrder', 'all');
      const [last] = await tx.select({ value: max(bays.sortOrder) }).from(bays);
      const [bay] = await tx
        .insert(bays)
        .values({ name: input.name, sortOrder: (last?.value ?? 0) + 1 })
        .returning({ id: bays.id });
      if (!bay) throw new Error('bay was not stored');
      await limitBayToServices(tx, bay.id, input.services ?? []);
      return bay.id;
    }),
  );
  return getBay(db, id);
}

/**
 * Moves the bay to `position` (from 1; past the end means last) and numbers every bay 1, 2, 3… again.
 * Under the order lock, so that two moves at once cannot leave two bays in one place, and with every bay
 * row locked in id order first, as bookings lock them, so that a move and a booking never deadlock.
 */
async function moveBay(tx: Executor, id: string, position: number) {
  await lockUntilCommit(tx, 'bayOrder', 'all');
  const ordered = await tx
    .select({ id: bays.id, sortOrder: bays.sortOrder })
    .from(bays)
    .orderBy(asc(bays.id))
    .for('no key update');
  ordered.sort((a, b) => a.sortOrder - b.sortOrder || a.id.localeCompare(b.id));
  const others = ordered.filter((bay) => bay.id !== id);
  const index = Math.min(position, ordered.length) - 1;
  const order = [...others.slice(0, index), { id, sortOrder: 0 }, ...others.slice(index)];
  const current = new Map(ordered.map((bay) => [bay.id, bay.sortOrder]));
  // Bays whose place is unchanged are not written: their rows stay unlocked for bookings meanwhile.
  const moved = order
    .map((bay, at) => ({ id: bay.id, sortOrder: at + 1 }))
    .filter((bay) => current.get(bay.id) !== bay.sortOrder);
  if (moved.length === 0) return;
  await tx.execute(
    sql`update ${bays} set sort_order = moved.sort_order from (values ${sql.join(
      moved.map((bay) => sql`(${bay.id}::uuid, ${bay.sortOrder}::integer)`),
      sql`, `,
    )}) as moved(id, sort_order) where ${bays.id} = moved.id`,
  );
}

/**
 * Renames, reorders, (de)activates and limits a bay, all or nothing. Deactivation is refused while live
 * bookings lie ahead on the bay: the database checks it (trigger function db/functions/bay_deactivation_check.sql)
 * once no booking that could take the bay is still being made. So is a limit that leaves upcoming bookings
 * of other services on it, checked once the bay's row is held in the same way (`refuseStrandedBookings`).
 */
export async function updateBay(db: Database, id: string, input: UpdateBayInput): Promise<Bay> {
  await refusedAsAppError(
    db.transaction(async (tx) => {
      if (input.sortOrder !== undefined) await moveBay(tx, id, input.sortOrder);
      const [bay] = await tx
        .update(bays)
        .set({ name: input.name, active: input.active, updatedAt: new Date() })
        .where(eq(bays.id, id))
        .returning({ id: bays.id });
      if (!bay) throw new AppError(404, BAY_MESSAGES.notFound);
      if (input.services !== undefined) {
        await limitBayToServices(tx, id, input.services);
        await refuseStrandedBookings(tx, { bayId: id });
      }
    }),
  );
  return getBay(db, id);
}
