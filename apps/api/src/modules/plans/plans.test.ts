import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { PLAN_LIMITS, PLAN_MESSAGES } from '@carcare/contracts/plans-constants';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  rowCounts,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../test/helper';
import { planAddOns, planServices, plans, services } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let customer: TestUser;
/** Services from the cheapest: Express Wash ($25), Wash & Vacuum ($45), Hand Wax ($75); and a deleted one. */
let express: string;
let combo: string;
let wax: string;
let deleted: string;
/** Two offered add-ons, in the shop's order, and one no longer offered. */
let tyreShine: string;
let rainRepel: string;
let inactive: string;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  caller: TestUser | null = admin,
) => {
  const options = { method, url, ...(payload === undefined ? {} : { payload }) };
  return t.app.inject(caller ? asUser(caller, options) : options);
};
const makePlan = (payload: object, caller: TestUser | null = admin) => call('POST', '/api/plans', payload, caller);
const changePlan = (id: string, payload: object, caller: TestUser | null = admin) =>
  call('PUT', `/api/plans/${id}`, payload, caller);
const retire = (id: string, caller: TestUser | null = admin) => call('DELETE', `/api/plans/${id}`, undefined, caller);
const offered = async () => (await call('GET', '/api/plans', undefined, null)).json().data as Array<{ name: string }>;
const storedPlan = async (id: string) => (await t.database.db.select().from(plans).where(eq(plans.id, id)))[0];
const coveredServices = async (id: string) =>
  (
    await t.database.db
      .select({ serviceId: planServices.serviceId })
      .from(planServices)
      .where(eq(planServices.planId, id))
  )
    .map((row) => row.serviceId)
    .sort();
const coveredAddOns = async (id: string) =>
  (await t.database.db.select({ addOnId: planAddOns.addOnId }).from(planAddOns).where(eq(planAddOns.planId, id)))
    .map((row) => row.addOnId)
    .sort();

/** A valid membership to vary, one field at a time. */
const membership = () => ({ kind: 'membership', name: 'Refused', price: 30, interval: 'month', services: [express] });
/** A valid pack to vary. */
const pack = () => ({ kind: 'pack', name: 'Refused', price: 200, washes: 10, validDays: 365, services: [express] });

