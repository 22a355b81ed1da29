import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { SERVICE_MESSAGES } from '@carcare/contracts/services-constants';
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
import { serviceClassPrices, services } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  // The public cache on, as in production: every write here must drop what it changes.
  t = await createTestApp({ publicCacheMs: 60_000 });
  admin = await signedInUser(t.app, 'admin');
  customer = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  caller: TestUser | null = admin,
) => {
  const options = { method, url, ...(payload === undefined ? {} : { payload }) };
  return t.app.inject(caller ? asUser(caller, options) : options);
};
const setPrices = (id: string, prices: object[] | object, caller: TestUser | null = admin) =>
  call('PUT', `/api/services/${id}/prices`, Array.isArray(prices) ? { prices } : prices, caller);
const addClass = async (name: string) =>
  (await call('POST', '/api/vehicle-classes', { name })).json().data._id as string;
const readService = (id: string) => call('GET', `/api/services/${id}`, undefined, null);
const catalogue = async (query: string) =>
  (await call('GET', `/api/services${query}`, undefined, null)).json().data as {
    _id: string;
    name: string;
    price: number;
    priceFrom: number;
  }[];

/** A live service of 45.50 for 60 minutes (the helper's), and the shop's classes once made. */
let service: string;
let small: string;
let suv: string;
let van: string;

beforeAll(async () => {
  service = (await serviceWithSlots(t.app, { name: 'Full Interior Detail', priceCents: 12000 })).service.id;
});

describe('a shop without vehicle classes', () => {
  it('shows every service at its own price: no grid, priceFrom its price', async () => {
    const response = await readService(service);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ price: 120, duration: 60, priceFrom: 120, prices: [], addOns: [] });
    const [entry] = await catalogue('?searchTerm=Full%20Interior');
    expect(entry).toMatchObject({ price: 120, priceFrom: 120 });
  });
});

describe('PUT /api/services/:id/prices', () => {
  beforeAll(async () => {
    small = await addClass('Small car');
    suv = await addClass('SUV');
    van = await addClass('Van');
  });

  it("sets the service's own price and duration for the classes given; the others take the service's", async () => {
    const response = await setPrices(service, [
      { vehicleClass: suv, price: 150, duration: 90 },
      { vehicleClass: small, price: 99.99, duration: 50 },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: SERVICE_MESSAGES.pricesSaved,
      data: {
        _id: service,
        price: 120,
        duration: 60,
        priceFrom: 99.99,
        prices: [
          { vehicleClass: small, name: 'Small car', price: 99.99, duration: 50, own: true },
          { vehicleClass: suv, name: 'SUV', price: 150, duration: 90, own: true },
          { vehicleClass: van, name: 'Van', price: 120, duration: 60, own: false },
        ],
        addOns: [],
      },
    });
    const stored = await t.database.db
      .select()
      .from(serviceClassPrices)
      .where(eq(serviceClassPrices.serviceId, service));
    expect(stored.sort((a, b) => a.priceCents - b.priceCents)).toEqual([
      { serviceId: service, vehicleClassId: small, priceCents: 9999, durationMinutes: 50 },
      { serviceId: service, vehicleClassId: suv, priceCents: 15000, durationMinutes: 90 },
    ]);
  });

  it('replaces the rows whole: a class left out takes the service’s price again', async () => {
    const response = await setPrices(service, [{ vehicleClass: suv, price: 160, duration: 100 }]);
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .data.prices.map((price: { name: string; price: number; own: boolean }) => [
          price.name,
          price.price,
          price.own,
        ]),
    ).toEqual([
      ['Small car', 120, false],
      ['SUV', 160, true],
      ['Van', 120, false],
    ]);
    expect(response.json().data.priceFrom).toBe(120);
    expect(
      await t.database.db.select().from(serviceClassPrices).where(eq(serviceClassPrices.serviceId, service)),
    ).toHaveLength(1);
  });

  it.each([
    [{}, 'prices', SERVICE_MESSAGES.pricesInvalid],
    [{ prices: 'cheap' }, 'prices', SERVICE_MESSAGES.pricesInvalid],
    [
      { prices: [{ vehicleClass: 'suv', price: 5, duration: 5 }] },
      'prices.0.vehicleClass',
      SERVICE_MESSAGES.pricesInvalid,
    ],
    [
      { prices: [{ vehicleClass: crypto.randomUUID(), price: 0, duration: 5 }] },
      'prices.0.price',
      SERVICE_MESSAGES.pricePositive,
    ],
    [
      { prices: [{ vehicleClass: crypto.randomUUID(), price: 5, duration: 0 }] },
      'prices.0.duration',
      SERVICE_MESSAGES.durationWhole,
    ],
  ])('refuses %j with 400 naming the field, changing nothing', async (payload, path, message) => {
    const before = await t.database.db.select().from(serviceClassPrices);
    const response = await setPrices(service, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, errors: [{ path, message }] });
    expect(await t.database.db.select().from(serviceClassPrices)).toEqual(before);
  });

  it('refuses a class named twice', async () => {
    const row = { vehicleClass: suv, price: 5, duration: 5 };
    const response = await setPrices(service, [row, row]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(SERVICE_MESSAGES.pricesRepeated);
  });

  it('refuses an unknown or archived class with 400, changing nothing', async () => {
    const archived = await addClass('Archived Bus');
    expect((await call('DELETE', `/api/vehicle-classes/${archived}`)).statusCode).toBe(200);
    const before = await t.database.db.select().from(serviceClassPrices);
    for (const vehicleClass of [archived, crypto.randomUUID()]) {
      const response = await setPrices(service, [
        { vehicleClass: small, price: 5, duration: 5 },
        { vehicleClass, price: 5, duration: 5 },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: SERVICE_MESSAGES.pricesClassUnknown });
    }
    expect(await t.database.db.select().from(serviceClassPrices)).toEqual(before);
  });

  it('answers 404 for a deleted or unknown service', async () => {
    const { service: gone } = await serviceWithSlots(t.app, { name: 'Deleted Detail' });
    await t.database.db.update(services).set({ isDeleted: true }).where(eq(services.id, gone.id));
    for (const id of [gone.id, crypto.randomUUID()]) {
      const response = await setPrices(id, [{ vehicleClass: suv, price: 5, duration: 5 }]);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: SERVICE_MESSAGES.notFound });
    }
    expect(
      await t.database.db.select().from(serviceClassPrices).where(eq(serviceClassPrices.serviceId, gone.id)),
    ).toEqual([]);
  });

  it('is for administrators only, and a refused caller changes nothing', async () => {
    const before = await rowCounts(t.database);
    const rows = [{ vehicleClass: van, price: 5, duration: 5 }];
    expect((await setPrices(service, rows, null)).statusCode).toBe(401);
    const forbidden = await setPrices(service, rows, customer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(GENERIC_ERROR_MESSAGES.forbidden);
    expect(await rowCounts(t.database)).toEqual(before);
  });
});

