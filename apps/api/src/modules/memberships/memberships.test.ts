import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, mailsTo, signedInUser, type TestApp, type TestUser } from '../../../test/helper';
import { membershipPayments, memberships, plans, sandboxClock, vehicleClasses } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let sedan: string;
let club: string;
let family: string;
let pack: string;
let retired: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  staff = await signedInUser(t.app, 'staff');
  const [row] = await t.database.db
    .insert(vehicleClasses)
    .values({ name: 'Sedan', sortOrder: 1, isDefault: true })
    .returning({ id: vehicleClasses.id });
  sedan = row?.id ?? '';
  const made = await t.database.db
    .insert(plans)
    .values([
      { kind: 'membership', name: 'Wash Club', priceCents: 2_999, interval: 'month' },
      { kind: 'membership', name: 'Family Club', priceCents: 4_999, interval: 'month', washes: 8, vehicles: 2 },
      { kind: 'pack', name: '10-Wash Pack', priceCents: 15_000, washes: 10, validDays: 365 },
      { kind: 'membership', name: 'Old Club', priceCents: 1_999, interval: 'month', retiredAt: new Date() },
    ])
    .returning({ id: plans.id });
  [club, family, pack, retired] = made.map((plan) => plan.id) as [string, string, string, string];
});
afterAll(async () => {
  await t.close();
});

const call = (caller: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) => {
  const options = { method, url, ...(payload ? { payload } : {}) };
  return t.app.inject(caller ? asUser(caller, options) : options);
};

let plates = 0;
/** A customer with a sedan of a plate of their own. */
async function customerWithCar() {
  const customer = await signedInUser(t.app);
  plates += 1;
  const plate = `CLUB${plates}`;
  const car = await call(customer, 'POST', '/api/vehicles', {
    vehicleClass: sedan,
    make: 'Toyota',
    model: 'Corolla',
    plate,
  });
  expect(car.statusCode).toBe(201);
  return { customer, vehicle: car.json().data._id as string, plate };
}

const sessionOf = (url: string) => url.split('/pay/club/')[1] ?? '';
const form = (url: string, card?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: card ? `card=${card}` : '',
  });
const mine = async (customer: TestUser) => (await call(customer, 'GET', '/api/memberships/mine')).json().data;
const moveClock = (days: number) => call(admin, 'POST', '/api/memberships/sandbox-clock', { days });

/** Joins the plan with the test card chosen on the sandbox's page; answers the membership's id and session. */
async function join(customer: TestUser, plan: string, vehicles: string[], card = 'succeeds') {
  const joined = await call(customer, 'POST', '/api/memberships', { plan, vehicles });
  expect(joined.statusCode).toBe(201);
  const session = sessionOf(joined.json().data.payment_url);
  const paid = await form(`/pay/club/${session}/subscribe`, card);
  expect(paid.statusCode).toBe(303);
  expect(paid.headers.location).toBe(`${t.config.publicUrl}/dashboard/user/membership`);
  return { id: joined.json().data.membership._id as string, session };
}

const paymentsOf = (membershipId: string) =>
  t.database.db
    .select({ kind: membershipPayments.kind, amountCents: membershipPayments.amountCents })
    .from(membershipPayments)
    .where(eq(membershipPayments.membershipId, membershipId))
    .orderBy(asc(membershipPayments.createdAt));

