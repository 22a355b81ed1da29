import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { REPORT_MESSAGES } from '@carcare/contracts/reports-constants';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookings, services, slots } from '../src/db/schema';
import { asUser, createTestApp, rowCounts, signedInUser, type TestApp, type TestUser, utcSlotRow } from './helper';

let t: TestApp;
let admin: TestUser;
let staff: TestUser;

const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  staff = await signedInUser(t.app, 'staff');
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A service with two one-hour slots, the first starting `hoursAhead` from now (to the minute), on a bay of its own. */
async function serviceStartingIn(hoursAhead: number) {
  const [service] = await t.app.db
    .insert(services)
    .values({
      name: `Counter ${crypto.randomUUID().slice(0, 8)}`,
      description: 'An hour',
      durationMinutes: 60,
      priceCents: 6000,
    })
    .returning();
  if (!service) throw new Error('service was not created');
  const bay = (
    await t.app.inject(
      asUser(admin, { method: 'POST', url: '/api/bays', payload: { name: `Counter bay ${service.id.slice(0, 8)}` } }),
    )
  ).json().data;
  await t.app.inject(
    asUser(admin, { method: 'PUT', url: `/api/services/${service.id}`, payload: { bays: [bay._id] } }),
  );
  const first = Math.ceil((Date.now() + hoursAhead * HOUR) / 60_000) * 60_000;
  const rows = [0, 1].map((index) => {
    const startsAt = new Date(first + index * 2 * HOUR);
    return utcSlotRow(service.id, startsAt, new Date(startsAt.getTime() + HOUR));
  });
  const created = await t.app.db.insert(slots).values(rows).returning();
  return { service, slots: created };
}

/** A customer's booking of the slot, paid at the sandbox checkout. */
async function paidBooking(serviceId: string, slotId: string) {
  const customer = await signedInUser(t.app);
  const created = await t.app.inject(
    asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: serviceId, slot: slotId } }),
  );
  expect(created.statusCode).toBe(201);
  const session = String(created.json().data.payment_url).split('/pay/')[1];
  await t.app.inject({ method: 'POST', url: `/pay/${session}/pay` });
  return { customer, id: created.json().data.booking._id as string };
}

/** Signs the user in again: after the clock is moved, their access token from before has run out. */
async function signedInAgain(user: TestUser): Promise<TestUser> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  return { ...user, accessToken: login.json().accessToken };
}

const asStaff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject(asUser(staff, { method, url, ...(payload ? { payload } : {}) }));

describe('staff at the counter', () => {
  it("read any customer's booking, the list, the CSV and the day board", async () => {
    const { service, slots: open } = await serviceStartingIn(5);
    const { customer, id } = await paidBooking(service.id, open[0]?.id ?? '');

    const one = await asStaff('GET', `/api/bookings/${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      success: true,
      message: BOOKING_MESSAGES.retrieved,
      data: { _id: id, customer: { _id: customer.id, email: customer.email } },
    });

    const calendar = await asStaff('GET', `/api/bookings/${id}/calendar.ics`);
    expect(calendar.statusCode).toBe(200);
    expect(calendar.headers['content-type']).toBe('text/calendar; charset=utf-8');

    const list = await asStaff('GET', `/api/bookings?service=${service.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ success: true, message: BOOKING_MESSAGES.retrieved, totalDoc: 1 });
    expect(list.json().data.map((booking: { _id: string }) => booking._id)).toEqual([id]);

    const csv = await asStaff('GET', `/api/bookings/export.csv?service=${service.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain(customer.email);

    const date = open[0]?.date ?? '';
    const board = await asStaff('GET', `/api/admin/schedule?date=${date}`);
    expect(board.statusCode).toBe(200);
    expect(board.json()).toMatchObject({ success: true, message: REPORT_MESSAGES.scheduleRetrieved });
    expect(JSON.stringify(board.json().data)).toContain(id);

    const bays = await asStaff('GET', '/api/bays');
    expect(bays.statusCode).toBe(200);
  });

  it('mark a started booking completed or a no-show', async () => {
    const { service, slots: open } = await serviceStartingIn(3);
    const done = await paidBooking(service.id, open[0]?.id ?? '');
    const missed = await paidBooking(service.id, open[1]?.id ?? '');

    const early = await asStaff('POST', `/api/bookings/${done.id}/complete`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(BOOKING_MESSAGES.notStarted);

    vi.useFakeTimers({ toFake: ['Date'], now: (open[1]?.startsAt.getTime() ?? 0) + 60_000 });
    // A token issued under the moved clock: the one from before would have run out.
    const counter = await signedInAgain(staff);
    const mark = (id: string, path: string) =>
      t.app.inject(asUser(counter, { method: 'POST', url: `/api/bookings/${id}/${path}` }));
    const completed = await mark(done.id, 'complete');
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({ message: BOOKING_MESSAGES.completed, data: { status: 'completed' } });
    const noShow = await mark(missed.id, 'no-show');
    expect(noShow.statusCode).toBe(200);
    expect(noShow.json()).toMatchObject({ message: BOOKING_MESSAGES.noShow, data: { status: 'no_show' } });
    const stored = await t.app.db.select().from(bookings).where(eq(bookings.serviceId, service.id));
    expect(Object.fromEntries(stored.map((row) => [row.id, row.status]))).toEqual({
      [done.id]: 'completed',
      [missed.id]: 'no_show',
    });
  });

  it("are refused the shop's settings, catalogue, bays, slots, overview, users and roles, changing nothing", async () => {
    const { service, slots: open } = await serviceStartingIn(30);
    const customer = await signedInUser(t.app);
    const refused = [
      ['GET', '/api/settings'],
      ['PUT', '/api/settings', { businessName: 'Not yours' }],
      ['GET', '/api/settings/changes'],
      ['GET', '/api/closures'],
      ['POST', '/api/services', { name: 'Not yours', description: 'No', duration: 30, price: 10 }],
      ['PUT', `/api/services/${service.id}`, { name: 'Renamed' }],
      ['DELETE', `/api/services/${service.id}`],
      ['PUT', `/api/services/${service.id}/prices`, { prices: [] }],
      ['PUT', `/api/services/${service.id}/hours`, {}],
      ['GET', '/api/services/get/all'],
      ['PUT', `/api/slots/toggle-status/${open[0]?.id}`, {}],
      ['POST', '/api/bays', { name: 'Not yours' }],
      ['POST', '/api/vehicle-classes', { name: 'Not yours' }],
      ['POST', '/api/add-ons', { name: 'Not yours' }],
      ['POST', '/api/plans', { name: 'Not yours' }],
      ['GET', '/api/admin/overview'],
      ['GET', '/api/user/all'],
      ['PUT', `/api/auth/update-role/${customer.id}`, { role: 'staff' }],
      ['GET', '/api/auth/role-changes'],
    ] as const;
    const before = await rowCounts(t.database);
    const answers = [];
    for (const [method, url, payload] of refused) {
      const response = await asStaff(method, url, payload);
      answers.push(`${method} ${url}: ${response.statusCode} ${response.json().message}`);
    }
    expect(answers).toEqual(
      refused.map(([method, url]) => `${method} ${url}: 403 ${GENERIC_ERROR_MESSAGES.forbidden}`),
    );
    expect(await rowCounts(t.database)).toEqual(before);
    const [unchanged] = await t.app.db.select().from(services).where(eq(services.id, service.id));
    expect(unchanged?.name).toBe(service.name);
  });
});