describe('the catalogue’s priceFrom', () => {
  let cheapInSmall: string;
  let plain: string;

  beforeAll(async () => {
    cheapInSmall = (await serviceWithSlots(t.app, { name: 'From Wash A', priceCents: 5000 })).service.id;
    plain = (await serviceWithSlots(t.app, { name: 'From Wash B', priceCents: 3000 })).service.id;
    await setPrices(cheapInSmall, [
      { vehicleClass: small, price: 20, duration: 30 },
      { vehicleClass: van, price: 80, duration: 90 },
    ]);
  });

  it('is the lowest price any live class pays, in the list as on the service', async () => {
    expect(
      (await catalogue('?searchTerm=From%20Wash&sort=price')).map(({ name, price, priceFrom }) => [
        name,
        price,
        priceFrom,
      ]),
    ).toEqual([
      ['From Wash B', 30, 30],
      ['From Wash A', 50, 20],
    ]);
    expect((await readService(cheapInSmall)).json().data.priceFrom).toBe(20);
    expect((await readService(plain)).json().data.priceFrom).toBe(30);
  });

  it('is a class’s higher price only when every class pays more than the base', async () => {
    const dearer = (await serviceWithSlots(t.app, { name: 'From Wash C', priceCents: 1000 })).service.id;
    await setPrices(
      dearer,
      [small, suv, van].map((vehicleClass, index) => ({ vehicleClass, price: 15 + index, duration: 30 })),
    );
    const [entry] = await catalogue('?searchTerm=From%20Wash C');
    expect(entry).toMatchObject({ price: 10, priceFrom: 15 });
  });

  it('keeps the price sort and the budget filter on the base price, as SPEC.md has them', async () => {
    expect((await catalogue('?searchTerm=From%20Wash&min=25&max=60&sort=-price')).map(({ name }) => name)).toEqual([
      'From Wash A',
      'From Wash B',
    ]);
  });

  it('leaves an archived class out: its price is no longer anyone’s', async () => {
    await setPrices(plain, [{ vehicleClass: van, price: 5, duration: 10 }]);
    expect((await catalogue('?searchTerm=From%20Wash B'))[0]?.priceFrom).toBe(5);
    const bus = await addClass('Bus');
    await setPrices(plain, [{ vehicleClass: bus, price: 4, duration: 10 }]);
    expect((await catalogue('?searchTerm=From%20Wash B'))[0]?.priceFrom).toBe(4);
    expect((await call('DELETE', `/api/vehicle-classes/${bus}`)).statusCode).toBe(200);
    expect((await catalogue('?searchTerm=From%20Wash B'))[0]?.priceFrom).toBe(30);
    const detail = (await readService(plain)).json().data;
    expect(detail.priceFrom).toBe(30);
    expect(detail.prices.map((price: { name: string }) => price.name)).toEqual(['Small car', 'SUV', 'Van']);
  });
});

