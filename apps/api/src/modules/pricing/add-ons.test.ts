import { ADD_ON_MESSAGES, MAX_ACTIVE_ADD_ONS } from '@carcare/contracts/add-ons-constants';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { eq } from 'drizzle-orm';
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
import { addOnClassPrices, addOnServices, addOns, services } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
/** Two live services and a deleted one. */
let wash: string;
let detail: string;
let deleted: string;
/** The shop's classes, in its order: Sedan (the default), SUV, and an archived Limo. */
let sedan: string;
let suv: string;
let limo: string;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  caller: TestUser | null = admin,
) => {
  const options = { method, url, ...(payload === undefined ? {} : { payload }) };
  return t.app.inject(caller ? asUser(caller, options) : options);
};
const addAddOn = (payload: object, caller: TestUser | null = admin) => call('POST', '/api/add-ons', payload, caller);
const changeAddOn = (id: string, payload: object, caller: TestUser | null = admin) =>
  call('PUT', `/api/add-ons/${id}`, payload, caller);
const deactivate = (id: string, caller: TestUser | null = admin) =>
  call('DELETE', `/api/add-ons/${id}`, undefined, caller);
const offers = async (query = '') => (await call('GET', `/api/add-ons${query}`, undefined, null)).json().data;
const offeredNames = async (query = '') => (await offers(query)).map((offer: { name: string }) => offer.name);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  customer = await signedInUser(t.app);
  wash = (await serviceWithSlots(t.app, { name: 'Add-on Wash' })).service.id;
  detail = (await serviceWithSlots(t.app, { name: 'Add-on Detail' })).service.id;
  deleted = (await serviceWithSlots(t.app, { name: 'Add-on Gone' })).service.id;
  await t.database.db.update(services).set({ isDeleted: true }).where(eq(services.id, deleted));
  const classId = async (name: string) =>
    (await call('POST', '/api/vehicle-classes', { name })).json().data._id as string;
  sedan = await classId('Sedan');
  limo = await classId('Limo');
  suv = await classId('SUV');
  expect((await call('DELETE', `/api/vehicle-classes/${limo}`)).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/add-ons', () => {
  it('adds an add-on offered with the services given, priced for every live class in order', async () => {
    const response = await addAddOn({
      name: ' Pet hair removal ',
      description: 'Fur out of every seat',
      price: 25,
      minutes: 20,
      services: [detail, wash],
      prices: [{ vehicleClass: suv, price: 35.5, minutes: 30 }],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: ADD_ON_MESSAGES.created,
      data: {
        _id: expect.any(String),
        name: 'Pet hair removal',
        description: 'Fur out of every seat',
        price: 25,
        minutes: 20,
        prices: [
          { vehicleClass: sedan, name: 'Sedan', price: 25, minutes: 20, own: false },
          { vehicleClass: suv, name: 'SUV', price: 35.5, minutes: 30, own: true },
        ],
        active: true,
        services: [detail, wash].sort(),
        sortOrder: 1,
        createdAt: expect.any(String),
      },
    });
    const id = response.json().data._id;
    const [stored] = await t.database.db.select().from(addOns).where(eq(addOns.id, id));
    expect(stored).toMatchObject({ priceCents: 2500, extraMinutes: 20, active: true, sortOrder: 1 });
    expect(await t.database.db.select().from(addOnClassPrices).where(eq(addOnClassPrices.addOnId, id))).toEqual([
      { addOnId: id, vehicleClassId: suv, priceCents: 3550, extraMinutes: 30 },
    ]);
  });

  it('takes only a name, a price and minutes: no description, active, offered with nothing, one price', async () => {
    const response = await addAddOn({ name: 'Engine bay', price: 40, minutes: 25 });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      name: 'Engine bay',
      description: '',
      active: true,
      services: [],
      sortOrder: 2,
      prices: [
        { vehicleClass: sedan, name: 'Sedan', price: 40, minutes: 25, own: false },
        { vehicleClass: suv, name: 'SUV', price: 40, minutes: 25, own: false },
      ],
    });
  });

  it('refuses a name an active add-on has, whatever its case, with 409', async () => {
    const before = await rowCounts(t.database);
    const response = await addAddOn({ name: 'ENGINE BAY', price: 10, minutes: 5 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: ADD_ON_MESSAGES.nameTaken });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it.each([
    [{ name: '' }, 'name', ADD_ON_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(61) }, 'name', ADD_ON_MESSAGES.nameTooLong],
    [{ description: 'd'.repeat(501) }, 'description', ADD_ON_MESSAGES.descriptionTooLong],
    [{ price: undefined }, 'price', ADD_ON_MESSAGES.priceRequired],
    [{ price: 0 }, 'price', ADD_ON_MESSAGES.pricePositive],
    [{ price: 1.005 }, 'price', ADD_ON_MESSAGES.priceCents],
    [{ price: 100_001 }, 'price', ADD_ON_MESSAGES.priceTooHigh],
    [{ minutes: 0 }, 'minutes', ADD_ON_MESSAGES.minutesInvalid],
    [{ minutes: 2.5 }, 'minutes', ADD_ON_MESSAGES.minutesInvalid],
    [{ active: 'yes' }, 'active', ADD_ON_MESSAGES.activeInvalid],
    [{ services: 'wash' }, 'services', ADD_ON_MESSAGES.servicesInvalid],
    [{ services: ['wash'] }, 'services.0', ADD_ON_MESSAGES.servicesInvalid],
    [{ prices: {} }, 'prices', ADD_ON_MESSAGES.pricesInvalid],
    [
      { prices: [{ vehicleClass: 'suv', price: 5, minutes: 5 }] },
      'prices.0.vehicleClass',
      ADD_ON_MESSAGES.pricesInvalid,
    ],
    [
      { prices: [{ vehicleClass: crypto.randomUUID(), price: 5, minutes: 0 }] },
      'prices.0.minutes',
      ADD_ON_MESSAGES.minutesInvalid,
    ],
  ])('refuses %j with 400 naming the field, storing nothing', async (change, path, message) => {
    const before = await rowCounts(t.database);
    const response = await addAddOn({ name: 'Refused', price: 10, minutes: 10, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, errors: [{ path, message }] });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it('refuses a class named twice', async () => {
    const row = { vehicleClass: suv, price: 5, minutes: 5 };
    const response = await addAddOn({ name: 'Twice', price: 10, minutes: 10, prices: [row, row] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ADD_ON_MESSAGES.pricesRepeated);
  });

  it.each([
    ['an unknown service', () => ({ services: [wash, crypto.randomUUID()] }), ADD_ON_MESSAGES.serviceUnknown],
    ['a deleted service', () => ({ services: [deleted] }), ADD_ON_MESSAGES.serviceUnknown],
    [
      'an unknown class',
      () => ({ prices: [{ vehicleClass: crypto.randomUUID(), price: 5, minutes: 5 }] }),
      ADD_ON_MESSAGES.classUnknown,
    ],
    [
      'an archived class',
      () => ({ prices: [{ vehicleClass: limo, price: 5, minutes: 5 }] }),
      ADD_ON_MESSAGES.classUnknown,
    ],
  ])('refuses %s with 400, storing nothing', async (_case, change, message) => {
    const before = await rowCounts(t.database);
    const response = await addAddOn({ name: 'Refused', price: 10, minutes: 10, ...change() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message });
    expect(await rowCounts(t.database)).toEqual(before);
  });
});

describe('GET /api/add-ons', () => {
  it('lists the active add-ons in order, each priced for every live class, to anyone', async () => {
    const response = await call('GET', '/api/add-ons', undefined, null);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: ADD_ON_MESSAGES.retrieved, totalDoc: 2 });
    expect(body.data[0]).toEqual({
      _id: expect.any(String),
      name: 'Pet hair removal',
      description: 'Fur out of every seat',
      price: 25,
      minutes: 20,
      prices: [
        { vehicleClass: sedan, name: 'Sedan', price: 25, minutes: 20, own: false },
        { vehicleClass: suv, name: 'SUV', price: 35.5, minutes: 30, own: true },
      ],
    });
    expect((await call('GET', '/api/add-ons', undefined, customer)).statusCode).toBe(200);
  });

  it('lists only those offered with a service when one is named', async () => {
    expect(await offeredNames(`?service=${wash}`)).toEqual(['Pet hair removal']);
    expect(await offeredNames(`?service=${crypto.randomUUID()}`)).toEqual([]);
    // An empty value is no filter, as for every list.
    expect(await offeredNames('?service=')).toEqual(['Pet hair removal', 'Engine bay']);
  });

  it('refuses a service that is not an id with 400', async () => {
    const response = await call('GET', '/api/add-ons?service=wash', undefined, null);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: ADD_ON_MESSAGES.serviceQueryInvalid });
  });
});

