import { MAX_BOOKING_ADD_ONS } from '@carcare/contracts/add-ons-constants';
import { FRONT_DESK_LIMITS } from '@carcare/contracts/front-desk-constants';
import { SETTING_LIMITS, WEEKDAYS } from '@carcare/contracts/shop-settings-constants';
import { TEXT_LIMITS } from '@carcare/contracts/text-limits';
import { TEXT_WEBHOOK_LIMITS } from '@carcare/contracts/texts-constants';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import * as schema from '../../src/db/schema';
import type { RouteAccess } from '../../src/plugins/auth';
import { asUser, createTestApp, rowCounts, signedInUser, type TestApp, type TestUser } from '../helper';

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  staff = await signedInUser(t.app, 'staff');
  customer = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});

type Location = 'body' | 'querystring' | 'params';
/** A text leaf of a route's input: its longest accepted length, or undefined when nothing bounds it. */
type TextField = { route: RouteAccess; location: Location; field: string; max: number | undefined };

const UUID_LENGTH = 36;

/** The text leaves of a zod schema, by field name; wrappers, pipes, unions and intersections are looked through. */
function textLeaves(node: z.ZodType, path: string, out: Map<string, Array<number | undefined>>): void {
  const def = node._zod.def as unknown as Record<string, unknown> & { type: string };
  const add = (max: number | undefined) => out.set(path, [...(out.get(path) ?? []), max]);
  switch (def.type) {
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        textLeaves(child, path ? `${path}.${key}` : key, out);
      }
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      textLeaves(def.innerType as z.ZodType, path, out);
      return;
    case 'pipe':
      textLeaves(def.in as z.ZodType, path, out);
      textLeaves(def.out as z.ZodType, path, out);
      return;
    case 'union':
      for (const option of def.options as z.ZodType[]) textLeaves(option, path, out);
      return;
    case 'intersection':
      textLeaves(def.left as z.ZodType, path, out);
      textLeaves(def.right as z.ZodType, path, out);
      return;
    case 'array':
      textLeaves(def.element as z.ZodType, `${path}[]`, out);
      return;
    case 'string':
      add(def.format === 'uuid' ? UUID_LENGTH : ((node as z.ZodString).maxLength ?? undefined));
      return;
    case 'unknown':
    case 'any':
    case 'record':
      add(undefined);
      return;
    default:
      // numbers, booleans, enums, literals, never, transforms: nothing of unbounded length is kept.
      return;
  }
}

function textFields(): TextField[] {
  const fields: TextField[] = [];
  for (const route of t.app.accessTable.filter((entry) => entry.method !== 'HEAD')) {
    for (const location of ['body', 'querystring', 'params'] as const) {
      const input = route.input[location] as z.ZodType | undefined;
      if (!input) continue;
      const leaves = new Map<string, Array<number | undefined>>();
      textLeaves(input, '', leaves);
      for (const [field, maxima] of leaves) {
        // A field is bounded when any layer of it (say the string before an email check) has a maximum.
        const bounded = maxima.filter((max): max is number => max !== undefined);
        fields.push({ route, location, field, max: bounded.length > 0 ? Math.min(...bounded) : undefined });
      }
    }
  }
  return fields;
}

/**
 * Vehicle classes, add-ons and plans have names and descriptions shorter than a service's (a column of the price
 * grid, a line on a booking, a card of the wash club): on their routes these fields are counted as
 * `catalogue name` and `catalogue description`.
 */
const CATALOGUE_ROUTE = /^\/api\/(vehicle-classes|add-ons|plans)(\/|$)/;
/** A booking's reasons (cancelling it, moving it) are longer than a closure's: counted as `booking reason`. */
const BOOKING_ROUTE = /^\/api\/bookings\//;
const fieldKey = ({ route, field }: TextField) => {
  if (CATALOGUE_ROUTE.test(route.url) && (field === 'name' || field === 'description')) return `catalogue ${field}`;
  if (BOOKING_ROUTE.test(route.url) && field === 'reason') return 'booking reason';
  return field;
};