beforeAll(async () => {
  // Public reads are cached here as in production, so that the tests see a write drop them.
  t = await createTestApp({ publicCacheMs: 60_000 });
  admin = await signedInUser(t.app, 'admin');
  staff = await signedInUser(t.app, 'staff');
  customer = await signedInUser(t.app);
  express = (await serviceWithSlots(t.app, { name: 'Express Wash', priceCents: 2500 })).service.id;
  wax = (await serviceWithSlots(t.app, { name: 'Hand Wax', priceCents: 7500 })).service.id;
  combo = (await serviceWithSlots(t.app, { name: 'Wash & Vacuum', priceCents: 4500 })).service.id;
  deleted = (await serviceWithSlots(t.app, { name: 'Gone Wash', priceCents: 1000 })).service.id;
  await t.database.db.update(services).set({ isDeleted: true }).where(eq(services.id, deleted));
  const addOn = async (name: string) =>
    (await call('POST', '/api/add-ons', { name, price: 10, minutes: 10 })).json().data._id as string;
  tyreShine = await addOn('Tyre shine');
  rainRepel = await addOn('Rain repellent');
  inactive = await addOn('Old polish');
  expect((await call('DELETE', `/api/add-ons/${inactive}`)).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/plans', () => {
  it('makes a monthly membership covering the services and add-ons given, on offer at once', async () => {
    const response = await makePlan({
      kind: 'membership',
      name: ' Wash Club ',
      description: 'Unlimited express washes',
      price: 39.99,
      interval: 'month',
      washesPerDay: 1,
      vehicles: 1,
      services: [combo, express],
      addOns: [rainRepel, tyreShine],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: PLAN_MESSAGES.created,
      data: {
        _id: expect.any(String),
        kind: 'membership',
        name: 'Wash Club',
        description: 'Unlimited express washes',
        price: 39.99,
        interval: 'month',
        washes: null,
        washesPerDay: 1,
        vehicles: 1,
        validDays: null,
        // Services cheapest first, add-ons in the shop's order.
        services: [
          { _id: express, name: 'Express Wash' },
          { _id: combo, name: 'Wash & Vacuum' },
        ],
        addOns: [
          { _id: tyreShine, name: 'Tyre shine' },
          { _id: rainRepel, name: 'Rain repellent' },
        ],
        active: true,
        createdAt: expect.any(String),
      },
    });
    const id = response.json().data._id;
    expect(await storedPlan(id)).toMatchObject({
      kind: 'membership',
      name: 'Wash Club',
      priceCents: 3999,
      interval: 'month',
      washes: null,
      washesPerDay: 1,
      vehicles: 1,
      validDays: null,
      retiredAt: null,
    });
    expect(await coveredServices(id)).toEqual([combo, express].sort());
    expect(await coveredAddOns(id)).toEqual([rainRepel, tyreShine].sort());
  });

  it('makes a family membership with washes a month, and a pack; left out: no description, one a day, one vehicle, no add-ons', async () => {
    const family = await makePlan({
      kind: 'membership',
      name: 'Family Club',
      price: 99,
      interval: 'month',
      washes: 8,
      washesPerDay: 2,
      vehicles: 2,
      services: [express, combo],
    });
    expect(family.statusCode).toBe(201);
    expect(family.json().data).toMatchObject({ washes: 8, washesPerDay: 2, vehicles: 2, validDays: null });

    const response = await makePlan({
      kind: 'pack',
      name: '10-Wash Pack',
      price: 199,
      washes: 10,
      validDays: 365,
      services: [express],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({
      _id: expect.any(String),
      kind: 'pack',
      name: '10-Wash Pack',
      description: '',
      price: 199,
      interval: null,
      washes: 10,
      washesPerDay: 1,
      vehicles: 1,
      validDays: 365,
      services: [{ _id: express, name: 'Express Wash' }],
      addOns: [],
      active: true,
      createdAt: expect.any(String),
    });
    const id = response.json().data._id;
    expect(await storedPlan(id)).toMatchObject({
      kind: 'pack',
      priceCents: 19900,
      interval: null,
      washes: 10,
      validDays: 365,
      washesPerDay: 1,
      vehicles: 1,
      description: '',
    });
    expect(await coveredAddOns(id)).toEqual([]);
  });

  it('refuses a name another plan has, whatever its case, with 409, storing nothing', async () => {
    const before = await rowCounts(t.database);
    const response = await makePlan({ ...membership(), name: 'WASH club' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: PLAN_MESSAGES.nameTaken });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  const ids = (count: number) => Array.from({ length: count }, () => crypto.randomUUID());
  it.each([
    [{ kind: 'club' }, 'kind', PLAN_MESSAGES.kindInvalid],
    [{ kind: undefined }, 'kind', PLAN_MESSAGES.kindInvalid],
    [{ name: '  ' }, 'name', PLAN_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(61) }, 'name', PLAN_MESSAGES.nameTooLong],
    [{ description: 'd'.repeat(501) }, 'description', PLAN_MESSAGES.descriptionTooLong],
    [{ price: undefined }, 'price', PLAN_MESSAGES.priceRequired],
    [{ price: '30' }, 'price', PLAN_MESSAGES.priceRequired],
    [{ price: 0 }, 'price', PLAN_MESSAGES.pricePositive],
    [{ price: 29.995 }, 'price', PLAN_MESSAGES.priceCents],
    [{ price: 100_001 }, 'price', PLAN_MESSAGES.priceTooHigh],
    [{ interval: 'week' }, 'interval', PLAN_MESSAGES.intervalInvalid],
    [{ interval: undefined }, 'interval', PLAN_MESSAGES.intervalForMembership],
    [{ validDays: 30 }, 'validDays', PLAN_MESSAGES.validDaysNotForMembership],
    [{ washes: 0 }, 'washes', PLAN_MESSAGES.washesInvalid],
    [{ washes: 101 }, 'washes', PLAN_MESSAGES.washesInvalid],
    [{ washes: 2.5 }, 'washes', PLAN_MESSAGES.washesInvalid],
    [{ washesPerDay: 0 }, 'washesPerDay', PLAN_MESSAGES.washesPerDayInvalid],
    [{ washesPerDay: 6 }, 'washesPerDay', PLAN_MESSAGES.washesPerDayInvalid],
    [{ vehicles: 0 }, 'vehicles', PLAN_MESSAGES.vehiclesInvalid],
    [{ vehicles: 7 }, 'vehicles', PLAN_MESSAGES.vehiclesInvalid],
    [{ services: [] }, 'services', PLAN_MESSAGES.servicesRequired],
    [{ services: undefined }, 'services', PLAN_MESSAGES.servicesInvalid],
    [{ services: 'wash' }, 'services', PLAN_MESSAGES.servicesInvalid],
    [{ services: ['wash'] }, 'services.0', PLAN_MESSAGES.servicesInvalid],
    [{ services: ids(PLAN_LIMITS.covered + 1) }, 'services', PLAN_MESSAGES.servicesInvalid],
    [{ addOns: ['polish'] }, 'addOns.0', PLAN_MESSAGES.addOnsInvalid],
    [{ addOns: ids(PLAN_LIMITS.covered + 1) }, 'addOns', PLAN_MESSAGES.addOnsInvalid],
  ])('refuses a membership with %j with 400 naming the field, storing nothing', async (change, path, message) => {
    const before = await rowCounts(t.database);
    const response = await makePlan({ ...membership(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, errors: [{ path, message }] });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it('refuses a service or an add-on named twice', async () => {
    const services = await makePlan({ ...membership(), services: [express, express] });
    expect(services.statusCode).toBe(400);
    expect(services.json()).toEqual({
      success: false,
      message: PLAN_MESSAGES.servicesRepeated,
      errors: [{ path: 'services', message: PLAN_MESSAGES.servicesRepeated }],
    });
    const addOns = await makePlan({ ...membership(), addOns: [tyreShine, tyreShine] });
    expect(addOns.json().errors).toEqual([{ path: 'addOns', message: PLAN_MESSAGES.addOnsRepeated }]);
  });

  it.each([
    [{ interval: 'month' }, 'interval', PLAN_MESSAGES.intervalNotForPack],
    [{ washes: undefined }, 'washes', PLAN_MESSAGES.washesForPack],
    [{ washes: null }, 'washes', PLAN_MESSAGES.washesForPack],
    [{ validDays: undefined }, 'validDays', PLAN_MESSAGES.validDaysForPack],
    [{ validDays: 6 }, 'validDays', PLAN_MESSAGES.validDaysInvalid],
    [{ validDays: 731 }, 'validDays', PLAN_MESSAGES.validDaysInvalid],
  ])('refuses a pack with %j with 400 naming the field, storing nothing', async (change, path, message) => {
    const before = await rowCounts(t.database);
    const response = await makePlan({ ...pack(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, errors: [{ path, message }] });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it.each([
    [
      'an unknown service',
      () => ({ services: [express, crypto.randomUUID()] }),
      'services',
      PLAN_MESSAGES.serviceUnknown,
    ],
    ['a deleted service', () => ({ services: [deleted] }), 'services', PLAN_MESSAGES.serviceUnknown],
    ['an unknown add-on', () => ({ addOns: [crypto.randomUUID()] }), 'addOns', PLAN_MESSAGES.addOnUnknown],
    ['an add-on no longer offered', () => ({ addOns: [tyreShine, inactive] }), 'addOns', PLAN_MESSAGES.addOnUnknown],
  ])('refuses %s with 400 naming the list, storing nothing', async (_case, change, path, message) => {
    const before = await rowCounts(t.database);
    const response = await makePlan({ ...membership(), ...change() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, errors: [{ path, message }] });
    expect(await rowCounts(t.database)).toEqual(before);
  });
});

describe('GET /api/plans', () => {
  it('lists the plans on offer to anyone: memberships first, then packs, each cheapest first', async () => {
    const cheap = await makePlan({ ...membership(), name: 'Basic Club', price: 19, interval: 'year' });
    expect(cheap.statusCode).toBe(201);
    const response = await call('GET', '/api/plans', undefined, null);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: PLAN_MESSAGES.retrieved, totalDoc: 4 });
    expect(body.data.map((plan: { name: string }) => plan.name)).toEqual([
      'Basic Club',
      'Wash Club',
      'Family Club',
      '10-Wash Pack',
    ]);
    // Each as it reads on its own.
    const pack = await call('GET', `/api/plans/${body.data[3]._id}`, undefined, null);
    expect(body.data[3]).toEqual(pack.json().data);
    expect((await call('GET', '/api/plans', undefined, customer)).statusCode).toBe(200);
  });

  it('shows the names the services and add-ons have now, and drops a service deleted or an add-on no longer offered', async () => {
    const before = (await offered()).find((plan) => plan.name === 'Wash Club');
    // Kept in the public cache until a write to what it shows.
    expect((await call('GET', '/api/plans', undefined, null)).headers['x-cache']).toBe('hit');
    expect(before).toMatchObject({ services: [{ name: 'Express Wash' }, { name: 'Wash & Vacuum' }] });
    const renamed = await call('PUT', `/api/services/${combo}`, { name: 'Wash & Vac' });
    expect(renamed.statusCode).toBe(200);
    expect((await call('PUT', `/api/add-ons/${tyreShine}`, { name: 'Tyre gloss' })).statusCode).toBe(200);
    const after = (await offered()).find((plan) => plan.name === 'Wash Club');
    expect(after).toMatchObject({
      services: [{ name: 'Express Wash' }, { name: 'Wash & Vac' }],
      addOns: [{ name: 'Tyre gloss' }, { name: 'Rain repellent' }],
    });

    const gone = await serviceWithSlots(t.app, { name: 'Soon Gone', priceCents: 5000 });
    const withGone = await makePlan({ ...membership(), name: 'Gone Club', services: [express, gone.service.id] });
    expect(withGone.statusCode).toBe(201);
    expect((await call('DELETE', `/api/services/${gone.service.id}`)).statusCode).toBe(200);
    const stillOffered = (await offered()).find((plan) => plan.name === 'Gone Club');
    expect(stillOffered).toMatchObject({ services: [{ _id: express, name: 'Express Wash' }] });
    expect((await retire(withGone.json().data._id)).statusCode).toBe(200);
  });
});

describe('GET /api/plans/all and /api/plans/:id', () => {
  it('gives the administrator every plan, the retired ones after those on offer', async () => {
    const old = await makePlan({ ...membership(), name: 'Old Club', price: 9 });
    expect((await retire(old.json().data._id)).statusCode).toBe(200);
    const response = await call('GET', '/api/plans/all');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: PLAN_MESSAGES.retrieved, totalDoc: 6 });
    expect(response.json().data.map((plan: { name: string; active: boolean }) => [plan.name, plan.active])).toEqual([
      ['Basic Club', true],
      ['Wash Club', true],
      ['Family Club', true],
      ['10-Wash Pack', true],
      ['Old Club', false],
      ['Gone Club', false],
    ]);
    expect((await offered()).map((plan) => plan.name)).not.toContain('Old Club');
  });

  it('reads one plan to anyone, a retired one too; an unknown one is 404 and a bad id 400', async () => {
    const [old] = await t.database.db.select().from(plans).where(eq(plans.name, 'Old Club'));
    const response = await call('GET', `/api/plans/${old?.id}`, undefined, null);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: PLAN_MESSAGES.retrieved,
      data: { _id: old?.id, name: 'Old Club', price: 9, active: false, services: [{ _id: express }] },
    });
    const unknown = await call('GET', `/api/plans/${crypto.randomUUID()}`, undefined, null);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: PLAN_MESSAGES.notFound });
    expect((await call('GET', '/api/plans/club', undefined, null)).statusCode).toBe(400);
  });
});

describe('PUT /api/plans/:id', () => {
  const idOf = async (name: string) =>
    (await t.database.db.select().from(plans).where(eq(plans.name, name)))[0]?.id ?? '';

  it("changes a membership's name, description and caps; services and add-ons replace the lists whole", async () => {
    const id = await idOf('Family Club');
    const response = await changePlan(id, {
      name: 'Family Club Plus',
      description: 'Two cars, twelve washes',
      washes: 12,
      washesPerDay: 3,
      vehicles: 3,
      services: [wax],
      addOns: [rainRepel],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: PLAN_MESSAGES.updated,
      data: {
        _id: id,
        kind: 'membership',
        name: 'Family Club Plus',
        description: 'Two cars, twelve washes',
        price: 99,
        interval: 'month',
        washes: 12,
        washesPerDay: 3,
        vehicles: 3,
        validDays: null,
        services: [{ _id: wax, name: 'Hand Wax' }],
        addOns: [{ _id: rainRepel, name: 'Rain repellent' }],
      },
    });
    expect(await storedPlan(id)).toMatchObject({
      name: 'Family Club Plus',
      priceCents: 9900,
      interval: 'month',
      washes: 12,
      washesPerDay: 3,
      vehicles: 3,
    });
    expect(await coveredServices(id)).toEqual([wax]);
    expect(await coveredAddOns(id)).toEqual([rainRepel]);
    // Unlimited, and no add-on: the lists left out stay as they were.
    const unlimited = await changePlan(id, { washes: null, addOns: [] });
    expect(unlimited.json().data).toMatchObject({ washes: null, services: [{ _id: wax }], addOns: [] });
    expect(await coveredAddOns(id)).toEqual([]);
    expect((await storedPlan(id))?.washes).toBeNull();
  });

  it("changes a pack's washes and days", async () => {
    const id = await idOf('10-Wash Pack');
    const response = await changePlan(id, { washes: 12, validDays: 180 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ washes: 12, validDays: 180, price: 199, interval: null });
    expect(await storedPlan(id)).toMatchObject({ washes: 12, validDays: 180, priceCents: 19900 });
  });

  it.each([
    [{ kind: 'pack' }, 'kind', PLAN_MESSAGES.kindFixed],
    [{ kind: 'membership', name: 'Kind Kept' }, 'kind', PLAN_MESSAGES.kindFixed],
    [{ price: 49 }, 'price', PLAN_MESSAGES.billingFixed],
    [{ price: 99, description: 'Same price' }, 'price', PLAN_MESSAGES.billingFixed],
    [{ interval: 'year' }, 'interval', PLAN_MESSAGES.billingFixed],
    [{ interval: null }, 'interval', PLAN_MESSAGES.billingFixed],
  ])('refuses %j: a plan keeps the kind, price and interval its members joined at', async (change, path, message) => {
    const id = await idOf('Family Club Plus');
    const before = await storedPlan(id);
    const response = await changePlan(id, change);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, errors: [{ path, message }] });
    expect(await storedPlan(id)).toEqual(before);
  });

  it('refuses validDays for a membership and no washes for a pack, changing nothing', async () => {
    const club = await idOf('Family Club Plus');
    const clubBefore = await storedPlan(club);
    const days = await changePlan(club, { validDays: 30, name: 'Days Club' });
    expect(days.statusCode).toBe(400);
    expect(days.json()).toEqual({
      success: false,
      message: PLAN_MESSAGES.validDaysNotForMembership,
      errors: [{ path: 'validDays', message: PLAN_MESSAGES.validDaysNotForMembership }],
    });
    expect(await storedPlan(club)).toEqual(clubBefore);

    const pack = await idOf('10-Wash Pack');
    const packBefore = await storedPlan(pack);
    const unlimited = await changePlan(pack, { washes: null });
    expect(unlimited.statusCode).toBe(400);
    expect(unlimited.json()).toEqual({
      success: false,
      message: PLAN_MESSAGES.washesForPack,
      errors: [{ path: 'washes', message: PLAN_MESSAGES.washesForPack }],
    });
    expect(await storedPlan(pack)).toEqual(packBefore);
  });

  it.each([
    [{}, 'body', PLAN_MESSAGES.nothingToChange],
    [{ name: '' }, 'name', PLAN_MESSAGES.nameRequired],
    [{ washes: 0 }, 'washes', PLAN_MESSAGES.washesInvalid],
    [{ washesPerDay: 9 }, 'washesPerDay', PLAN_MESSAGES.washesPerDayInvalid],
    [{ vehicles: 0 }, 'vehicles', PLAN_MESSAGES.vehiclesInvalid],
    [{ validDays: 1 }, 'validDays', PLAN_MESSAGES.validDaysInvalid],
    [{ services: [] }, 'services', PLAN_MESSAGES.servicesRequired],
    [{ addOns: 'all' }, 'addOns', PLAN_MESSAGES.addOnsInvalid],
  ])('refuses %j with 400', async (change, path, message) => {
    const id = await idOf('10-Wash Pack');
    const before = await storedPlan(id);
    const response = await changePlan(id, change);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, errors: [{ path, message }] });
    expect(await storedPlan(id)).toEqual(before);
  });

  it('refuses an unknown service or add-on naming the list, a taken name, and an unknown plan', async () => {
    const id = await idOf('10-Wash Pack');
    const service = await changePlan(id, { name: 'Renamed Pack', services: [deleted] });
    expect(service.statusCode).toBe(400);
    expect(service.json()).toEqual({
      success: false,
      message: PLAN_MESSAGES.serviceUnknown,
      errors: [{ path: 'services', message: PLAN_MESSAGES.serviceUnknown }],
    });
    const addOn = await changePlan(id, { addOns: [inactive] });
    expect(addOn.json()).toEqual({
      success: false,
      message: PLAN_MESSAGES.addOnUnknown,
      errors: [{ path: 'addOns', message: PLAN_MESSAGES.addOnUnknown }],
    });
    expect((await storedPlan(id))?.name).toBe('10-Wash Pack');
    expect(await coveredServices(id)).toEqual([express]);

    // A retired plan keeps its name.
    const taken = await changePlan(id, { name: 'old CLUB' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ success: false, message: PLAN_MESSAGES.nameTaken });
    const unknown = await changePlan(crypto.randomUUID(), { name: 'Nobody' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: PLAN_MESSAGES.notFound });
  });
});

