import type { Plan } from '@carcare/contracts/plans';
import { PLAN_MESSAGES } from '@carcare/contracts/plans-constants';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { addOns, planAddOns, planServices, plans, services } from '../../db/schema';
import { AppError } from '../../lib/app-error';

type PlanRow = typeof plans.$inferSelect;
type Covered = Plan['services'][number];

/** Memberships before packs, each by price, then by name: the order the Wash club page offers them in. */
const offerOrder = [asc(plans.kind), asc(plans.priceCents), asc(sql`lower(${plans.name})`), asc(plans.id)];

/** Covered items by plan, in the order each list was read. */
function byPlan(rows: Array<{ planId: string } & Covered>): Map<string, Covered[]> {
  const covered = new Map<string, Covered[]>();
  for (const { planId, _id, name } of rows) covered.set(planId, [...(covered.get(planId) ?? []), { _id, name }]);
  return covered;
}

/**
 * The live services and the offered add-ons each plan covers: a service deleted or an add-on deactivated since
 * drops out of what the plan shows, as it can no longer be booked. Services cheapest first, add-ons in the
 * shop's order.
 */
async function coveredBy(db: Executor, planIds: string[]) {
  if (planIds.length === 0) return { services: new Map<string, Covered[]>(), addOns: new Map<string, Covered[]>() };
  const [serviceRows, addOnRows] = await Promise.all([
    db
      .select({ planId: planServices.planId, _id: services.id, name: services.name })
      .from(planServices)
      .innerJoin(services, eq(services.id, planServices.serviceId))
      .where(and(inArray(planServices.planId, planIds), eq(services.isDeleted, false)))
      .orderBy(asc(services.priceCents), asc(services.name), asc(services.id)),
    db
      .select({ planId: planAddOns.planId, _id: addOns.id, name: addOns.name })
      .from(planAddOns)
      .innerJoin(addOns, eq(addOns.id, planAddOns.addOnId))
      .where(and(inArray(planAddOns.planId, planIds), eq(addOns.active, true)))
      .orderBy(asc(addOns.sortOrder), asc(addOns.id)),
  ]);
  return { services: byPlan(serviceRows), addOns: byPlan(addOnRows) };
}

async function toPlans(db: Executor, rows: PlanRow[]): Promise<Plan[]> {
  const covered = await coveredBy(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    _id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    price: row.priceCents / 100,
    interval: row.interval,
    washes: row.washes,
    washesPerDay: row.washesPerDay,
    vehicles: row.vehicles,
    validDays: row.validDays,
    services: covered.services.get(row.id) ?? [],
    addOns: covered.addOns.get(row.id) ?? [],
    active: row.retiredAt === null,
    createdAt: row.createdAt.toISOString(),
  }));
}

const planRows = (db: Executor, where: SQL | undefined, order: SQL[]) =>
  db
    .select()
    .from(plans)
    .where(where)
    .orderBy(...order);

/** The plans anyone may join (`GET /api/plans`): memberships first, then packs, each cheapest first. */
export async function listActivePlans(db: Executor): Promise<Plan[]> {
  return toPlans(db, await planRows(db, isNull(plans.retiredAt), offerOrder));
}

/** Every plan, the offered ones first and the retired after them, each part in the order offered. */
export async function listAllPlans(db: Executor): Promise<Plan[]> {
  return toPlans(db, await planRows(db, undefined, [sql`${plans.retiredAt} is not null`, ...offerOrder]));
}

/** One plan, retired or not: the members of a retired plan still read what it covers. */
export async function getPlan(db: Executor, id: string): Promise<Plan> {
  const [plan] = await toPlans(db, await planRows(db, eq(plans.id, id), offerOrder));
  if (!plan) throw new AppError(404, PLAN_MESSAGES.notFound);
  return plan;
}