describe('joining a plan', () => {
  it('waits for the payment, then is active for a month, washing unlimited', async () => {
    const { customer, vehicle } = await customerWithCar();
    const joined = await call(customer, 'POST', '/api/memberships', { plan: club, vehicles: [vehicle] });
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({
      message: MEMBERSHIP_MESSAGES.joined,
      data: {
        membership: {
          status: 'pending',
          plan: { name: 'Wash Club', price: 29.99, interval: 'month' },
          periodEnd: null,
        },
      },
    });
    const session = sessionOf(joined.json().data.payment_url);
    expect(session).toMatch(/^sbx_club_/);
    const page = await t.app.inject({ method: 'GET', url: `/pay/club/${session}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Wash Club');
    expect(page.body).toContain('$29.99 / month');
    expect(page.body).toContain('Toyota Corolla');

    await form(`/pay/club/${session}/subscribe`, 'succeeds');
    const [membership] = await mine(customer);
    expect(membership).toMatchObject({ status: 'active', washesLeft: null, washesUsed: 0, cancelAtPeriodEnd: false });
    const days = (Date.parse(membership.periodEnd) - Date.parse(membership.periodStart)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect(await paymentsOf(membership._id)).toEqual([{ kind: 'subscription', amountCents: 2_999 }]);
    // Paid twice on the page: still one payment.
    await form(`/pay/club/${session}/subscribe`, 'succeeds');
    expect(await paymentsOf(membership._id)).toHaveLength(1);
  });

  it('is refused for a retired plan, an unknown one, another customer’s car, or more cars than the plan covers', async () => {
    const { customer, vehicle } = await customerWithCar();
    const other = await customerWithCar();
    const cases: Array<[object, number, string]> = [
      [{ plan: retired, vehicles: [vehicle] }, 409, MEMBERSHIP_MESSAGES.planRetired],
      [{ plan: '00000000-0000-4000-8000-000000000000', vehicles: [vehicle] }, 404, MEMBERSHIP_MESSAGES.planNotFound],
      [{ plan: club, vehicles: [other.vehicle] }, 400, MEMBERSHIP_MESSAGES.vehicleUnknown],
      [{ plan: club, vehicles: [vehicle, other.vehicle] }, 400, MEMBERSHIP_MESSAGES.tooManyVehicles(1)],
      [{ plan: club, vehicles: [] }, 400, MEMBERSHIP_MESSAGES.vehiclesRequired],
    ];
    for (const [payload, status, message] of cases) {
      const refused = await call(customer, 'POST', '/api/memberships', payload);
      expect([refused.statusCode, refused.json().message]).toEqual([status, message]);
    }
    expect(await mine(customer)).toEqual([]);
    expect((await call(null, 'POST', '/api/memberships', { plan: club, vehicles: [vehicle] })).statusCode).toBe(401);
    expect((await call(staff, 'POST', '/api/memberships', { plan: club, vehicles: [vehicle] })).statusCode).toBe(403);
  });

  it('takes a second car once per plan, and a family plan covers two', async () => {
    const { customer, vehicle } = await customerWithCar();
    const second = await call(customer, 'POST', '/api/vehicles', { vehicleClass: sedan, make: 'Honda', model: 'Jazz' });
    await join(customer, family, [vehicle, second.json().data._id]);
    const again = await call(customer, 'POST', '/api/memberships', { plan: family, vehicles: [vehicle] });
    expect([again.statusCode, again.json().message]).toEqual([409, MEMBERSHIP_MESSAGES.alreadyMember]);
    const [membership] = await mine(customer);
    expect(membership.vehicles.map((car: { model: string }) => car.model)).toEqual(['Corolla', 'Jazz']);
    expect(membership).toMatchObject({ washesLeft: 8, washesUsed: 0, status: 'active' });
  });

  it('buys a pack: ten washes for a year, paid once', async () => {
    const { customer, vehicle } = await customerWithCar();
    const { id } = await join(customer, pack, [vehicle]);
    const [bought] = await mine(customer);
    expect(bought).toMatchObject({ _id: id, status: 'active', washesLeft: 10, plan: { kind: 'pack', interval: null } });
    expect((Date.parse(bought.periodEnd) - Date.parse(bought.periodStart)) / 86_400_000).toBe(365);
    expect(await paymentsOf(id)).toEqual([{ kind: 'pack', amountCents: 15_000 }]);
  });

  it('never starts when the customer gives up on the checkout', async () => {
    const { customer, vehicle } = await customerWithCar();
    const joined = await call(customer, 'POST', '/api/memberships', { plan: club, vehicles: [vehicle] });
    const gaveUp = await form(`/pay/club/${sessionOf(joined.json().data.payment_url)}/cancel`);
    expect(gaveUp.statusCode).toBe(303);
    expect((await mine(customer))[0]).toMatchObject({ status: 'ended', periodEnd: null });
    expect(await paymentsOf(joined.json().data.membership._id)).toEqual([]);
  });
});

describe('the counter’s plate lookup', () => {
  it('says at once whether a plate washes under a plan, however it is typed', async () => {
    const { customer, vehicle, plate } = await customerWithCar();
    await join(customer, club, [vehicle]);
    const found = await call(
      staff,
      'GET',
      `/api/memberships/lookup?plate=${encodeURIComponent(` ${plate.toLowerCase().slice(0, 2)}-${plate.slice(2)} `)}`,
    );
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      message: MEMBERSHIP_MESSAGES.plateLookedUp,
      data: { plate, member: true, membership: { status: 'active', plan: { name: 'Wash Club' }, washesLeft: null } },
    });
    const stranger = await call(staff, 'GET', '/api/memberships/lookup?plate=NOBODY1');
    expect(stranger.json().data).toEqual({ plate: 'NOBODY1', member: false, membership: null });
    const empty = await call(staff, 'GET', '/api/memberships/lookup?plate=%20');
    expect([empty.statusCode, empty.json().errors?.[0]?.message]).toEqual([400, MEMBERSHIP_MESSAGES.plateRequired]);
    expect((await call(customer, 'GET', `/api/memberships/lookup?plate=${plate}`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/api/memberships/lookup?plate=${plate}`)).statusCode).toBe(401);
    expect((await call(admin, 'GET', `/api/memberships/lookup?plate=${plate}`)).statusCode).toBe(200);
  });
});

