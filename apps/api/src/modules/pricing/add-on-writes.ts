import type { AddOn, CreateAddOnInput, UpdateAddOnInput } from '@carcare/contracts/add-ons';
import { ADD_ON_MESSAGES, MAX_ACTIVE_ADD_ONS } from '@carcare/contracts/add-ons-constants';
import { count, eq, max } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database, Executor } from '../../db/client';
import { violates } from '../../db/errors';
import { addOnClassPrices, addOnServices, addOns } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { getAddOn } from './add-ons';
import { lockLiveClasses, lockLiveServices } from './live-rows';

const NAME_KEY = 'add_ons_live_name_key';
const toCents = (dollars: number) => Math.round(dollars * 100);

/**
 * Runs a write of the add-ons after those before it, under one lock, so that the count of active add-ons
 * cannot be raced past. An active name another active add-on has (whatever its case) is refused by the
 * unique index.
 */
async function addOnWrite(db: Database, write: (tx: Executor) => Promise<string>): Promise<AddOn> {
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      await lockUntilCommit(tx, 'addOns', 'all');
      return write(tx);
    });
  } catch (error) {
    if (violates(error, NAME_KEY)) throw new AppError(409, ADD_ON_MESSAGES.nameTaken);
    throw error;
  }
  return getAddOn(db, id);
}

async function refuseBeyondActiveLimit(tx: Executor) {
  const [active] = await tx.select({ value: count() }).from(addOns).where(eq(addOns.active, true));
  if ((active?.value ?? 0) >= MAX_ACTIVE_ADD_ONS) throw new AppError(409, ADD_ON_MESSAGES.tooMany);
}

/** Offers the add-on with exactly these live services (locked until the write commits, so none is deleted meanwhile). */
async function offerWith(tx: Executor, addOnId: string, serviceIds: string[]) {
  if (!(await lockLiveServices(tx, serviceIds))) throw new AppError(400, ADD_ON_MESSAGES.serviceUnknown);
  await tx.delete(addOnServices).where(eq(addOnServices.addOnId, addOnId));
  if (serviceIds.length > 0)
    await tx.insert(addOnServices).values(serviceIds.map((serviceId) => ({ addOnId, serviceId })));
}

/** Gives the add-on exactly these classes' own prices and minutes; the other classes take the add-on's. */
async function priceByClass(tx: Executor, addOnId: string, prices: NonNullable<CreateAddOnInput['prices']>) {
  const classIds = prices.map((price) => price.vehicleClass);
  if (!(await lockLiveClasses(tx, classIds))) throw new AppError(400, ADD_ON_MESSAGES.classUnknown);
  await tx.delete(addOnClassPrices).where(eq(addOnClassPrices.addOnId, addOnId));
  if (prices.length === 0) return;
  await tx.insert(addOnClassPrices).values(
    prices.map((price) => ({
      addOnId,
      vehicleClassId: price.vehicleClass,
      priceCents: toCents(price.price),
      extraMinutes: price.minutes,
    })),
  );
}

/** Adds an add-on at the end of the shop's order, with the services it is offered with and its class prices. */
export async function createAddOn(db: Database, input: CreateAddOnInput): Promise<AddOn> {
  return addOnWrite(db, async (tx) => {
    const active = input.active ?? true;
    if (active) await refuseBeyondActiveLimit(tx);
    const [last] = await tx.select({ value: max(addOns.sortOrder) }).from(addOns);
    const [created] = await tx
      .insert(addOns)
      .values({
        name: input.name,
        description: input.description ?? '',
        priceCents: toCents(input.price),
        extraMinutes: input.minutes,
        active,
        sortOrder: (last?.value ?? 0) + 1,
      })
      .returning({ id: addOns.id });
    if (!created) throw new Error('add-on was not stored');
    await offerWith(tx, created.id, input.services ?? []);
    await priceByClass(tx, created.id, input.prices ?? []);
    return created.id;
  });
}

/** Changes the fields given; `services` and `prices`, when given, replace the lists whole. */
export async function updateAddOn(db: Database, id: string, input: UpdateAddOnInput): Promise<AddOn> {
  return addOnWrite(db, async (tx) => {
    const [row] = await tx.select().from(addOns).where(eq(addOns.id, id)).for('update').limit(1);
    if (!row) throw new AppError(404, ADD_ON_MESSAGES.notFound);
    if (input.active === true && !row.active) await refuseBeyondActiveLimit(tx);
    await tx
      .update(addOns)
      .set({
        name: input.name,
        description: input.description,
        priceCents: input.price === undefined ? undefined : toCents(input.price),
        extraMinutes: input.minutes,
        active: input.active,
        updatedAt: new Date(),
      })
      .where(eq(addOns.id, id));
    if (input.services !== undefined) await offerWith(tx, id, input.services);
    if (input.prices !== undefined) await priceByClass(tx, id, input.prices);
    return id;
  });
}

/** No longer offered or bookable; the bookings that had it keep their line. */
export async function deactivateAddOn(db: Database, id: string): Promise<AddOn> {
  const [row] = await db
    .update(addOns)
    .set({ active: false, updatedAt: new Date() })
    .where(eq(addOns.id, id))
    .returning({ id: addOns.id });
  if (!row) throw new AppError(404, ADD_ON_MESSAGES.notFound);
  return getAddOn(db, id);
}
