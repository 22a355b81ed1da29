import type {
  Service,
  ServiceDetail,
  ServiceInput,
  ServiceListItem,
  ServiceListQuery,
} from '@carcare/contracts/services';
import { SERVICE_MESSAGES } from '@carcare/contracts/services-constants';
import { inWeekdayOrder, type WeeklyHours } from '@carcare/contracts/shop-settings';
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { type ServiceRow, services } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/search';
import { baysOfServices, limitServiceToBays } from '../bays/public';
import { listAddOnOffers, priceFromCents, servicePriceGrids } from '../pricing/public';

const toCents = (dollars: number) => Math.round(dollars * 100);

function toServiceDto(service: ServiceRow, bays: string[]): Service {
  return {
    _id: service.id,
    name: service.name,
    description: service.description,
    duration: service.durationMinutes,
    price: service.priceCents / 100,
    bufferMinutes: service.bufferMinutes,
    paymentMode: service.paymentMode,
    bays,
    isDeleted: service.isDeleted,
    createdAt: service.createdAt.toISOString(),
    hours: service.hours === null ? null : inWeekdayOrder(service.hours),
  };
}

/** A catalogue row: the service and the lowest price (cents) any live class pays for it. */
type ServiceListRow = ServiceRow & { priceFromCents: number };

/** Catalogue entries as the API shows them, each with the bays it is limited to. */
export async function toServiceListItems(db: Executor, rows: ServiceListRow[]): Promise<ServiceListItem[]> {
  const limited = await baysOfServices(
    db,
    rows.map((service) => service.id),
  );
  return rows.map((service) => ({
    ...toServiceDto(service, limited.get(service.id) ?? []),
    priceFrom: service.priceFromCents / 100,
  }));
}

/**
 * A service as every answer about one service shows it: its bays, its price and duration for each live
 * vehicle class, its lowest price ("from $X") and the add-ons offered with it.
 */
export async function toServiceDetail(db: Executor, service: ServiceRow): Promise<ServiceDetail> {
  const [limited, grids, addOns] = await Promise.all([
    baysOfServices(db, [service.id]),
    servicePriceGrids(db, [service]),
    listAddOnOffers(db, service.id),
  ]);
  const prices = grids.get(service.id) ?? [];
  return {
    ...toServiceDto(service, limited.get(service.id) ?? []),
    priceFrom: prices.length === 0 ? service.priceCents / 100 : Math.min(...prices.map((price) => price.price)),
    prices,
    addOns,
  };
}

const ORDER: Record<ServiceListQuery['sort'], SQL[]> = {
  price: [asc(services.priceCents), asc(services.id)],
  '-price': [desc(services.priceCents), desc(services.id)],
  createdAt: [asc(services.createdAt), asc(services.id)],
  '-createdAt': [desc(services.createdAt), desc(services.id)],
};

/** Live services matching the catalogue filters, one page of them, and how many match in all. */
export async function listServices(db: Executor, query: ServiceListQuery) {
  const filters = [eq(services.isDeleted, false)];
  if (query.searchTerm) filters.push(ilike(services.name, containsPattern(query.searchTerm)));
  if (query.min !== undefined) filters.push(gte(services.priceCents, Math.ceil(query.min * 100)));
  if (query.max !== undefined) filters.push(lte(services.priceCents, Math.floor(query.max * 100)));
  const where = and(...filters);

  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(services), priceFromCents: priceFromCents(services) })
      .from(services)
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(services).where(where),
  ]);
  return { services: rows, totalDoc: total?.value ?? 0 };
}

export async function listServiceNames(db: Executor) {
  return db
    .select({ _id: services.id, name: services.name })
    .from(services)
    .where(eq(services.isDeleted, false))
    .orderBy(asc(services.name));
}

