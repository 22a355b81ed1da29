import type { Membership } from '@carcare/contracts/memberships';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { membershipPayments, memberships, plans, sandboxSubscriptions, vehicleClasses } from '../src/db/schema';
import { asUser, signedInUser, type TestApp, type TestUser } from './helper';

type Method = 'GET' | 'POST' | 'PUT';
type PlanRow = typeof plans.$inferInsert;

/**
 * The wash club as its tests use it, through the API and the sandbox's club checkout: customers with cars of
 * their own, joining plans with a test card, and the sandbox's clock moved by the administrator.
 */
export async function washClub(t: TestApp) {
  const admin = await signedInUser(t.app, 'admin');
  const [sedan] = await t.database.db
    .insert(vehicleClasses)
    .values({ name: 'Sedan', sortOrder: 1, isDefault: true })
    .returning({ id: vehicleClasses.id });
  let plates = 0;

  const call = (caller: TestUser | null, method: Method, url: string, payload?: object) => {
    const options = { method, url, ...(payload ? { payload } : {}) };
    return t.app.inject(caller ? asUser(caller, options) : options);
  };

  /** Plans stored as the administrator made them: their ids, in order. */
  const makePlans = async (rows: PlanRow[]) =>
    (await t.database.db.insert(plans).values(rows).returning({ id: plans.id })).map((plan) => plan.id);

  /** One more car of a plate of its own in the customer's garage. */
  const addCar = async (customer: TestUser, model = 'Corolla') => {
    plates += 1;
    const car = await call(customer, 'POST', '/api/vehicles', {
      vehicleClass: sedan?.id,
      make: 'Toyota',
      model,
      plate: `SELF${plates}`,
    });
    expect(car.statusCode).toBe(201);
    return car.json().data._id as string;
  };

  /** A customer with a car. */
  const customerWithCar = async () => {
    const customer = await signedInUser(t.app);
    return { customer, vehicle: await addCar(customer) };
  };

  /** Joins the plan, paying on the sandbox's page with the test card chosen: the membership's id. */
  const join = async (customer: TestUser, plan: string, vehicles: string[], card = 'succeeds') => {
    const joined = await call(customer, 'POST', '/api/memberships', { plan, vehicles });
    expect(joined.statusCode).toBe(201);
    const session = String(joined.json().data.payment_url).split('/pay/club/')[1];
    const paid = await t.app.inject({
      method: 'POST',
      url: `/pay/club/${session}/subscribe`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `card=${card}`,
    });
    expect(paid.statusCode).toBe(303);
    return joined.json().data.membership._id as string;
  };

  /** The membership as its member reads it. */
  const read = async (customer: TestUser, id: string) => {
    const mine: Membership[] = (await call(customer, 'GET', '/api/memberships/mine')).json().data;
    const found = mine.find((membership) => membership._id === id);
    if (!found?.periodStart || !found.periodEnd) throw new Error(`membership ${id} is not the customer's, or unpaid`);
    return { ...found, periodStart: found.periodStart, periodEnd: found.periodEnd };
  };

  const stored = async (id: string) => {
    const [row] = await t.database.db.select().from(memberships).where(eq(memberships.id, id));
    if (!row) throw new Error(`membership ${id} is not stored`);
    return row;
  };

  const subscriptionOf = async (id: string) => {
    const [row] = await t.database.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.membershipId, id));
    if (!row) throw new Error(`membership ${id} has no sandbox subscription`);
    return row;
  };

  const paymentsOf = (id: string) =>
    t.database.db
      .select({
        kind: membershipPayments.kind,
        amountCents: membershipPayments.amountCents,
        periodStart: membershipPayments.periodStart,
      })
      .from(membershipPayments)
      .where(eq(membershipPayments.membershipId, id))
      .orderBy(asc(membershipPayments.createdAt), asc(membershipPayments.periodStart));

  /** Moves the sandbox's clock on by whole days: the sandbox's time after. */
  const moveClock = async (days: number) => {
    const moved = await call(admin, 'POST', '/api/memberships/sandbox-clock', { days });
    expect(moved.statusCode).toBe(200);
    return new Date(moved.json().data.now);
  };

  /** Moves the sandbox's clock a day past `instant`, on the sandbox's time. */
  const moveClockPast = async (instant: string | Date) => {
    const now = await moveClock(1);
    const days = Math.ceil((new Date(instant).getTime() - now.getTime()) / 86_400_000);
    return days > 0 ? moveClock(days) : now;
  };

  return {
    admin,
    call,
    makePlans,
    addCar,
    customerWithCar,
    join,
    read,
    stored,
    subscriptionOf,
    paymentsOf,
    moveClock,
    moveClockPast,
  };
}
