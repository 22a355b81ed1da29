import type { ClassPrice } from '@carcare/contracts/services';
import { and, asc, type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { addOnClassPrices, serviceClassPrices, vehicleClasses } from '../../db/schema';

/** Something priced by class (a service, an add-on): its own price and minutes, which a class may replace. */
export type Priced = { id: string; priceCents: number; minutes: number };

/** One live class's price and minutes for something: its own, or (own: false) the thing's. */
export type GridEntry = { vehicleClass: string; name: string; price: number; minutes: number; own: boolean };

/** A live class (in the shop's order) and, when it has one, its own price of one of the things read. */
type ClassCell = {
  classId: string;
  className: string;
  itemId: string | null;
  priceCents: number | null;
  minutes: number | null;
};

/** Each thing's grid, one entry per live class in the shop's order, from the cells read class by class. */
function assembleGrids(cells: ClassCell[], items: readonly Priced[]): Map<string, GridEntry[]> {
  const classes: { id: string; name: string }[] = [];
  const own = new Map<string, { priceCents: number; minutes: number }>();
  for (const cell of cells) {
    if (classes.at(-1)?.id !== cell.classId) classes.push({ id: cell.classId, name: cell.className });
    if (cell.itemId !== null && cell.priceCents !== null && cell.minutes !== null) {
      own.set(`${cell.classId} ${cell.itemId}`, { priceCents: cell.priceCents, minutes: cell.minutes });
    }
  }
  const grids = new Map<string, GridEntry[]>();
  for (const item of items) {
    grids.set(
      item.id,
      classes.map((vehicleClass) => {
        const price = own.get(`${vehicleClass.id} ${item.id}`);
        return {
          vehicleClass: vehicleClass.id,
          name: vehicleClass.name,
          price: (price?.priceCents ?? item.priceCents) / 100,
          minutes: price?.minutes ?? item.minutes,
          own: price !== undefined,
        };
      }),
    );
  }
  return grids;
}

/**
 * The live classes in the shop's order, each joined to its own prices among `itemIds` in `table`: one row per
 * class without any, one per thing priced otherwise. One statement for any number of things.
 */
async function classCells(
  db: Executor,
  table: { itemId: Column; vehicleClassId: Column; priceCents: Column; minutes: Column; from: PgTable },
  itemIds: string[],
): Promise<ClassCell[]> {
  const rows = await db
    .select({
      classId: vehicleClasses.id,
      className: vehicleClasses.name,
      itemId: sql<string | null>`${table.itemId}`,
      priceCents: sql<number | null>`${table.priceCents}`,
      minutes: sql<number | null>`${table.minutes}`,
    })
    .from(vehicleClasses)
    .leftJoin(table.from, and(eq(table.vehicleClassId, vehicleClasses.id), inArray(table.itemId, itemIds)))
    .where(eq(vehicleClasses.active, true))
    .orderBy(asc(vehicleClasses.sortOrder), asc(vehicleClasses.id));
  return rows.map((row) => ({
    ...row,
    priceCents: row.priceCents === null ? null : Number(row.priceCents),
    minutes: row.minutes === null ? null : Number(row.minutes),
  }));
}

/** Each service's price and duration for every live class in the shop's order (`prices` of a service). */
export async function servicePriceGrids(
  db: Executor,
  services: readonly { id: string; priceCents: number; durationMinutes: number }[],
): Promise<Map<string, ClassPrice[]>> {
  if (services.length === 0) return new Map();
  const cells = await classCells(
    db,
    {
      from: serviceClassPrices,
      itemId: serviceClassPrices.serviceId,
      vehicleClassId: serviceClassPrices.vehicleClassId,
      priceCents: serviceClassPrices.priceCents,
      minutes: serviceClassPrices.durationMinutes,
    },
    services.map((service) => service.id),
  );
  const grids = assembleGrids(
    cells,
    services.map((service) => ({ id: service.id, priceCents: service.priceCents, minutes: service.durationMinutes })),
  );
  return new Map(
    [...grids].map(([id, grid]) => [id, grid.map(({ minutes, ...entry }) => ({ ...entry, duration: minutes }))]),
  );
}

/** Each add-on's price and minutes for every live class in the shop's order (`prices` of an add-on). */
export async function addOnPriceGrids(db: Executor, addOns: readonly Priced[]): Promise<Map<string, GridEntry[]>> {
  if (addOns.length === 0) return new Map();
  const cells = await classCells(
    db,
    {
      from: addOnClassPrices,
      itemId: addOnClassPrices.addOnId,
      vehicleClassId: addOnClassPrices.vehicleClassId,
      priceCents: addOnClassPrices.priceCents,
      minutes: addOnClassPrices.extraMinutes,
    },
    addOns.map((addOn) => addOn.id),
  );
  return assembleGrids(cells, addOns);
}

/**
 * The lowest price (cents) any live class pays for the service whose id and base price are given: its own
 * for the class, or the base one. The base price when the shop has no live class. A correlated subquery, so
 * that the catalogue stays one statement.
 */
export function priceFromCents(service: { id: Column; priceCents: Column }): SQL<number> {
  const lowest = sql`coalesce((select min(coalesce(${serviceClassPrices.priceCents}, ${service.priceCents}))
    from ${vehicleClasses} left join ${serviceClassPrices}
      on ${serviceClassPrices.vehicleClassId} = ${vehicleClasses.id} and ${serviceClassPrices.serviceId} = ${service.id}
    where ${vehicleClasses.active}), ${service.priceCents})`;
  // Nested once: a select from one table writes the columns of its expressions without their table, which
  // inside this subquery would name the classes' or the prices' own columns; a nested expression keeps them.
  return sql`${lowest}`.mapWith(Number);
}
