import type { CreatePlanInput, Plan, UpdatePlanInput } from '@carcare/contracts/plans';
import { PLAN_LIMITS, PLAN_MESSAGES } from '@carcare/contracts/plans-constants';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database, Executor } from '../../db/client';
import { violates } from '../../db/errors';
import { addOns, planAddOns, planServices, plans, services } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { getPlan } from './plan-reads';

const NAME_KEY = 'plans_name_key';
const toCents = (dollars: number) => Math.round(dollars * 100);

/** A refusal about one field of the request, named as the request names it. */
const refuseField = (path: string, message: string) => new AppError(400, message, [{ path, message }]);

/**
 * Runs a write of the plans under one lock, so that counting them cannot be raced past. A name another plan has
 * (whatever its case, retired or not) is refused by the unique index.
 */
async function planWrite(db: Database, write: (tx: Executor) => Promise<string>): Promise<Plan> {
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      await lockUntilCommit(tx, 'plans', 'all');
      return write(tx);
    });
  } catch (error) {
    if (violates(error, NAME_KEY)) throw new AppError(409, PLAN_MESSAGES.nameTaken);
    throw error;
  }
  return getPlan(db, id);
}

/**
 * Covers exactly these services: each must be live, and is locked against deletion until the write commits. The
 * services table is read here directly: the plans module calls no other module.
 */
async function coverServices(tx: Executor, planId: string, ids: readonly string[]) {
  const live = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(inArray(services.id, [...ids]), eq(services.isDeleted, false)))
    .for('share');
  if (live.length !== ids.length) throw refuseField('services', PLAN_MESSAGES.serviceUnknown);
  await tx.delete(planServices).where(eq(planServices.planId, planId));
  await tx.insert(planServices).values(ids.map((serviceId) => ({ planId, serviceId })));
}

/** Covers exactly these add-ons: each must be offered, and is locked against deactivation until the write commits. */
async function coverAddOns(tx: Executor, planId: string, ids: readonly string[]) {
  await tx.delete(planAddOns).where(eq(planAddOns.planId, planId));
  if (ids.length === 0) return;
  const offered = await tx
    .select({ id: addOns.id })
    .from(addOns)
    .where(and(inArray(addOns.id, [...ids]), eq(addOns.active, true)))
    .for('share');
  if (offered.length !== ids.length) throw refuseField('addOns', PLAN_MESSAGES.addOnUnknown);
  await tx.insert(planAddOns).values(ids.map((addOnId) => ({ planId, addOnId })));
}

/** Makes a plan on offer at once; its kind, price and interval are fixed from here on. */
export async function createPlan(db: Database, input: CreatePlanInput): Promise<Plan> {
  return planWrite(db, async (tx) => {
    const [kept] = await tx.select({ value: count() }).from(plans);
    if ((kept?.value ?? 0) >= PLAN_LIMITS.plans) throw new AppError(409, PLAN_MESSAGES.tooMany);
    const [created] = await tx
      .insert(plans)
      .values({
        kind: input.kind,
        name: input.name,
        description: input.description ?? '',
        priceCents: toCents(input.price),
        interval: input.interval ?? null,
        washes: input.washes ?? null,
        washesPerDay: input.washesPerDay,
        vehicles: input.vehicles,
        validDays: input.validDays ?? null,
      })
      .returning({ id: plans.id });
    if (!created) throw new Error('plan was not stored');
    await coverServices(tx, created.id, input.services);
    await coverAddOns(tx, created.id, input.addOns ?? []);
    return created.id;
  });
}

/**
 * Changes what a plan is called, says and covers, and its caps; `services` and `addOns`, when given, replace the
 * lists whole. A membership takes no validDays, and a pack always has a number of washes.
 */
export async function updatePlan(db: Database, id: string, input: UpdatePlanInput): Promise<Plan> {
  return planWrite(db, async (tx) => {
    const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for('update').limit(1);
    if (!row) throw new AppError(404, PLAN_MESSAGES.notFound);
    if (row.kind === 'membership' && input.validDays !== undefined) {
      throw refuseField('validDays', PLAN_MESSAGES.validDaysNotForMembership);
    }
    if (row.kind === 'pack' && input.washes === null) throw refuseField('washes', PLAN_MESSAGES.washesForPack);
    await tx
      .update(plans)
      .set({
        name: input.name,
        description: input.description,
        washes: input.washes,
        washesPerDay: input.washesPerDay,
        vehicles: input.vehicles,
        validDays: input.validDays,
        updatedAt: new Date(),
      })
      .where(eq(plans.id, id));
    if (input.services !== undefined) await coverServices(tx, id, input.services);
    if (input.addOns !== undefined) await coverAddOns(tx, id, input.addOns);
    return id;
  });
}

/** Takes a plan off offer: no one new joins it, and its members keep it until they leave. */
export async function retirePlan(db: Database, id: string): Promise<Plan> {
  const [retired] = await db
    .update(plans)
    .set({ retiredAt: new Date(), updatedAt: new Date() })
    .where(and(eq(plans.id, id), isNull(plans.retiredAt)))
    .returning({ id: plans.id });
  if (!retired) {
    const [kept] = await db.select({ id: plans.id }).from(plans).where(eq(plans.id, id));
    throw kept ? new AppError(409, PLAN_MESSAGES.alreadyRetired) : new AppError(404, PLAN_MESSAGES.notFound);
  }
  return getPlan(db, id);
}
