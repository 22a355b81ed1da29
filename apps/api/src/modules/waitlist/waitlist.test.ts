import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { QUOTE_MESSAGES } from '@carcare/contracts/quotes-constants';
import { VEHICLE_MESSAGES } from '@carcare/contracts/vehicles-constants';
import { WAITLIST_MESSAGES } from '@carcare/contracts/waitlist-constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  daysOfOwn,
  rowCounts,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../test/helper';
import { waitlistEntries, waitlistWindows } from '../../db/schema';
import { businessDate } from '../../lib/business-time';

let t: TestApp;
// A day of its own for each service, within the shop's booking horizon.
const nextDay = daysOfOwn();
let customer: TestUser;
let staff: TestUser;
let admin: TestUser;
let serviceId: string;
let day: string;

beforeAll(async () => {
  t = await createTestApp();
  customer = await signedInUser(t.app);
  staff = await signedInUser(t.app, 'staff');
  admin = await signedInUser(t.app, 'admin');
  const made = await serviceWithSlots(t.app, { slotCount: 1, daysAhead: nextDay() });
  serviceId = made.service.id;
  day = made.slots[0]?.date ?? '';
});
afterAll(async () => {
  await t.close();
});

const call = (caller: TestUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
  const options = { method, url, ...(payload ? { payload } : {}) };
  return t.app.inject(caller ? asUser(caller, options) : options);
};
const join = (caller: TestUser | null, payload: object) => call(caller, 'POST', '/api/waitlist', payload);
const morning = (date: string) => ({ date, from: '08:00', to: '12:00' });