/** The longest text each field of the API takes: one number per field name, whatever the route. */
const EXPECTED_MAXIMA: Record<string, number> = {
  firstName: TEXT_LIMITS.personName,
  lastName: TEXT_LIMITS.personName,
  email: TEXT_LIMITS.email,
  address: TEXT_LIMITS.address,
  phone: TEXT_LIMITS.phone,
  password: TEXT_LIMITS.password,
  confirmPassword: TEXT_LIMITS.password,
  oldPassword: TEXT_LIMITS.password,
  newPassword: TEXT_LIMITS.password,
  token: TEXT_LIMITS.token,
  name: TEXT_LIMITS.serviceName,
  description: TEXT_LIMITS.serviceDescription,
  comment: TEXT_LIMITS.reviewComment,
  searchTerm: TEXT_LIMITS.searchTerm,
  search: TEXT_LIMITS.searchTerm,
  customer: TEXT_LIMITS.ignoredId,
  // The customer's own note when booking, and the front desk's search for a customer.
  note: FRONT_DESK_LIMITS.customerNote,
  q: TEXT_LIMITS.searchTerm,
  id: UUID_LENGTH,
  feeId: UUID_LENGTH,
  service: UUID_LENGTH,
  slot: UUID_LENGTH,
  'services[]': UUID_LENGTH,
  'bays[]': UUID_LENGTH,
  // Vehicle classes, add-ons and prices by class.
  'catalogue name': TEXT_LIMITS.catalogueName,
  'catalogue description': TEXT_LIMITS.catalogueDescription,
  'prices[].vehicleClass': UUID_LENGTH,
  // What a booking, a quote or an availability query is priced by: a vehicle, a class, add-ons.
  vehicle: UUID_LENGTH,
  // The wash club's plan, and the vehicles a membership covers.
  plan: UUID_LENGTH,
  'vehicles[]': UUID_LENGTH,
  vehicleClass: UUID_LENGTH,
  'addOns[]': UUID_LENGTH,
  // In a query string, the add-ons' ids separated by commas.
  addOns: MAX_BOOKING_ADD_ONS * (UUID_LENGTH + 1),
  bay: UUID_LENGTH,
  date: 'YYYY-MM-DD'.length,
  from: 'YYYY-MM-DD'.length,
  to: 'YYYY-MM-DD'.length,
  startTime: 'HH:MM'.length,
  endTime: 'HH:MM'.length,
  // A customer's garage.
  make: TEXT_LIMITS.vehicleText,
  model: TEXT_LIMITS.vehicleText,
  colour: TEXT_LIMITS.vehicleText,
  plate: TEXT_LIMITS.plateInput,
  plateRegion: TEXT_LIMITS.vehicleText,
  nickname: TEXT_LIMITS.vehicleText,
  // The shop's settings and closures.
  businessName: 100,
  currency: 'USD'.length,
  timeZone: 64,
  reason: SETTING_LIMITS.closureReason,
  // Why a booking was cancelled or moved, and the shop's notes on it.
  'booking reason': FRONT_DESK_LIMITS.reason,
  reasonText: FRONT_DESK_LIMITS.reason,
  body: FRONT_DESK_LIMITS.note,
  startDate: 'YYYY-MM-DD'.length,
  endDate: 'YYYY-MM-DD'.length,
  // The role changes of one user.
  user: UUID_LENGTH,
  // The text provider's delivery reports and the texts customers send the shop.
  MessageSid: TEXT_WEBHOOK_LIMITS.field,
  MessageStatus: TEXT_WEBHOOK_LIMITS.field,
  ErrorCode: TEXT_WEBHOOK_LIMITS.field,
  From: TEXT_WEBHOOK_LIMITS.field,
  Body: TEXT_WEBHOOK_LIMITS.body,
  // The text a delivery report is about, named by its status callback's address.
  message: UUID_LENGTH,
  // A waitlist entry's preferred days and time windows.
  'windows[].date': 'YYYY-MM-DD'.length,
  'windows[].from': 'HH:MM'.length,
  'windows[].to': 'HH:MM'.length,
  ...Object.fromEntries(
    WEEKDAYS.flatMap((day) => [
      [`hours.${day}[].start`, 'HH:MM'.length],
      [`hours.${day}[].end`, 'HH:MM'.length],
    ]),
  ),
};