describe('PUT /api/add-ons/:id', () => {
  const idOf = async (name: string) =>
    ((await call('GET', '/api/add-ons/all')).json().data as { _id: string; name: string }[]).find(
      (addOn) => addOn.name === name,
    )?._id ?? '';

  it('changes the fields given; services and prices replace the lists whole', async () => {
    const id = await idOf('Engine bay');
    const response = await changeAddOn(id, {
      price: 45,
      services: [wash],
      prices: [{ vehicleClass: sedan, price: 30, minutes: 15 }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: ADD_ON_MESSAGES.updated,
      data: {
        _id: id,
        name: 'Engine bay',
        price: 45,
        minutes: 25,
        services: [wash],
        prices: [
          { vehicleClass: sedan, name: 'Sedan', price: 30, minutes: 15, own: true },
          { vehicleClass: suv, name: 'SUV', price: 45, minutes: 25, own: false },
        ],
      },
    });
    const replaced = await changeAddOn(id, { services: [detail], prices: [] });
    expect(replaced.json().data.services).toEqual([detail]);
    expect(replaced.json().data.prices.map((price: { own: boolean }) => price.own)).toEqual([false, false]);
    expect(await t.database.db.select().from(addOnServices).where(eq(addOnServices.addOnId, id))).toEqual([
      { addOnId: id, serviceId: detail },
    ]);
    expect(await t.database.db.select().from(addOnClassPrices).where(eq(addOnClassPrices.addOnId, id))).toEqual([]);
    expect(await offeredNames(`?service=${detail}`)).toEqual(['Pet hair removal', 'Engine bay']);
    expect(await offeredNames(`?service=${wash}`)).toEqual(['Pet hair removal']);
  });

  it('refuses an unknown service or an archived class with 400 and changes nothing', async () => {
    const id = await idOf('Engine bay');
    const unknownService = await changeAddOn(id, { price: 99, services: [deleted] });
    expect(unknownService.statusCode).toBe(400);
    expect(unknownService.json()).toEqual({ success: false, message: ADD_ON_MESSAGES.serviceUnknown });
    const archivedClass = await changeAddOn(id, { price: 99, prices: [{ vehicleClass: limo, price: 5, minutes: 5 }] });
    expect(archivedClass.statusCode).toBe(400);
    expect(archivedClass.json()).toEqual({ success: false, message: ADD_ON_MESSAGES.classUnknown });
    const [stored] = await t.database.db.select().from(addOns).where(eq(addOns.id, id));
    expect(stored?.priceCents).toBe(4500);
  });

  it('refuses a name another active add-on has, an empty change and an unknown add-on', async () => {
    const id = await idOf('Engine bay');
    const taken = await changeAddOn(id, { name: 'pet HAIR removal' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ success: false, message: ADD_ON_MESSAGES.nameTaken });
    const empty = await changeAddOn(id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ADD_ON_MESSAGES.nothingToChange);
    const unknown = await changeAddOn(crypto.randomUUID(), { price: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: ADD_ON_MESSAGES.notFound });
  });
});

describe('DELETE /api/add-ons/:id', () => {
  it('deactivates an add-on: it leaves the offers, the administrator still sees it', async () => {
    const created = await addAddOn({ name: 'Headlights', price: 30, minutes: 30, services: [wash] });
    const id = created.json().data._id;
    expect(await offeredNames(`?service=${wash}`)).toEqual(['Pet hair removal', 'Headlights']);
    const response = await deactivate(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: ADD_ON_MESSAGES.deactivated,
      data: { _id: id, name: 'Headlights', active: false, services: [wash] },
    });
    expect(await offeredNames(`?service=${wash}`)).toEqual(['Pet hair removal']);
    expect(await offeredNames()).not.toContain('Headlights');
    const all = (await call('GET', '/api/add-ons/all')).json();
    expect(all.data.map((addOn: { name: string; active: boolean }) => [addOn.name, addOn.active])).toEqual([
      ['Pet hair removal', true],
      ['Engine bay', true],
      ['Headlights', false],
    ]);
    // Its name is free for an active add-on; it cannot come back beside one with its name.
    expect((await addAddOn({ name: 'headlights', price: 30, minutes: 30 })).statusCode).toBe(201);
    const revived = await changeAddOn(id, { active: true });
    expect(revived.statusCode).toBe(409);
    expect(revived.json().message).toBe(ADD_ON_MESSAGES.nameTaken);
  });

  it('answers 404 for an unknown add-on', async () => {
    const response = await deactivate(crypto.randomUUID());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: ADD_ON_MESSAGES.notFound });
  });
});