describe('POST /api/waitlist', () => {
  it('puts the customer on the waitlist with their windows and answers 201 with the entry', async () => {
    const joiner = await signedInUser(t.app);
    const response = await join(joiner, {
      service: serviceId,
      windows: [morning(day), { date: day, from: '14:00', to: '17:30' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.message).toBe(WAITLIST_MESSAGES.joined);
    expect(body.data).toMatchObject({
      status: 'waiting',
      service: { _id: serviceId, name: 'Foam Wash' },
      vehicle: null,
      vehicleClass: null,
      addOns: [],
      windows: [morning(day), { date: day, from: '14:00', to: '17:30' }],
      offer: null,
    });
    const windows = await t.database.db
      .select()
      .from(waitlistWindows)
      .where(eq(waitlistWindows.entryId, body.data._id));
    expect(windows.map((window) => [window.day, window.fromMinute, window.toMinute])).toEqual([
      [day, 480, 720],
      [day, 840, 1050],
    ]);
  });

  it('refuses a second live entry for the same service with 409, and takes one again after leaving', async () => {
    const joiner = await signedInUser(t.app);
    const first = await join(joiner, { service: serviceId, windows: [morning(day)] });
    expect(first.statusCode).toBe(201);
    const again = await join(joiner, { service: serviceId, windows: [morning(day)] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WAITLIST_MESSAGES.alreadyWaiting);
    expect((await call(joiner, 'DELETE', `/api/waitlist/${first.json().data._id}`)).statusCode).toBe(200);
    expect((await join(joiner, { service: serviceId, windows: [morning(day)] })).statusCode).toBe(201);
  });

  const today = () => businessDate('UTC', new Date());
  const refusals: Array<[string, () => object, number, string]> = [
    ['no windows', () => ({ service: serviceId, windows: [] }), 400, WAITLIST_MESSAGES.windowsRequired],
    ['windows left out', () => ({ service: serviceId }), 400, WAITLIST_MESSAGES.windowsRequired],
    [
      'four windows',
      () => ({
        service: serviceId,
        windows: ['08:00', '09:00', '10:00', '11:00'].map((from) => ({ date: day, from, to: '18:00' })),
      }),
      400,
      WAITLIST_MESSAGES.tooManyWindows,
    ],
    [
      'a window ending before it starts',
      () => ({ service: serviceId, windows: [{ date: day, from: '12:00', to: '12:00' }] }),
      400,
      WAITLIST_MESSAGES.fromBeforeTo,
    ],
    [
      'a time not written HH:MM',
      () => ({ service: serviceId, windows: [{ date: day, from: '8am', to: '12:00' }] }),
      400,
      WAITLIST_MESSAGES.timeInvalid,
    ],
    [
      'a day not written YYYY-MM-DD',
      () => ({ service: serviceId, windows: [{ date: '2026-02-30', from: '08:00', to: '12:00' }] }),
      400,
      WAITLIST_MESSAGES.dateInvalid,
    ],
    [
      'two windows starting at once',
      () => ({ service: serviceId, windows: [morning(day), { ...morning(day), to: '10:00' }] }),
      400,
      WAITLIST_MESSAGES.windowRepeated,
    ],
    [
      'a day that has passed',
      () => ({ service: serviceId, windows: [morning(businessDate('UTC', new Date(), -1))] }),
      400,
      WAITLIST_MESSAGES.datePast,
    ],
    [
      'a day beyond the booking horizon',
      () => ({ service: serviceId, windows: [morning(businessDate('UTC', new Date(), 400))] }),
      400,
      WAITLIST_MESSAGES.dateBeyondHorizon,
    ],
    ['no service', () => ({ windows: [morning(day)] }), 400, WAITLIST_MESSAGES.serviceRequired],
    [
      'an unknown service',
      () => ({ service: '00000000-0000-4000-8000-000000000000', windows: [morning(day)] }),
      404,
      WAITLIST_MESSAGES.serviceUnknown,
    ],
    [
      "someone else's or no vehicle",
      () => ({ service: serviceId, windows: [morning(day)], vehicle: '00000000-0000-4000-8000-000000000000' }),
      404,
      VEHICLE_MESSAGES.notFound,
    ],
    [
      'a vehicle and a class at once',
      () => ({
        service: serviceId,
        windows: [morning(day)],
        vehicle: '00000000-0000-4000-8000-000000000000',
        vehicleClass: '00000000-0000-4000-8000-000000000000',
      }),
      400,
      QUOTE_MESSAGES.vehicleOrClass,
    ],
  ];
  it.each(refusals)(
    'refuses %s with the exact status and message, storing nothing',
    async (_, body, status, message) => {
      const before = await rowCounts(t.database);
      const response = await join(customer, body());
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toBe(message);
      expect(await rowCounts(t.database)).toEqual(before);
    },
  );

  it('takes today as a preferred day', async () => {
    const joiner = await signedInUser(t.app);
    const response = await join(joiner, {
      service: serviceId,
      windows: [{ date: today(), from: '00:00', to: '24:00' }],
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('lets only signed-in customers join: 401 for a visitor, 403 for staff and the administrator', async () => {
    const body = { service: serviceId, windows: [morning(day)] };
    const visitor = await join(null, body);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe(GENERIC_ERROR_MESSAGES.unauthorized);
    expect((await join(staff, body)).statusCode).toBe(403);
    expect((await join(admin, body)).statusCode).toBe(403);
  });
});

describe('GET /api/waitlist/mine', () => {
  it("answers the caller's own entries only, oldest first", async () => {
    const mine = await signedInUser(t.app);
    const other = await serviceWithSlots(t.app, { name: 'Hand Polish', slotCount: 1, daysAhead: nextDay() });
    await join(mine, { service: serviceId, windows: [morning(day)] });
    await join(mine, { service: other.service.id, windows: [morning(day)] });
    await join(await signedInUser(t.app), { service: serviceId, windows: [morning(day)] });
    const response = await call(mine, 'GET', '/api/waitlist/mine');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: WAITLIST_MESSAGES.retrieved, totalDoc: 2 });
    expect(response.json().data.map((entry: { service: { name: string } }) => entry.service.name)).toEqual([
      'Foam Wash',
      'Hand Polish',
    ]);
  });

  it('is for customers: 401 for a visitor, 403 for staff', async () => {
    expect((await call(null, 'GET', '/api/waitlist/mine')).statusCode).toBe(401);
    expect((await call(staff, 'GET', '/api/waitlist/mine')).statusCode).toBe(403);
  });
});

describe('DELETE /api/waitlist/:id', () => {
  it("leaves the caller's entry; another customer's is not found, and a left one is no longer active", async () => {
    const owner = await signedInUser(t.app);
    const entry = (await join(owner, { service: serviceId, windows: [morning(day)] })).json().data;
    const stranger = await call(customer, 'DELETE', `/api/waitlist/${entry._id}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(WAITLIST_MESSAGES.notFound);
    const left = await call(owner, 'DELETE', `/api/waitlist/${entry._id}`);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ success: true, message: WAITLIST_MESSAGES.left });
    const [stored] = await t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry._id));
    expect(stored?.status).toBe('left');
    const again = await call(owner, 'DELETE', `/api/waitlist/${entry._id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WAITLIST_MESSAGES.notActive);
  });

  it('refuses an id that is not one with 400, and is for customers: 401 for a visitor, 403 for staff', async () => {
    expect((await call(customer, 'DELETE', '/api/waitlist/not-an-id')).statusCode).toBe(400);
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await call(null, 'DELETE', `/api/waitlist/${id}`)).statusCode).toBe(401);
    expect((await call(staff, 'DELETE', `/api/waitlist/${id}`)).statusCode).toBe(403);
  });
});

describe('GET /api/waitlist?date=', () => {
  it("shows staff and the administrator the day's waitlist with each customer, in queue order, without those who left", async () => {
    const made = await serviceWithSlots(t.app, { name: 'Interior Detail', slotCount: 1, daysAhead: nextDay() });
    const date = made.slots[0]?.date ?? '';
    const first = await signedInUser(t.app);
    const second = await signedInUser(t.app);
    const gone = await signedInUser(t.app);
    await join(first, { service: made.service.id, windows: [morning(date)] });
    await join(second, {
      service: made.service.id,
      windows: [morning(businessDate('UTC', new Date(), 1)), morning(date)],
    });
    const leaving = (await join(gone, { service: made.service.id, windows: [morning(date)] })).json().data;
    await call(gone, 'DELETE', `/api/waitlist/${leaving._id}`);
    for (const reader of [staff, admin]) {
      const response = await call(reader, 'GET', `/api/waitlist?date=${date}`);
      expect(response.statusCode).toBe(200);
      const entries = response.json().data as Array<{ customer: { email: string }; windows: unknown[] }>;
      expect(entries.map((entry) => entry.customer.email)).toEqual([first.email, second.email]);
      expect(entries[1]?.windows).toHaveLength(2);
    }
  });

  it('asks for a day, and is for the shop: 401 for a visitor, 403 for a customer', async () => {
    const missing = await call(staff, 'GET', '/api/waitlist');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(WAITLIST_MESSAGES.dayRequired);
    const malformed = await call(staff, 'GET', '/api/waitlist?date=tomorrow');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(WAITLIST_MESSAGES.dateInvalid);
    expect((await call(null, 'GET', `/api/waitlist?date=${day}`)).statusCode).toBe(401);
    expect((await call(customer, 'GET', `/api/waitlist?date=${day}`)).statusCode).toBe(403);
  });
});