/** A body each route that takes a query string besides its body accepts, so that the query string is what is judged. */
const GOOD_BODIES: Record<string, Record<string, string>> = {
  'POST /api/texts/status': { MessageSid: 'SM00000000000000000000000000000001', MessageStatus: 'delivered' },
};

/**
 * The body that sends `value` at a field's place, a list's items as a list of one: `hours.monday[].start`
 * is `{ hours: { monday: [{ start }] } }`, refused at `hours.monday.0.start`.
 */
function bodyAt(field: string, value: string): { payload: Record<string, unknown>; path: string } {
  const parts = field.split('.');
  let node: unknown = value;
  for (const part of [...parts].reverse()) {
    node = part.endsWith('[]') ? { [part.slice(0, -2)]: [node] } : { [part]: node };
  }
  return { payload: node as Record<string, unknown>, path: field.replaceAll('[]', '.0') };
}

describe('text limits', () => {
  it('bound every text field of every route, the same wherever a field appears', () => {
    const fields = textFields();
    const unbounded = fields.filter((field) => field.max === undefined);
    expect(
      unbounded.map((field) => `${field.route.method} ${field.route.url} ${field.location}.${field.field}`),
    ).toEqual([]);
    const maxima: Record<string, number[]> = {};
    for (const field of fields) {
      const key = fieldKey(field);
      maxima[key] = [...new Set([...(maxima[key] ?? []), field.max ?? -1])];
    }
    expect(maxima).toEqual(Object.fromEntries(Object.entries(EXPECTED_MAXIMA).map(([key, max]) => [key, [max]])));
  });

  it('refuse a 1,000,000-character first name at registration, storing nothing', async () => {
    const before = await rowCounts(t.database);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/customer',
      payload: {
        firstName: 'A'.repeat(1_000_000),
        lastName: 'Long',
        email: 'long.name@example.com',
        address: '1 Road',
        password: 'secret-password',
        confirmPassword: 'secret-password',
        phone: '+8801712345678',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: '* First name must be at most 100 characters',
      errors: [{ path: 'firstName', message: '* First name must be at most 100 characters' }],
    });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it('are enforced on every route: one character over is refused with 400 naming the field, and nothing is stored', async () => {
    // Path parameters are bounded by the router (maxParamLength); the smaller-holes suite covers them.
    const fields = textFields().filter((field) => field.location !== 'params');
    expect(fields.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: fields.length - 1 }),
        fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 51, max: 5000 })),
        // Text is trimmed before it is measured, so the filler never starts or ends with a space.
        fc.constantFrom('x', 'é', '😀', 'a.b'),
        async (index, excess, unit) => {
          const { route, location, field, max } = fields[index] as TextField;
          const limit = max ?? 0;
          // Limits count characters (code points): an emoji is one, however JavaScript measures it.
          const value = Array.from(unit.repeat(limit + excess))
            .slice(0, limit + excess)
            .join('');
          const callers = { admin, staff, public: null, user: customer, 'signed-in': customer } as const;
          const caller = callers[route.access];
          const url = route.url.replace(':id', crypto.randomUUID()).replace(':feeId', crypto.randomUUID());
          // A list's items are sent as a list of one, and refused by their place in it: `bays.0`.
          const body = bodyAt(field, value);
          const options =
            location === 'querystring'
              ? {
                  method: route.method as 'GET',
                  url: `${url}?${new URLSearchParams({ [field]: value })}`,
                  // Fastify checks a body before the query string: a route that takes both is sent a good body.
                  payload: GOOD_BODIES[`${route.method} ${route.url}`],
                }
              : { method: route.method as 'POST', url, payload: body.payload };
          const before = await rowCounts(t.database);
          const response = await t.app.inject(caller ? asUser(caller, options) : options);
          const label = `${route.method} ${route.url} ${location}.${field} at ${limit + excess} characters`;
          expect(response.statusCode, label).toBe(400);
          const envelope = response.json();
          expect(envelope.success, label).toBe(false);
          expect(
            envelope.errors?.map((error: { path: string }) => error.path),
            label,
          ).toContain(location === 'querystring' ? field : body.path);
          expect(await rowCounts(t.database), label).toEqual(before);
        },
      ),
      { numRuns: 200 },
    );
  });

  it.each([
    ['POST', '/api/auth/register/customer', 'firstName'],
    ['POST', '/api/services', 'description'],
    ['POST', '/api/review/create', 'comment'],
    ['POST', '/api/review/requests/:token', 'comment'],
    ['PUT', '/api/user/update', 'address'],
    ['PUT', '/api/user/update', 'lastName'],
    ['POST', '/api/vehicles', 'nickname'],
  ] as const)('%s %s takes %s at exactly its maximum', async (method, url, field) => {
    const max = EXPECTED_MAXIMA[field] ?? 0;
    const caller = url === '/api/services' ? admin : customer;
    const response = await t.app.inject(
      asUser(caller, { method, url, payload: { [field]: `${'w'.repeat(max - 1)}z` } }),
    );
    const paths = (response.json().errors ?? []).map((error: { path: string }) => error.path);
    expect(paths).not.toContain(field);
  });

  it.each([
    ['/api/vehicle-classes', { name: 'catalogue name' }],
    ['/api/add-ons', { name: 'catalogue name', description: 'catalogue description' }],
    ['/api/plans', { name: 'catalogue name', description: 'catalogue description' }],
  ] as const)('POST %s takes a name and a description at exactly their maxima', async (url, keys) => {
    const atMost = (key: string) => `${'w'.repeat((EXPECTED_MAXIMA[key] ?? 1) - 1)}z`;
    const payload = Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, atMost(key)]));
    const response = await t.app.inject(asUser(admin, { method: 'POST', url, payload }));
    const paths = (response.json().errors ?? []).map((error: { path: string }) => error.path);
    expect(paths).not.toContain('name');
    expect(paths).not.toContain('description');
  });
});

