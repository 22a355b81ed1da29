import { BAY_MESSAGES } from '@carcare/contracts/bays-constants';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { MAX_BUFFER_MINUTES, SERVICE_MESSAGES } from '@carcare/contracts/services-constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, rowCounts, signedInUser, type TestApp, type TestUser } from '../../../test/helper';
import { serviceBays, services } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

type Seeded = { id: string; name: string; price: number };
const catalogue: Seeded[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  customer = await signedInUser(t.app);
  // 23 services with distinct creation times and prices 5, 10, ..., 115 dollars.
  const names = [
    'Basic Wash',
    'Premium Wash',
    'Wax 100%',
    'Under_body Rinse',
    'Interior (Deep) Clean',
    'Tyre Shine',
    'Foam Bath',
    'Engine Steam',
    'Headlight Restore',
    'Glass Treatment',
    'Pet Hair Removal',
    'Odour Removal',
    'Leather Care',
    'Clay Bar',
    'Ceramic Coat',
    'Paint Polish',
    'Wheel Detail',
    'Roof Rack Clean',
    'Trunk Vacuum',
    'Quick Dry',
    'Express Wash',
    'Hand Wash',
    'Mirror Polish',
  ];
  const start = Date.now() - names.length * 60_000;
  const rows = await t.database.db
    .insert(services)
    .values(
      names.map((name, index) => ({
        name,
        description: `${name} description that is long enough`,
        durationMinutes: 30 + index,
        priceCents: (index + 1) * 500,
        createdAt: new Date(start + index * 60_000),
      })),
    )
    .returning();
  for (const row of rows) catalogue.push({ id: row.id, name: row.name, price: row.priceCents / 100 });
});
afterAll(async () => {
  await t.close();
});

