import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readCalendarFile } from '../../../../test/calendar-file';
import {
  asUser,
  createTestApp,
  paidBooking,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../../test/helper';

const SHOP = {
  name: 'Shine & Co',
  timeZone: 'Asia/Dhaka',
  locale: 'en-US',
  currency: 'USD',
  contact: { address: '12 Polish Lane, Dhaka 1205', phone: '+880 1711-111111', email: 'desk@shine.example' },
};
const PUBLIC_URL = 'https://shine.example';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp({ business: SHOP, publicUrl: PUBLIC_URL });
  admin = await signedInUser(t.app, 'admin');
  customer = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const calendarOf = (caller: TestUser | null, id: string, app: TestApp = t) => {
  const options = { method: 'GET' as const, url: `/api/bookings/${id}/calendar.ics` };
  return app.app.inject(caller ? asUser(caller, options) : options);
};

/** A paid booking of the shop's first Foam Wash slot of a day ahead (08:00–09:00 in Dhaka), and its slots. */
async function bookedWash(app: TestApp = t, who: TestUser = customer) {
  const { service, slots } = await serviceWithSlots(app.app, { timeZone: app.config.business.timeZone });
  const [first, second] = slots;
  if (!first || !second) throw new Error('slots were not created');
  const { id } = await paidBooking(app.app, who, service.id, first.id);
  return { id, first, second };
}

describe('GET /api/bookings/:id/calendar.ics', () => {
  it("gives the customer their booking as one event in the shop's time zone, every field read back", async () => {
    const { id, first } = await bookedWash();
    const response = await calendarOf(customer, id);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="shine-co-foam-wash-${first.date}.ics"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const event = readCalendarFile(response.body);
    expect(event).toEqual({
      version: '2.0',
      prodId: '-//Shine & Co//Bookings//EN',
      method: 'PUBLISH',
      timeZones: ['Asia/Dhaka'],
      eventCount: 1,
      uid: `${id}@shine.example`,
      sequence: expect.any(Number),
      stamp: { utc: true, instant: expect.any(String) },
      start: { tzid: 'Asia/Dhaka', local: `${first.date}T08:00:00`, instant: first.startsAt.toISOString() },
      end: { tzid: 'Asia/Dhaka', local: `${first.date}T09:00:00`, instant: first.endsAt.toISOString() },
      summary: 'Foam Wash at Shine & Co',
      location: '12 Polish Lane, Dhaka 1205',
      description: [
        'Foam Wash, 60 minutes',
        'Bay: Bay 1',
        'Price: $45.50',
        '',
        'To cancel or move it: https://shine.example/dashboard/user/my-bookings',
        'Shine & Co: +880 1711-111111, desk@shine.example',
      ].join('\n'),
      url: 'https://shine.example/dashboard/user/my-bookings',
      status: 'CONFIRMED',
    });
    // 08:00 in Dhaka (UTC+6) is 02:00 UTC.
    expect(first.startsAt.toISOString()).toBe(`${first.date}T02:00:00.000Z`);
    expect(Math.abs(Date.parse(event.stamp?.instant ?? '') - Date.now())).toBeLessThan(60_000);
  });

  it('keeps the UID when the booking moves, so calendars replace the event: new times, a higher SEQUENCE', async () => {
    const { id, second } = await bookedWash();
    const before = readCalendarFile((await calendarOf(customer, id)).body);

    // Ten minutes later (the access token still holds), the customer moves to the next slot.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 });
    const moved = await t.app.inject(
      asUser(customer, { method: 'POST', url: `/api/bookings/${id}/reschedule`, payload: { slot: second.id } }),
    );
    expect(moved.statusCode).toBe(200);
    const after = readCalendarFile((await calendarOf(customer, id)).body);

    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.start).toEqual({
      tzid: 'Asia/Dhaka',
      local: `${second.date}T09:00:00`,
      instant: second.startsAt.toISOString(),
    });
    expect(after.end.instant).toBe(second.endsAt.toISOString());
  });

  it('marks a cancelled booking CANCELLED', async () => {
    const { id } = await bookedWash();
    expect(
      (await t.app.inject(asUser(customer, { method: 'POST', url: `/api/bookings/${id}/cancel` }))).statusCode,
    ).toBe(200);
    expect(readCalendarFile((await calendarOf(customer, id)).body).status).toBe('CANCELLED');
  });

  it('gives an administrator any booking, and hides it from other customers as the other booking routes do', async () => {
    const { id } = await bookedWash();
    const forAdmin = await calendarOf(admin, id);
    expect(forAdmin.statusCode).toBe(200);
    expect(readCalendarFile(forAdmin.body).uid).toBe(`${id}@shine.example`);

    const stranger = await calendarOf(await signedInUser(t.app), id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ success: false, message: BOOKING_MESSAGES.notFound });
    const unknown = await calendarOf(customer, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: BOOKING_MESSAGES.notFound });
    expect((await calendarOf(null, id)).statusCode).toBe(401);
    expect((await calendarOf(customer, 'not-a-uuid')).statusCode).toBe(400);
  });
});

describe('a shop on UTC', () => {
  let utc: TestApp;
  beforeAll(async () => {
    utc = await createTestApp();
  });
  afterAll(async () => {
    await utc.close();
  });

  it('writes the times as UTC instants, with no time zone to define', async () => {
    const who = await signedInUser(utc.app);
    const { id, first } = await bookedWash(utc, who);
    const event = readCalendarFile((await calendarOf(who, id, utc)).body);
    expect(event.timeZones).toEqual([]);
    expect(event.start).toEqual({
      tzid: null,
      local: `${first.date}T08:00:00Z`,
      instant: first.startsAt.toISOString(),
    });
    expect(event.end.instant).toBe(first.endsAt.toISOString());
    expect(event.summary).toBe(`Foam Wash at ${utc.config.business.name}`);
    expect(event.location).toBe(utc.config.business.contact.address);
  });
});