describe('cancelling', () => {
  it('takes one call, keeps the washes to the end of the paid period, confirms by email, and then ends', async () => {
    const { customer, vehicle, plate } = await customerWithCar();
    const { id } = await join(customer, club, [vehicle]);
    const cancelled = await call(customer, 'POST', `/api/memberships/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: MEMBERSHIP_MESSAGES.cancelled,
      data: { status: 'active', cancelAtPeriodEnd: true },
    });
    await t.app.backgroundTasks.settled();
    const [mail] = mailsTo(t.config.dataDir, customer.email).filter((each) => each.includes('Wash Club ends on'));
    expect(mail).toContain('Nothing more will be charged.');
    const again = await call(customer, 'POST', `/api/memberships/${id}/cancel`);
    expect([again.statusCode, again.json().message]).toEqual([409, MEMBERSHIP_MESSAGES.alreadyEnding]);
    const stranger = await customerWithCar();
    expect((await call(stranger.customer, 'POST', `/api/memberships/${id}/cancel`)).statusCode).toBe(404);
    expect((await call(staff, 'POST', `/api/memberships/${id}/cancel`)).statusCode).toBe(403);

    expect((await call(staff, 'GET', `/api/memberships/lookup?plate=${plate}`)).json().data.member).toBe(true);
    await moveClock(32);
    expect((await mine(customer))[0]).toMatchObject({ status: 'ended', cancelAtPeriodEnd: true });
    expect(await paymentsOf(id)).toHaveLength(1);
    expect((await call(staff, 'GET', `/api/memberships/lookup?plate=${plate}`)).json().data.member).toBe(false);
  });
});

describe('renewals on the sandbox’s clock', () => {
  it('renew a year of months; a declined renewal emails a card link, washes through the grace, then suspends until paid', async () => {
    const steady = await customerWithCar();
    const { id: steadyId } = await join(steady.customer, club, [steady.vehicle]);
    const failing = await customerWithCar();
    const { id: failingId, session } = await join(failing.customer, club, [failing.vehicle], 'declines');

    const moved = await moveClock(31);
    expect(moved.statusCode).toBe(200);
    expect((await mine(failing.customer))[0]).toMatchObject({
      status: 'past_due',
      failedPayments: 1,
      cardUpdateUrl: `/pay/club/${session}`,
    });
    await t.app.backgroundTasks.settled();
    const [notice] = mailsTo(t.config.dataDir, failing.customer.email).filter((each) =>
      each.includes('we could not renew'),
    );
    expect(notice?.replace(/=\r?\n/g, '')).toContain(`/pay/club/${session}`);
    expect((await call(staff, 'GET', `/api/memberships/lookup?plate=${failing.plate}`)).json().data.member).toBe(true);

    // The grace is counted on the real clock: a stored grace in the past suspends it.
    await t.database.db
      .update(memberships)
      .set({ graceUntil: new Date(Date.now() - 1000) })
      .where(eq(memberships.id, failingId));
    expect((await mine(failing.customer))[0].status).toBe('suspended');
    expect((await call(staff, 'GET', `/api/memberships/lookup?plate=${failing.plate}`)).json().data.member).toBe(false);
    const page = await t.app.inject({ method: 'GET', url: `/pay/club/${session}` });
    expect(page.body).toContain('Update card');

    await form(`/pay/club/${session}/card`, 'succeeds');
    expect((await mine(failing.customer))[0]).toMatchObject({
      status: 'active',
      graceUntil: null,
      failedPayments: 1,
      cardUpdateUrl: null,
    });
    expect(await paymentsOf(failingId)).toEqual([
      { kind: 'subscription', amountCents: 2_999 },
      { kind: 'subscription', amountCents: 2_999 },
    ]);

    for (let month = 0; month < 11; month += 1) await moveClock(31);
    expect(await paymentsOf(steadyId)).toHaveLength(13);
    expect((await mine(steady.customer))[0].status).toBe('active');
  });

  it('is moved by the administrator alone, and only forward', async () => {
    const { customer } = await customerWithCar();
    expect((await call(customer, 'POST', '/api/memberships/sandbox-clock', { days: 1 })).statusCode).toBe(403);
    expect((await call(staff, 'POST', '/api/memberships/sandbox-clock', { days: 1 })).statusCode).toBe(403);
    const [before] = await t.database.db.select().from(sandboxClock);
    const backwards = await call(admin, 'POST', '/api/memberships/sandbox-clock', { days: -1 });
    expect([backwards.statusCode, backwards.json().errors?.[0]?.message]).toEqual([400, MEMBERSHIP_MESSAGES.clockDays]);
    const [after] = await t.database.db.select().from(sandboxClock);
    expect(after).toEqual(before);
  });
});

describe("the owner's members", () => {
  it('lists every membership with its member, and those of one status', async () => {
    const { customer, vehicle } = await customerWithCar();
    const { id } = await join(customer, club, [vehicle]);
    const all = await call(admin, 'GET', '/api/memberships');
    expect(all.statusCode).toBe(200);
    const listed = all.json().data.find((member: { _id: string }) => member._id === id);
    expect(listed).toMatchObject({ status: 'active', customer: { _id: customer.id, email: customer.email } });
    const ended = (await call(admin, 'GET', '/api/memberships?status=ended')).json().data;
    expect(ended.every((member: { status: string }) => member.status === 'ended')).toBe(true);
    expect(ended.some((member: { _id: string }) => member._id === id)).toBe(false);
    const wrong = await call(admin, 'GET', '/api/memberships?status=gone');
    expect([wrong.statusCode, wrong.json().errors?.[0]?.message]).toEqual([400, MEMBERSHIP_MESSAGES.statusInvalid]);
    expect((await call(staff, 'GET', '/api/memberships')).statusCode).toBe(403);
    expect((await call(customer, 'GET', '/api/memberships')).statusCode).toBe(403);
  });

  it('gives a customer’s car a plan for some months, billed to no one', async () => {
    const { customer, vehicle, plate } = await customerWithCar();
    const given = await call(admin, 'POST', '/api/memberships/comp', {
      customer: customer.id,
      plan: club,
      vehicles: [vehicle],
      months: 3,
    });
    expect(given.statusCode).toBe(201);
    expect(given.json()).toMatchObject({
      message: MEMBERSHIP_MESSAGES.comped,
      data: { status: 'active', comped: true, cancelAtPeriodEnd: true, customer: { _id: customer.id } },
    });
    const days = (Date.parse(given.json().data.periodEnd) - Date.parse(given.json().data.periodStart)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(89);
    expect(days).toBeLessThanOrEqual(92);
    expect(await paymentsOf(given.json().data._id)).toEqual([]);
    expect((await call(staff, 'GET', `/api/memberships/lookup?plate=${plate}`)).json().data.member).toBe(true);

    const stranger = await customerWithCar();
    const refusals: Array<[object, number, string]> = [
      [{ customer: customer.id, plan: club, vehicles: [stranger.vehicle] }, 400, MEMBERSHIP_MESSAGES.vehicleUnknown],
      [{ customer: customer.id, plan: retired, vehicles: [vehicle] }, 409, MEMBERSHIP_MESSAGES.planRetired],
      [{ customer: staff.id, plan: club, vehicles: [vehicle] }, 404, MEMBERSHIP_MESSAGES.customerNotFound],
    ];
    for (const [payload, status, message] of refusals) {
      const refused = await call(admin, 'POST', '/api/memberships/comp', payload);
      expect([refused.statusCode, refused.json().message]).toEqual([status, message]);
    }
    // Given once: the same plan again for the same car is refused while the first lasts.
    const twice = await call(admin, 'POST', '/api/memberships/comp', {
      customer: customer.id,
      plan: club,
      vehicles: [vehicle],
    });
    expect([twice.statusCode, twice.json().message]).toEqual([409, MEMBERSHIP_MESSAGES.alreadyMember]);
    const months = await call(admin, 'POST', '/api/memberships/comp', {
      customer: customer.id,
      plan: club,
      vehicles: [vehicle],
      months: 13,
    });
    expect([months.statusCode, months.json().errors?.[0]?.message]).toEqual([400, MEMBERSHIP_MESSAGES.monthsInvalid]);
    expect(
      (await call(staff, 'POST', '/api/memberships/comp', { customer: customer.id, plan: club, vehicles: [vehicle] }))
        .statusCode,
    ).toBe(403);
  });

  it('ends a membership now: its subscription bills no more, and its car washes under it no more', async () => {
    const { customer, vehicle, plate } = await customerWithCar();
    const { id } = await join(customer, club, [vehicle]);
    expect((await call(staff, 'POST', `/api/memberships/${id}/end`)).statusCode).toBe(403);
    const ended = await call(admin, 'POST', `/api/memberships/${id}/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ message: MEMBERSHIP_MESSAGES.ended, data: { status: 'ended' } });
    expect(ended.json().data.endedAt).not.toBeNull();
    expect((await call(staff, 'GET', `/api/memberships/lookup?plate=${plate}`)).json().data.member).toBe(false);
    const again = await call(admin, 'POST', `/api/memberships/${id}/end`);
    expect([again.statusCode, again.json().message]).toEqual([409, MEMBERSHIP_MESSAGES.alreadyEnded]);
    const unknown = await call(admin, 'POST', '/api/memberships/00000000-0000-4000-8000-000000000000/end');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, MEMBERSHIP_MESSAGES.notFound]);
    // Its renewals stop: a month on the clock bills nothing more.
    await moveClock(40);
    expect(await paymentsOf(id)).toHaveLength(1);
  });
});