describe('the public read cache', () => {
  const BUDGET_BYTES = 512 * 1024;
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ publicCacheMs: 60_000, publicCacheMaxBytes: BUDGET_BYTES });
  });
  afterAll(async () => {
    await cached.close();
  });
  const get = (url: string) => cached.app.inject({ method: 'GET', url });

  it('keys answers by the validated query: junk parameters and spelled-out defaults never make a new entry', async () => {
    expect((await get('/api/review/get?limit=100')).headers['x-cache']).toBeUndefined();
    const variants = [
      ...Array.from({ length: 60 }, (_, index) => `/api/review/get?limit=100&junk=${index}`),
      '/api/review/get?page=1&limit=100',
      '/api/review/get?limit=100&page=&utm_source=x',
      '/api/review/get?limit=0100',
    ];
    for (const url of variants) expect((await get(url)).headers['x-cache'], url).toBe('hit');
    expect(cached.app.responseCache.usage().entries).toBe(1);
  });

  it('stays within its byte budget under a burst of distinct queries, dropping the least recently read', async () => {
    await cached.app.db.insert(schema.services).values(
      Array.from({ length: 30 }, (_, index) => ({
        name: `Budget Wash ${index} ${'n'.repeat(TEXT_LIMITS.serviceName - 20)}`,
        description: 'd'.repeat(TEXT_LIMITS.serviceDescription),
        durationMinutes: 30,
        priceCents: 1000 + index,
      })),
    );
    let peak = 0;
    for (let page = 0; page < 200; page++) {
      const response = await get(`/api/services?limit=30&max=${page + 100}`);
      expect(response.statusCode).toBe(200);
      peak = Math.max(peak, cached.app.responseCache.usage().bytes);
    }
    expect(peak).toBeLessThanOrEqual(BUDGET_BYTES);
    // Each answer is about 130 KB in memory: only a few fit, and the newest is among them.
    const { entries } = cached.app.responseCache.usage();
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(10);
    expect((await get('/api/services?limit=30&max=299')).headers['x-cache']).toBe('hit');
    expect((await get('/api/services?limit=30&max=100')).headers['x-cache']).toBeUndefined();
  });

  it('expires answers by age on its own, without being read again', async () => {
    const shortLived = await createTestApp({ publicCacheMs: 100 });
    try {
      await shortLived.app.inject({ method: 'GET', url: '/api/services' });
      expect(shortLived.app.responseCache.usage().entries).toBe(1);
      await vi.waitFor(() => expect(shortLived.app.responseCache.usage()).toEqual({ entries: 0, bytes: 0 }), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      await shortLived.close();
    }
  });
});