describe('a service’s add-ons', () => {
  it('are the active add-ons offered with it, in order, priced for every live class', async () => {
    const add = async (payload: object) => (await call('POST', '/api/add-ons', payload)).json().data._id as string;
    const petHair = await add({
      name: 'Pet hair',
      price: 25,
      minutes: 20,
      services: [service],
      prices: [{ vehicleClass: van, price: 40, minutes: 35 }],
    });
    await add({ name: 'Not for this one', price: 10, minutes: 10 });
    const ceramic = await add({ name: 'Ceramic top-up', price: 60, minutes: 45, services: [service] });
    const before = (await readService(service)).json().data;
    expect(before.addOns.map((addOn: { name: string }) => addOn.name)).toEqual(['Pet hair', 'Ceramic top-up']);
    expect(before.addOns[0]).toEqual({
      _id: petHair,
      name: 'Pet hair',
      description: '',
      price: 25,
      minutes: 20,
      prices: [
        { vehicleClass: small, name: 'Small car', price: 25, minutes: 20, own: false },
        { vehicleClass: suv, name: 'SUV', price: 25, minutes: 20, own: false },
        { vehicleClass: van, name: 'Van', price: 40, minutes: 35, own: true },
      ],
    });
    // The same offers as GET /api/add-ons gives for the service.
    expect((await call('GET', `/api/add-ons?service=${service}`, undefined, null)).json().data).toEqual(before.addOns);
    expect((await call('DELETE', `/api/add-ons/${ceramic}`)).statusCode).toBe(200);
    expect((await readService(service)).json().data.addOns.map((addOn: { name: string }) => addOn.name)).toEqual([
      'Pet hair',
    ]);
  });

  it('come with every answer about one service: a change, its hours, its deletion', async () => {
    const changed = await call('PUT', `/api/services/${service}`, { description: 'Every seat, every mat' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ priceFrom: 120, addOns: [{ name: 'Pet hair' }] });
    expect(changed.json().data.prices).toHaveLength(3);
    const hours = await call('PUT', `/api/services/${service}/hours`, { hours: null });
    expect(hours.json().data).toMatchObject({ priceFrom: 120, addOns: [{ name: 'Pet hair' }] });
    const created = await call('POST', '/api/services', {
      name: 'Brand New Wash',
      description: 'Fresh from the form',
      duration: 30,
      price: 25,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ priceFrom: 25, addOns: [] });
    expect(
      created.json().data.prices.map((price: { own: boolean; price: number }) => [price.own, price.price]),
    ).toEqual([
      [false, 25],
      [false, 25],
      [false, 25],
    ]);
    const deleted = await call('DELETE', `/api/services/${created.json().data._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toMatchObject({ isDeleted: true, priceFrom: 25 });
  });
});

describe('the public read cache', () => {
  const cached = async (url: string) => (await call('GET', url, undefined, null)).headers['x-cache'];

  it('drops a service, the classes and the add-ons once a write changes them', async () => {
    const reads = [
      `/api/services/${service}`,
      '/api/services',
      '/api/vehicle-classes',
      `/api/add-ons?service=${service}`,
    ];
    const warm = async () => {
      for (const url of reads) await cached(url);
      for (const url of reads) expect(await cached(url), url).toBe('hit');
    };
    const writes: [string, () => Promise<{ statusCode: number }>][] = [
      ['prices', () => setPrices(service, [{ vehicleClass: small, price: 70, duration: 40 }])],
      ['a new class', () => call('POST', '/api/vehicle-classes', { name: 'Cache Class' })],
      ['a renamed class', async () => call('PUT', `/api/vehicle-classes/${suv}`, { name: 'Sport utility' })],
      [
        'a new add-on',
        () => call('POST', '/api/add-ons', { name: 'Cache extra', price: 5, minutes: 5, services: [service] }),
      ],
    ];
    for (const [label, write] of writes) {
      await warm();
      expect((await write()).statusCode, label).toBeLessThan(300);
      for (const url of reads) expect(await cached(url), `${url} after ${label}`).toBeUndefined();
    }
    expect((await readService(service)).json().data.prices[0]).toMatchObject({ price: 70, own: true });
  });

  it('keeps them when a write is refused', async () => {
    await cached('/api/vehicle-classes');
    expect(await cached('/api/vehicle-classes')).toBe('hit');
    expect((await call('POST', '/api/vehicle-classes', { name: 'Small CAR' })).statusCode).toBe(409);
    expect(await cached('/api/vehicle-classes')).toBe('hit');
  });
});