describe('DELETE /api/plans/:id', () => {
  it('retires a plan: off offer, still read by id and by the administrator, what it covers kept', async () => {
    const id = (await t.database.db.select().from(plans).where(eq(plans.name, 'Basic Club')))[0]?.id ?? '';
    const response = await retire(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: PLAN_MESSAGES.retired,
      data: { _id: id, name: 'Basic Club', active: false, price: 19, interval: 'year' },
    });
    expect((await storedPlan(id))?.retiredAt).toBeInstanceOf(Date);
    expect(await coveredServices(id)).toEqual([express]);
    expect((await offered()).map((plan) => plan.name)).toEqual(['Wash Club', 'Family Club Plus', '10-Wash Pack']);
    expect((await call('GET', `/api/plans/${id}`, undefined, null)).json().data.active).toBe(false);

    const again = await retire(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: PLAN_MESSAGES.alreadyRetired });
    const unknown = await retire(crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: PLAN_MESSAGES.notFound });
  });
});

describe('how many plans a shop keeps', () => {
  it(`refuses a plan beyond ${PLAN_LIMITS.plans}, retired ones counted, with 409`, async () => {
    const { db } = t.database;
    const kept = (await db.select({ id: plans.id }).from(plans)).length;
    const fillers = await db
      .insert(plans)
      .values(
        Array.from({ length: PLAN_LIMITS.plans - kept }, (_, index) => ({
          kind: 'membership' as const,
          name: `Filler ${index}`,
          priceCents: 1000,
          interval: 'month' as const,
          retiredAt: new Date(),
        })),
      )
      .returning({ id: plans.id });
    try {
      const before = await rowCounts(t.database);
      const response = await makePlan({ ...membership(), name: 'One Too Many' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ success: false, message: PLAN_MESSAGES.tooMany });
      expect(await rowCounts(t.database)).toEqual(before);
    } finally {
      await db.delete(plans).where(
        inArray(
          plans.id,
          fillers.map((filler) => filler.id),
        ),
      );
    }
    expect((await makePlan({ ...membership(), name: 'Room Again' })).statusCode).toBe(201);
  });
});

describe('who may call the plans', () => {
  const someId = crypto.randomUUID();
  it.each([
    ['GET', '/api/plans/all', undefined],
    ['POST', '/api/plans', {}],
    ['PUT', `/api/plans/${someId}`, { name: 'Mine' }],
    ['DELETE', `/api/plans/${someId}`, undefined],
  ] as const)('%s %s is the administrator’s alone', async (method, url, payload) => {
    const before = await rowCounts(t.database);
    const visitor = await call(method, url, payload, null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe(GENERIC_ERROR_MESSAGES.unauthorized);
    for (const caller of [customer, staff]) {
      const refused = await call(method, url, payload, caller);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(GENERIC_ERROR_MESSAGES.forbidden);
    }
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it('lets anyone read the plans on offer and one plan', async () => {
    const [any] = await t.database.db.select().from(plans).orderBy(asc(plans.createdAt)).limit(1);
    for (const caller of [null, customer, staff, admin]) {
      expect((await call('GET', '/api/plans', undefined, caller)).statusCode).toBe(200);
      expect((await call('GET', `/api/plans/${any?.id}`, undefined, caller)).statusCode).toBe(200);
    }
  });
});