describe('a pack sold at the counter', () => {
  it('is paid there and active at once, its money in the club’s ledger under the staff member', async () => {
    const { customer, vehicle, plate } = await customerWithCar();
    const sold = await call(staff, 'POST', '/api/memberships/counter', {
      customer: customer.id,
      plan: pack,
      vehicles: [vehicle],
      method: 'cash',
    });
    expect(sold.statusCode).toBe(201);
    expect(sold.json()).toMatchObject({
      message: MEMBERSHIP_MESSAGES.packSold,
      data: { status: 'active', washesLeft: 10, comped: false, plan: { kind: 'pack' }, customer: { _id: customer.id } },
    });
    const [payment] = await t.database.db
      .select()
      .from(membershipPayments)
      .where(eq(membershipPayments.membershipId, sold.json().data._id));
    expect(payment).toMatchObject({ kind: 'pack', method: 'cash', amountCents: 15_000, recordedBy: staff.id });
    expect((await call(staff, 'GET', `/api/memberships/lookup?plate=${plate}`)).json().data).toMatchObject({
      member: true,
      membership: { plan: { name: '10-Wash Pack' }, washesLeft: 10 },
    });
  });

  it('sells packs only, for the customer’s own cars, and to the counter alone', async () => {
    const { customer, vehicle } = await customerWithCar();
    const before = await t.database.db.select().from(memberships);
    const membership = await call(staff, 'POST', '/api/memberships/counter', {
      customer: customer.id,
      plan: club,
      vehicles: [vehicle],
      method: 'card',
    });
    expect([membership.statusCode, membership.json().message]).toEqual([409, MEMBERSHIP_MESSAGES.packOnlyAtCounter]);
    const method = await call(staff, 'POST', '/api/memberships/counter', {
      customer: customer.id,
      plan: pack,
      vehicles: [vehicle],
      method: 'cheque',
    });
    expect([method.statusCode, method.json().errors?.[0]?.message]).toEqual([
      400,
      MEMBERSHIP_MESSAGES.counterMethodInvalid,
    ]);
    const payload = { customer: customer.id, plan: pack, vehicles: [vehicle], method: 'cash' };
    expect((await call(customer, 'POST', '/api/memberships/counter', payload)).statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/memberships/counter', payload)).statusCode).toBe(401);
    expect(await t.database.db.select().from(memberships)).toHaveLength(before.length);
  });
});