describe('an archived class', () => {
  it('leaves every add-on’s prices; its own price rows stay', async () => {
    const van = (await call('POST', '/api/vehicle-classes', { name: 'Van' })).json().data._id;
    const created = await addAddOn({
      name: 'Roof rack',
      price: 15,
      minutes: 10,
      prices: [{ vehicleClass: van, price: 20, minutes: 15 }],
    });
    const id = created.json().data._id;
    expect(created.json().data.prices.map((price: { name: string }) => price.name)).toEqual(['Sedan', 'SUV', 'Van']);
    expect((await call('DELETE', `/api/vehicle-classes/${van}`)).statusCode).toBe(200);
    const offer = (await offers()).find((addOn: { _id: string }) => addOn._id === id);
    expect(offer.prices.map((price: { name: string }) => price.name)).toEqual(['Sedan', 'SUV']);
    expect(await t.database.db.select().from(addOnClassPrices).where(eq(addOnClassPrices.addOnId, id))).toHaveLength(1);
  });
});

describe('who may call the add-on routes', () => {
  it('lets anyone read the offers; only administrators read all or write, and nothing is stored', async () => {
    const id = (await offers())[0]._id;
    const before = await rowCounts(t.database);
    expect((await call('GET', '/api/add-ons/all', undefined, null)).statusCode).toBe(401);
    const forbidden = await call('GET', '/api/add-ons/all', undefined, customer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(GENERIC_ERROR_MESSAGES.forbidden);
    for (const caller of [null, customer]) {
      const status = caller ? 403 : 401;
      expect((await addAddOn({ name: 'Sneaky', price: 1, minutes: 1 }, caller)).statusCode).toBe(status);
      expect((await changeAddOn(id, { price: 1 }, caller)).statusCode).toBe(status);
      expect((await deactivate(id, caller)).statusCode).toBe(status);
    }
    expect(await rowCounts(t.database)).toEqual(before);
    expect((await offers())[0]._id).toBe(id);
  });
});

describe('the number of active add-ons', () => {
  it(`is at most ${MAX_ACTIVE_ADD_ONS}; an inactive one counts for nothing until it is active again`, async () => {
    const shop = await createTestApp();
    try {
      const owner = await signedInUser(shop.app, 'admin');
      const post = (payload: object) =>
        shop.app.inject(asUser(owner, { method: 'POST', url: '/api/add-ons', payload }));
      await shop.database.db.insert(addOns).values(
        Array.from({ length: MAX_ACTIVE_ADD_ONS }, (_, index) => ({
          name: `Extra ${index}`,
          priceCents: 100,
          extraMinutes: 5,
          sortOrder: index + 1,
        })),
      );
      const before = await rowCounts(shop.database);
      const refused = await post({ name: 'One Too Many', price: 1, minutes: 1 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ success: false, message: ADD_ON_MESSAGES.tooMany });
      expect(await rowCounts(shop.database)).toEqual(before);
      // An inactive add-on may be made, but not made active while the shop is full.
      const inactive = await post({ name: 'Spare', price: 1, minutes: 1, active: false });
      expect(inactive.statusCode).toBe(201);
      expect(inactive.json().data).toMatchObject({ active: false, sortOrder: MAX_ACTIVE_ADD_ONS + 1 });
      const activated = await shop.app.inject(
        asUser(owner, { method: 'PUT', url: `/api/add-ons/${inactive.json().data._id}`, payload: { active: true } }),
      );
      expect(activated.statusCode).toBe(409);
      expect(activated.json().message).toBe(ADD_ON_MESSAGES.tooMany);
    } finally {
      await shop.close();
    }
  });
});
