import type { AddOn, AddOnOffer } from '@carcare/contracts/add-ons';
import { ADD_ON_MESSAGES } from '@carcare/contracts/add-ons-constants';
import { and, asc, eq, exists, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { addOnServices, addOns, services } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { addOnPriceGrids, type GridEntry } from './price-grid';

type AddOnRow = typeof addOns.$inferSelect;

const priced = (row: AddOnRow) => ({ id: row.id, priceCents: row.priceCents, minutes: row.extraMinutes });

function toOffer(row: AddOnRow, prices: GridEntry[]): AddOnOffer {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: row.priceCents / 100,
    minutes: row.extraMinutes,
    prices,
  };
}

async function addOnRows(db: Executor, where: SQL | undefined): Promise<AddOnRow[]> {
  return db.select().from(addOns).where(where).orderBy(asc(addOns.sortOrder), asc(addOns.id));
}

/**
 * The active add-ons in the shop's order, each with its price and minutes for every live class; only those
 * offered with the service when one is named (`GET /api/add-ons`, a service's `addOns`).
 */
export async function listAddOnOffers(db: Executor, serviceId?: string): Promise<AddOnOffer[]> {
  const offeredWith =
    serviceId === undefined
      ? undefined
      : exists(
          db
            .select()
            .from(addOnServices)
            .where(and(eq(addOnServices.addOnId, addOns.id), eq(addOnServices.serviceId, serviceId))),
        );
  const rows = await addOnRows(db, and(eq(addOns.active, true), offeredWith));
  const grids = await addOnPriceGrids(db, rows.map(priced));
  return rows.map((row) => toOffer(row, grids.get(row.id) ?? []));
}

/** The live services each add-on is offered with, by add-on: deleted services are offered with nothing. */
async function servicesOfAddOns(db: Executor, addOnIds: string[]): Promise<Map<string, string[]>> {
  const offered = new Map<string, string[]>();
  if (addOnIds.length === 0) return offered;
  const rows = await db
    .select({ addOnId: addOnServices.addOnId, serviceId: addOnServices.serviceId })
    .from(addOnServices)
    .innerJoin(services, eq(services.id, addOnServices.serviceId))
    .where(and(inArray(addOnServices.addOnId, addOnIds), eq(services.isDeleted, false)))
    .orderBy(asc(addOnServices.serviceId));
  for (const row of rows) offered.set(row.addOnId, [...(offered.get(row.addOnId) ?? []), row.serviceId]);
  return offered;
}

async function toAddOns(db: Executor, rows: AddOnRow[]): Promise<AddOn[]> {
  const ids = rows.map((row) => row.id);
  const [grids, offered] = await Promise.all([addOnPriceGrids(db, rows.map(priced)), servicesOfAddOns(db, ids)]);
  return rows.map((row) => ({
    ...toOffer(row, grids.get(row.id) ?? []),
    active: row.active,
    services: offered.get(row.id) ?? [],
    sortOrder: row.sortOrder,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Every add-on, active or not, in the shop's order, as the administrator manages them. */
export async function listAllAddOns(db: Executor): Promise<AddOn[]> {
  return toAddOns(db, await addOnRows(db, undefined));
}

/** One add-on, active or not, as the administrator manages it. */
export async function getAddOn(db: Executor, id: string): Promise<AddOn> {
  const [addOn] = await toAddOns(db, await addOnRows(db, eq(addOns.id, id)));
  if (!addOn) throw new AppError(404, ADD_ON_MESSAGES.notFound);
  return addOn;
}