/** A service that can be shown and booked; deleted ones are not found. */
/** Every live service's id and when it last changed, oldest first: the pages search engines may list. */
export async function listLiveServicePages(db: Executor): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: services.id, updatedAt: services.updatedAt })
    .from(services)
    .where(eq(services.isDeleted, false))
    .orderBy(asc(services.createdAt), asc(services.id));
}

export async function findLiveService(db: Executor, id: string): Promise<ServiceRow | undefined> {
  const statement = prepared(db, 'find_live_service', (handle) =>
    handle
      .select()
      .from(services)
      .where(and(eq(services.id, sql.placeholder('id')), eq(services.isDeleted, false)))
      .limit(1)
      .prepare('find_live_service'),
  );
  const [service] = await statement.execute({ id });
  return service;
}

/**
 * The live service, locked against deletion until the transaction ends: a booking made with it can
 * never be of a service deleted meanwhile (a concurrent delete waits, or it came first and nothing is found).
 */
export async function lockLiveService(db: Executor, id: string): Promise<ServiceRow | undefined> {
  const [service] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, id), eq(services.isDeleted, false)))
    .for('share')
    .limit(1);
  return service;
}

export async function getLiveService(db: Executor, id: string): Promise<ServiceRow> {
  const service = await findLiveService(db, id);
  if (!service) throw new AppError(404, SERVICE_MESSAGES.notFound);
  return service;
}

/** Creates a service and, in the same transaction, limits it to its bays: both or neither are stored. */
export async function createService(db: Database, input: ServiceInput): Promise<ServiceRow> {
  return db.transaction(async (tx) => {
    const [service] = await tx
      .insert(services)
      .values({
        name: input.name,
        description: input.description,
        durationMinutes: input.duration,
        priceCents: toCents(input.price),
        bufferMinutes: input.bufferMinutes,
        paymentMode: input.paymentMode,
      })
      .returning();
    if (!service) throw new Error('service was not stored');
    if (input.bays !== undefined) await limitServiceToBays(tx, service.id, input.bays);
    return service;
  });
}

/** Changes the fields given; the bays the service is limited to change only when `bays` is given. */
export async function updateService(db: Database, id: string, input: Partial<ServiceInput>): Promise<ServiceRow> {
  return db.transaction(async (tx) => {
    const [service] = await tx
      .update(services)
      .set({
        name: input.name,
        description: input.description,
        durationMinutes: input.duration,
        priceCents: input.price === undefined ? undefined : toCents(input.price),
        bufferMinutes: input.bufferMinutes,
        paymentMode: input.paymentMode,
        // Set even when only the bays change, so that the row is locked and found (or not) all the same.
        updatedAt: new Date(),
      })
      .where(and(eq(services.id, id), eq(services.isDeleted, false)))
      .returning();
    if (!service) throw new AppError(404, SERVICE_MESSAGES.notFound);
    if (input.bays !== undefined) await limitServiceToBays(tx, id, input.bays);
    return service;
  });
}

/** Soft delete: the service leaves lists, names and booking; past bookings keep showing it. */
export async function deleteService(db: Executor, id: string): Promise<ServiceRow> {
  const [service] = await db
    .update(services)
    .set({ isDeleted: true })
    .where(and(eq(services.id, id), eq(services.isDeleted, false)))
    .returning();
  if (!service) throw new AppError(404, SERVICE_MESSAGES.notFound);
  return service;
}

/**
 * Sets the hours a live service is offered in, inside the shop's (null: whenever the shop is open). Its
 * generated times follow on their next read, as after a change of its duration.
 */
export async function setServiceHours(db: Executor, id: string, hours: WeeklyHours | null): Promise<ServiceRow> {
  const [service] = await db
    .update(services)
    .set({ hours: hours === null ? null : inWeekdayOrder(hours), updatedAt: new Date() })
    .where(and(eq(services.id, id), eq(services.isDeleted, false)))
    .returning();
  if (!service) throw new AppError(404, SERVICE_MESSAGES.notFound);
  return service;
}