const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/services${query}` });
const names = (body: { data: Array<{ name: string }> }) => body.data.map((service) => service.name);

describe('GET /api/services', () => {
  it('lists newest first, ten a page by default, with the total', async () => {
    const response = await list('');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.totalDoc).toBe(23);
    expect(body.data).toHaveLength(10);
    expect(names(body)).toEqual(
      catalogue
        .slice(-10)
        .reverse()
        .map((service) => service.name),
    );
    expect(body.data[0]).toEqual({
      _id: catalogue[22]?.id,
      name: 'Mirror Polish',
      description: 'Mirror Polish description that is long enough',
      duration: 52,
      price: 115,
      // No vehicle class yet: every car pays the service's price.
      priceFrom: 115,
      bufferMinutes: 0,
      bays: [],
      isDeleted: false,
      createdAt: expect.any(String),
      hours: null,
      paymentMode: 'full',
    });
  });

  it('sorts by price both ways and by creation time', async () => {
    expect(names((await list('?sort=price&limit=3')).json())).toEqual(['Basic Wash', 'Premium Wash', 'Wax 100%']);
    expect(names((await list('?sort=-price&limit=2')).json())).toEqual(['Mirror Polish', 'Hand Wash']);
    expect(names((await list('?sort=createdAt&limit=2')).json())).toEqual(['Basic Wash', 'Premium Wash']);
  });

  it('pages to the last partial page and past the end', async () => {
    const last = (await list('?page=3')).json();
    expect(last.totalDoc).toBe(23);
    expect(last.data).toHaveLength(3);
    expect(names(last)).toEqual(['Wax 100%', 'Premium Wash', 'Basic Wash']);
    const beyond = (await list('?page=4')).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.totalDoc).toBe(23);
  });

  it('accepts limits from 1 to 100', async () => {
    expect((await list('?limit=1')).json().data).toHaveLength(1);
    expect((await list('?limit=100')).json().data).toHaveLength(23);
  });

  it('reads a larger limit as the largest page instead of refusing it', async () => {
    const largest = (await list('?limit=100')).json();
    for (const limit of ['101', '99999', '1e309']) {
      const response = await list(`?limit=${limit}`);
      expect(response.statusCode, limit).toBe(200);
      expect(response.json(), limit).toEqual(largest);
    }
  });

  it('filters by a price range in dollars, bounds included', async () => {
    const body = (await list('?min=20&max=30&sort=price')).json();
    expect(body.totalDoc).toBe(3);
    expect(body.data.map((service: { price: number }) => service.price)).toEqual([20, 25, 30]);
    expect((await list('?min=112.5')).json().totalDoc).toBe(1);
  });

  it('treats empty filter values as not given', async () => {
    expect((await list('?searchTerm=&min=&max=&sort=')).json().totalDoc).toBe(23);
  });

  it('reads a budget of 0 as no budget, as the first load and Reset Filters send it', async () => {
    const everything = (await list('?min=0&max=0')).json();
    expect(everything.totalDoc).toBe(23);
    expect(everything.data).toHaveLength(10);
    expect((await list('?max=0')).json().totalDoc).toBe(23);
    expect((await list('?min=0.00&max=')).json().totalDoc).toBe(23);
    const fromFifty = (await list('?min=50&max=0&sort=price&limit=100')).json();
    const pricedFromFifty = catalogue.filter((service) => service.price >= 50);
    expect(pricedFromFifty.length).toBeGreaterThan(0);
    expect(fromFifty.totalDoc).toBe(pricedFromFifty.length);
    expect(fromFifty.data.every((service: { price: number }) => service.price >= 50)).toBe(true);
    expect((await list('?min=0&max=30')).json().totalDoc).toBe(
      catalogue.filter((service) => service.price <= 30).length,
    );
  });

  it('searches names case-insensitively and literally', async () => {
    expect(names((await list('?searchTerm=WASH&sort=price')).json())).toEqual([
      'Basic Wash',
      'Premium Wash',
      'Express Wash',
      'Hand Wash',
    ]);
    expect(names((await list('?searchTerm=%25')).json())).toEqual(['Wax 100%']);
    expect(names((await list('?searchTerm=_')).json())).toEqual(['Under_body Rinse']);
    expect(names((await list('?searchTerm=(Deep)')).json())).toEqual(['Interior (Deep) Clean']);
    expect((await list('?searchTerm=.*')).json().totalDoc).toBe(0);
    expect((await list(`?searchTerm=${encodeURIComponent("' or 1=1 --")}`)).json().totalDoc).toBe(0);
  });

  it.each([
    ['?min=-1', SERVICE_MESSAGES.minNotNumber],
    ['?min=cheap', SERVICE_MESSAGES.minNotNumber],
    ['?max=-5', SERVICE_MESSAGES.maxNotNumber],
    ['?min=50&max=10', SERVICE_MESSAGES.minAboveMax],
    ['?min=-0.5&max=0', SERVICE_MESSAGES.minNotNumber],
    ['?min=0&max=-1', SERVICE_MESSAGES.maxNotNumber],
    ['?min=free&max=0', SERVICE_MESSAGES.minNotNumber],
    ['?sort=name', SERVICE_MESSAGES.badSort],
    ['?page=0', 'page must be a whole number of at least 1'],
    ['?page=1.5', 'page must be a whole number of at least 1'],
    ['?limit=0', 'limit must be a whole number from 1 to 100'],
    ['?limit=-5', 'limit must be a whole number from 1 to 100'],
    ['?limit=ten', 'limit must be a whole number from 1 to 100'],
    ['?limit=2.5', 'limit must be a whole number from 1 to 100'],
    [`?searchTerm=${'x'.repeat(101)}`, SERVICE_MESSAGES.searchTooLong],
  ])('refuses %s with 400', async (query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message });
  });
});

describe('GET /api/services/:id and /g/names', () => {
  it('returns one service', async () => {
    const [first] = catalogue;
    const response = await t.app.inject({ method: 'GET', url: `/api/services/${first?.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ _id: first?.id, name: 'Basic Wash', price: 5, duration: 30 });
  });

  it('answers 404 for an unknown service and 400 for a malformed id', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: `/api/services/${crypto.randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: SERVICE_MESSAGES.notFound });
    expect((await t.app.inject({ method: 'GET', url: '/api/services/abc' })).statusCode).toBe(400);
  });

  it('lists the id and name of every live service, by name', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/services/g/names' })).json();
    expect(body.data.length).toBeGreaterThanOrEqual(23);
    expect(body.data[0]).toEqual({ _id: expect.any(String), name: expect.any(String) });
    const sorted = [...body.data].map((service: { name: string }) => service.name).sort((a, b) => a.localeCompare(b));
    expect(body.data.map((service: { name: string }) => service.name)).toEqual(sorted);
  });
});

const validInput = { name: 'Snow Foam Wash', description: 'Thick foam pre-wash', duration: 45, price: 79.99 };

describe('POST /api/services', () => {
  const create = (payload: unknown, caller?: TestUser) => {
    const options = { method: 'POST' as const, url: '/api/services', payload: payload as object };
    return t.app.inject(caller ? asUser(caller, options) : options);
  };

  it('lets an admin create a service, storing the price in cents', async () => {
    const response = await create({ ...validInput, isDeleted: false }, admin);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: SERVICE_MESSAGES.created,
      data: { ...validInput, isDeleted: false },
    });
    const [stored] = await t.database.db.select().from(services).where(eq(services.id, body.data._id));
    expect(stored).toMatchObject({ name: 'Snow Foam Wash', priceCents: 7999, durationMinutes: 45, isDeleted: false });
  });

  it('answers 401 to a visitor and 403 to a customer, storing nothing', async () => {
    const before = (await list('')).json().totalDoc;
    expect((await create({ ...validInput, name: 'Sneaky' })).statusCode).toBe(401);
    const forbidden = await create({ ...validInput, name: 'Sneaky' }, customer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(GENERIC_ERROR_MESSAGES.forbidden);
    expect((await list('')).json().totalDoc).toBe(before);
  });

  it.each([
    [{ name: '' }, 'name', SERVICE_MESSAGES.nameRequired],
    [{ name: undefined }, 'name', SERVICE_MESSAGES.nameRequired],
    [{ description: '  ' }, 'description', SERVICE_MESSAGES.descriptionRequired],
    [{ duration: undefined }, 'duration', SERVICE_MESSAGES.durationRequired],
    [{ duration: '45' }, 'duration', SERVICE_MESSAGES.durationRequired],
    [{ duration: 0 }, 'duration', SERVICE_MESSAGES.durationWhole],
    [{ duration: 12.5 }, 'duration', SERVICE_MESSAGES.durationWhole],
    [{ price: undefined }, 'price', SERVICE_MESSAGES.priceRequired],
    [{ price: 0 }, 'price', SERVICE_MESSAGES.pricePositive],
    [{ price: -3 }, 'price', SERVICE_MESSAGES.pricePositive],
    [{ price: 9.999 }, 'price', SERVICE_MESSAGES.priceCents],
    [{ isDeleted: true }, 'isDeleted', 'isDeleted must be false'],
    [{ bufferMinutes: -5 }, 'bufferMinutes', SERVICE_MESSAGES.bufferInvalid],
    [{ bufferMinutes: 2.5 }, 'bufferMinutes', SERVICE_MESSAGES.bufferInvalid],
    [{ bufferMinutes: MAX_BUFFER_MINUTES + 1 }, 'bufferMinutes', SERVICE_MESSAGES.bufferInvalid],
    [{ bufferMinutes: '15' }, 'bufferMinutes', SERVICE_MESSAGES.bufferInvalid],
    [{ bays: 'Bay 1' }, 'bays', SERVICE_MESSAGES.baysInvalid],
    [{ bays: ['not-a-bay'] }, 'bays.0', SERVICE_MESSAGES.baysInvalid],
  ])('refuses %j with 400', async (change, path, message) => {
    const response = await create({ ...validInput, name: 'Refused Service', ...change }, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, errors: [{ path, message }] });
    expect((await list('?searchTerm=Refused')).json().totalDoc).toBe(0);
  });
});

describe('the bay settings of a service', () => {
  const bayIds = async () =>
    (await t.app.inject(asUser(admin, { method: 'GET', url: '/api/bays' })))
      .json()
      .data.map((bay: { _id: string }) => bay._id) as string[];
  const addBay = async (name: string) =>
    (await t.app.inject(asUser(admin, { method: 'POST', url: '/api/bays', payload: { name } }))).json().data
      ._id as string;
  const storedBays = async (serviceId: string) =>
    (await t.database.db.select().from(serviceBays).where(eq(serviceBays.serviceId, serviceId))).map(
      (row) => row.bayId,
    );

  it('stores a buffer and a bay restriction with a new service, and shows them', async () => {
    const lift = await addBay('Lift Bay');
    const response = await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: '/api/services',
        payload: { ...validInput, name: 'Ceramic Cure', bufferMinutes: 45, bays: [lift] },
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ name: 'Ceramic Cure', bufferMinutes: 45, bays: [lift] });
    const [stored] = await t.database.db.select().from(services).where(eq(services.id, response.json().data._id));
    expect(stored?.bufferMinutes).toBe(45);
    expect(await storedBays(response.json().data._id)).toEqual([lift]);
    const read = await t.app.inject({ method: 'GET', url: `/api/services/${response.json().data._id}` });
    expect(read.json().data).toMatchObject({ bufferMinutes: 45, bays: [lift] });
  });

  it('changes the restriction only when bays is sent, and clears it with an empty list', async () => {
    const [first] = await bayIds();
    const created = await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: '/api/services',
        payload: { ...validInput, name: 'Restricted', bays: [first] },
      }),
    );
    const id = created.json().data._id;
    const put = (payload: object) =>
      t.app.inject(asUser(admin, { method: 'PUT', url: `/api/services/${id}`, payload }));
    expect((await put({ price: 90 })).json().data).toMatchObject({ price: 90, bays: [first], bufferMinutes: 0 });
    expect(await storedBays(id)).toEqual([first]);
    expect((await put({ bays: [], bufferMinutes: 10 })).json().data).toMatchObject({ bays: [], bufferMinutes: 10 });
    expect(await storedBays(id)).toEqual([]);
  });

  it('answers 404 for an unknown bay and stores nothing, neither the service nor a change', async () => {
    const before = await rowCounts(t.database);
    const unknown = crypto.randomUUID();
    const created = await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: '/api/services',
        payload: { ...validInput, name: 'Nowhere', bays: [unknown] },
      }),
    );
    expect(created.statusCode).toBe(404);
    expect(created.json()).toEqual({ success: false, message: BAY_MESSAGES.notFound });
    expect(await rowCounts(t.database)).toEqual(before);

    const id = (
      await t.app.inject(
        asUser(admin, { method: 'POST', url: '/api/services', payload: { ...validInput, name: 'Kept' } }),
      )
    ).json().data._id;
    const changed = await t.app.inject(
      asUser(admin, { method: 'PUT', url: `/api/services/${id}`, payload: { price: 12, bays: [unknown] } }),
    );
    expect(changed.statusCode).toBe(404);
    const [stored] = await t.database.db.select().from(services).where(eq(services.id, id));
    expect(stored?.priceCents).toBe(7999);
    expect(await storedBays(id)).toEqual([]);
  });

  it('refuses a bay named twice with 400', async () => {
    const [first] = await bayIds();
    const response = await t.app.inject(
      asUser(admin, { method: 'POST', url: '/api/services', payload: { ...validInput, bays: [first, first] } }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(SERVICE_MESSAGES.baysRepeated);
  });
});

describe('PUT and DELETE /api/services/:id', () => {
  const newService = async () =>
    (
      await t.app.inject(
        asUser(admin, { method: 'POST', url: '/api/services', payload: { ...validInput, name: 'Mutable' } }),
      )
    ).json().data._id as string;

  it('lets an admin change some fields of a service', async () => {
    const id = await newService();
    const response = await t.app.inject(
      asUser(admin, { method: 'PUT', url: `/api/services/${id}`, payload: { price: 85 } }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { _id: id, price: 85, name: 'Mutable' } });
    const [stored] = await t.database.db.select().from(services).where(eq(services.id, id));
    expect(stored?.priceCents).toBe(8500);
  });

  it('refuses an empty or invalid change and callers who are not admins', async () => {
    const id = await newService();
    const empty = await t.app.inject(asUser(admin, { method: 'PUT', url: `/api/services/${id}`, payload: {} }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Send at least one of name, description, duration, price, bufferMinutes, bays');
    const negative = await t.app.inject(
      asUser(admin, { method: 'PUT', url: `/api/services/${id}`, payload: { price: -1 } }),
    );
    expect(negative.json().message).toBe(SERVICE_MESSAGES.pricePositive);
    expect((await t.app.inject({ method: 'PUT', url: `/api/services/${id}`, payload: { price: 1 } })).statusCode).toBe(
      401,
    );
    const forbidden = await t.app.inject(
      asUser(customer, { method: 'PUT', url: `/api/services/${id}`, payload: { price: 1 } }),
    );
    expect(forbidden.statusCode).toBe(403);
    const [stored] = await t.database.db.select().from(services).where(eq(services.id, id));
    expect(stored?.priceCents).toBe(7999);
  });

  it('soft-deletes: the service leaves lists, names and lookups but its row stays', async () => {
    const id = await newService();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/services/${id}` })).statusCode).toBe(401);
    expect((await t.app.inject(asUser(customer, { method: 'DELETE', url: `/api/services/${id}` }))).statusCode).toBe(
      403,
    );

    const response = await t.app.inject(asUser(admin, { method: 'DELETE', url: `/api/services/${id}` }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: SERVICE_MESSAGES.deleted,
      data: { isDeleted: true },
    });

    const [stored] = await t.database.db.select().from(services).where(eq(services.id, id));
    expect(stored?.isDeleted).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/services/${id}` })).statusCode).toBe(404);
    expect((await list('?searchTerm=Mutable&limit=100')).json().data.map((s: { _id: string }) => s._id)).not.toContain(
      id,
    );
    const namesList = (await t.app.inject({ method: 'GET', url: '/api/services/g/names' })).json().data;
    expect(namesList.map((s: { _id: string }) => s._id)).not.toContain(id);
    const again = await t.app.inject(asUser(admin, { method: 'DELETE', url: `/api/services/${id}` }));
    expect(again.statusCode).toBe(404);
    const edit = await t.app.inject(
      asUser(admin, { method: 'PUT', url: `/api/services/${id}`, payload: { price: 5 } }),
    );
    expect(edit.statusCode).toBe(404);
  });
});
