import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClassPrices, services } from '../src/db/schema';
import {
  asUser,
  createTestApp,
  OLDER_CLIENT_ORIGIN,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from './helper';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp({ publicCacheMs: 60_000, corsOrigins: [OLDER_CLIENT_ORIGIN] });
  admin = await signedInUser(t.app, 'admin');
  customer = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the public read cache', () => {
  it('answers a hit with the security headers of every answer', async () => {
    const miss = await get('/api/services?page=1&limit=3');
    expect(miss.headers['x-cache']).toBeUndefined();
    const hit = await get('/api/services?page=1&limit=3');
    expect(hit.headers['x-cache']).toBe('hit');
    const security = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'referrer-policy',
      'x-content-type-options',
      'x-frame-options',
    ];
    for (const name of security) {
      expect(miss.headers[name], name).toEqual(expect.any(String));
      expect(hit.headers[name], name).toBe(miss.headers[name]);
    }
    expect(hit.headers['content-security-policy']).toContain("default-src 'self'");
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    // Nothing of one answer's own: no rate-limit count, no CORS for a request without an origin.
    expect(hit.headers['x-ratelimit-remaining']).toBeUndefined();
    expect(hit.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a hit from the older client on its own origin with its CORS headers', async () => {
    await get('/api/services?page=1&limit=4');
    const hit = await t.app.inject({
      method: 'GET',
      url: '/api/services?page=1&limit=4',
      headers: { origin: OLDER_CLIENT_ORIGIN },
    });
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.headers['access-control-allow-origin']).toBe(OLDER_CLIENT_ORIGIN);
    expect(hit.headers['access-control-allow-credentials']).toBe('true');
    expect(hit.headers['content-security-policy']).toContain("default-src 'self'");
    const stranger = await t.app.inject({
      method: 'GET',
      url: '/api/services?page=1&limit=4',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a repeated catalogue read from memory and drops it when a service changes', async () => {
    const first = await get('/api/services');
    expect(first.headers['x-cache']).toBeUndefined();
    const again = await get('/api/services');
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.json()).toEqual(first.json());

    const created = await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: '/api/services',
        payload: { name: 'Fresh Wash', description: 'New', duration: 30, price: 10 },
      }),
    );
    expect(created.statusCode).toBe(201);
    const after = await get('/api/services');
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json().data.map((service: { name: string }) => service.name)).toContain('Fresh Wash');
  });

  it('answers a repeated quote from memory until a price changes, and prices a vehicle afresh every time', async () => {
    const { service } = await serviceWithSlots(t.app, { name: 'Quoted Wash', priceCents: 3000 });
    const sedan = await t.app.inject(
      asUser(admin, { method: 'POST', url: '/api/vehicle-classes', payload: { name: 'Quote Sedan' } }),
    );
    expect(sedan.statusCode).toBe(201);
    const vehicleClass = sedan.json().data._id;
    const quote = () =>
      t.app.inject({ method: 'POST', url: '/api/bookings/quote', payload: { service: service.id, vehicleClass } });
    const totalOf = async () => (await quote()).json().data.total;
    expect(await totalOf()).toBe(30);
    // Changed behind the API's back: the kept quote still answers, as a cached public read would.
    await t.app.db.update(services).set({ priceCents: 3100 }).where(eq(services.id, service.id));
    expect(await totalOf()).toBe(30);
    // A price set through the API drops it.
    const priced = await t.app.inject(
      asUser(admin, {
        method: 'PUT',
        url: `/api/services/${service.id}/prices`,
        payload: { prices: [{ vehicleClass, price: 42, duration: 45 }] },
      }),
    );
    expect(priced.statusCode).toBe(200);
    expect(await totalOf()).toBe(42);
    // A vehicle is read from the garage each time: its class's price now, whatever was kept.
    const car = await t.app.inject(
      asUser(customer, {
        method: 'POST',
        url: '/api/vehicles',
        payload: { vehicleClass, make: 'Mazda', model: 'CX-5' },
      }),
    );
    expect(car.statusCode).toBe(201);
    const byCar = () =>
      t.app.inject(
        asUser(customer, {
          method: 'POST',
          url: '/api/bookings/quote',
          payload: { service: service.id, vehicle: car.json().data._id },
        }),
      );
    expect((await byCar()).json().data.total).toBe(42);
    await t.app.db
      .update(serviceClassPrices)
      .set({ priceCents: 4400 })
      .where(eq(serviceClassPrices.serviceId, service.id));
    expect((await byCar()).json().data.total).toBe(44);
  });

  it('never shows a slot as free after it was booked or freed again', async () => {
    const { service, slots } = await serviceWithSlots(t.app, { name: 'Cached Slots' });
    const url = `/api/slots/availability?service=${service.id}&date=${slots[0]?.date}`;
    const status = async () => (await get(url)).json().data[0].isBooked;
    expect(await status()).toBe('available');
    expect(await status()).toBe('available');

    const booked = await t.app.inject(
      asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: slots[0]?.id } }),
    );
    expect(booked.statusCode).toBe(201);
    expect(await status()).toBe('booked');

    const session = String(booked.json().data.payment_url).split('/pay/')[1];
    await t.app.inject({ method: 'POST', url: `/pay/${session}/cancel` });
    expect(await status()).toBe('available');

    await t.app.inject(asUser(admin, { method: 'PUT', url: `/api/slots/toggle-status/${slots[0]?.id}` }));
    expect(await status()).toBe('cancel');
  });

  it('refreshes review stats when a review is added, and never caches what callers see of themselves', async () => {
    const before = (await get('/api/review/get')).json().stats.count;
    await t.app.inject(
      asUser(customer, {
        method: 'POST',
        url: '/api/review/create',
        payload: { rating: 4, comment: 'A thoroughly clean car today' },
      }),
    );
    expect((await get('/api/review/get')).json().stats.count).toBe(before + 1);

    const mine = await t.app.inject(asUser(customer, { method: 'GET', url: '/api/my-bookings' }));
    const mineAgain = await t.app.inject(asUser(customer, { method: 'GET', url: '/api/my-bookings' }));
    expect(mine.headers['x-cache']).toBeUndefined();
    expect(mineAgain.headers['x-cache']).toBeUndefined();
  });

  it('keys a zero budget with the catalogue it lists, and a real bound apart from it', async () => {
    await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: '/api/services',
        payload: { name: 'Budget Key Wash', description: 'Keyed', duration: 30, price: 12 },
      }),
    );
    const everything = await get('/api/services?limit=100');
    expect(everything.headers['x-cache']).toBeUndefined();
    for (const query of ['min=0&max=0', 'min=&max=', 'max=0&min=0.00']) {
      const same = await get(`/api/services?limit=100&${query}`);
      expect(same.headers['x-cache'], query).toBe('hit');
      expect(same.json(), query).toEqual(everything.json());
    }
    const bounded = await get('/api/services?limit=100&min=0&max=12');
    expect(bounded.headers['x-cache']).toBeUndefined();
    expect(bounded.json().totalDoc).toBeLessThan(everything.json().totalDoc);
    const fromTwelve = await get('/api/services?limit=100&min=12&max=0');
    expect(fromTwelve.headers['x-cache']).toBeUndefined();
    expect(fromTwelve.json().data.every((service: { price: number }) => service.price >= 12)).toBe(true);
  });
});