describe('the largest public answer', () => {
  /**
   * A review page at its largest: 100 reviews (the page-size maximum), each with a comment and both
   * reviewer names at their maxima, every character one that JSON escapes to six bytes (\u0001).
   * Around those strings each review carries under 200 bytes of keys, id, rating, date and flags.
   */
  const ESCAPED_BYTES_PER_CHARACTER = 6;
  const REVIEW_OVERHEAD_BYTES = 200;
  const PAGE_ENVELOPE_BYTES = 300;
  const MAX_REVIEW_PAGE_BYTES =
    100 *
      (ESCAPED_BYTES_PER_CHARACTER * (TEXT_LIMITS.reviewComment + 2 * TEXT_LIMITS.personName) + REVIEW_OVERHEAD_BYTES) +
    PAGE_ENVELOPE_BYTES;

  it(`is bounded: a review page never exceeds ${MAX_REVIEW_PAGE_BYTES.toLocaleString('en')} bytes`, async () => {
    const worst = '\u0001';
    const [author] = await t.app.db
      .insert(schema.users)
      .values({
        firstName: worst.repeat(TEXT_LIMITS.personName),
        lastName: worst.repeat(TEXT_LIMITS.personName),
        email: 'largest.answer@example.com',
        passwordHash: 'not-a-hash',
      })
      .returning();
    await t.app.db.insert(schema.reviews).values(
      Array.from({ length: 100 }, () => ({
        userId: author?.id ?? '',
        rating: 5,
        comment: worst.repeat(TEXT_LIMITS.reviewComment),
      })),
    );
    const response = await t.app.inject({ method: 'GET', url: '/api/review/get?limit=100' });
    expect(response.statusCode).toBe(200);
    const bytes = Buffer.byteLength(response.body);
    expect(bytes).toBeLessThanOrEqual(MAX_REVIEW_PAGE_BYTES);
    // The page really is the worst case: the bound is not loose by more than the overhead allowance.
    expect(bytes).toBeGreaterThan(MAX_REVIEW_PAGE_BYTES * 0.95);
    // Asking for more (the older home page asks for 99999) is served the same largest page.
    const more = await t.app.inject({ method: 'GET', url: '/api/review/get?limit=99999' });
    expect(more.statusCode).toBe(200);
    expect(more.json().data).toHaveLength(100);
    expect(Buffer.byteLength(more.body)).toBeLessThanOrEqual(MAX_REVIEW_PAGE_BYTES);
  });
});
