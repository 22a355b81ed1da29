import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { SLOT_MESSAGES } from '@carcare/contracts/slots-constants';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser } from '../../../test/helper';
import { bookings, services, slots } from '../../db/schema';
import { businessDate } from '../../lib/business-time';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let hourly: { id: string; name: string };
let fortyFive: { id: string };
let buffered: { id: string };

const day = (offset: number) => businessDate('UTC', new Date(), offset);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  customer = await signedInUser(t.app);
  const rows = await t.database.db
    .insert(services)
    .values([
      { name: 'Hourly Wash', description: 'One hour', durationMinutes: 60, priceCents: 5000 },
      { name: 'Quick Polish', description: 'Forty-five minutes', durationMinutes: 45, priceCents: 3550 },
      {
        name: 'Full Detail',
        description: 'Fifty minutes and a bay clean',
        durationMinutes: 50,
        bufferMinutes: 20,
        priceCents: 9000,
      },
    ])
    .returning();
  hourly = { id: rows[0]?.id ?? '', name: 'Hourly Wash' };
  fortyFive = { id: rows[1]?.id ?? '' };
  buffered = { id: rows[2]?.id ?? '' };
});
afterAll(async () => {
  await t.close();
});

const book = (caller: TestUser, service: string, slot: string) =>
  t.app.inject(asUser(caller, { method: 'POST', url: '/api/bookings', payload: { service, slot } }));

const createSlots = (payload: Record<string, unknown>, caller: TestUser | null = admin) => {
  const options = { method: 'POST' as const, url: '/api/services/slots', payload };
  return t.app.inject(caller ? asUser(caller, options) : options);
};

const storedSlots = (serviceId: string, date: string) =>
  t.database.db
    .select()
    .from(slots)
    .where(and(eq(slots.serviceId, serviceId), eq(slots.date, date)))
    .orderBy(slots.startTime);

describe('POST /api/services/slots', () => {
  it("splits the range into back-to-back slots of the service's duration", async () => {
    const date = day(2);
    const response = await createSlots({ service: hourly.id, date, startTime: '09:00', endTime: '12:00' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Successfully created 3 slots');
    expect(
      body.data.map((slot: { startTime: string; endTime: string }) => `${slot.startTime}-${slot.endTime}`),
    ).toEqual(['09:00-10:00', '10:00-11:00', '11:00-12:00']);
    expect(body.data[0]).toMatchObject({ date, isBooked: 'available', service: { _id: hourly.id, name: hourly.name } });
    const stored = await storedSlots(hourly.id, date);
    expect(stored).toHaveLength(3);
    expect(stored[0]?.startsAt.toISOString()).toBe(`${date}T09:00:00.000Z`);
    expect(stored[2]?.endsAt.toISOString()).toBe(`${date}T12:00:00.000Z`);
  });

  it('drops the remainder shorter than one slot', async () => {
    const date = day(2);
    const response = await createSlots({ service: fortyFive.id, date, startTime: '09:00', endTime: '11:00' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.map((slot: { endTime: string }) => slot.endTime)).toEqual(['09:45', '10:30']);
  });

  it("spaces the slots by the service's duration plus its buffer", async () => {
    const date = day(2);
    // 50 minutes and a 20-minute buffer: a slot every 70 minutes; the last must end by 13:00.
    const response = await createSlots({ service: buffered.id, date, startTime: '09:00', endTime: '13:00' });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Successfully created 3 slots');
    expect(
      response.json().data.map((slot: { startTime: string; endTime: string }) => `${slot.startTime}-${slot.endTime}`),
    ).toEqual(['09:00-09:50', '10:10-11:00', '11:20-12:10']);
    const stored = await storedSlots(buffered.id, date);
    expect(stored.map((slot) => [slot.startsAt.toISOString(), slot.endsAt.toISOString()])).toEqual([
      [`${date}T09:00:00.000Z`, `${date}T09:50:00.000Z`],
      [`${date}T10:10:00.000Z`, `${date}T11:00:00.000Z`],
      [`${date}T11:20:00.000Z`, `${date}T12:10:00.000Z`],
    ]);
    // A range exactly one slot long gives that slot: the buffer after the last one may run past the range.
    const later = await createSlots({ service: buffered.id, date: day(5), startTime: '12:30', endTime: '13:20' });
    expect(later.json().data.map((slot: { startTime: string }) => slot.startTime)).toEqual(['12:30']);
  });

  it('refuses with 409 a range overlapping existing slots, and allows an adjacent one', async () => {
    const date = day(3);
    expect((await createSlots({ service: hourly.id, date, startTime: '09:00', endTime: '12:00' })).statusCode).toBe(
      201,
    );
    const overlap = await createSlots({ service: hourly.id, date, startTime: '11:00', endTime: '13:00' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toEqual({ success: false, message: SLOT_MESSAGES.overlap });
    const inside = await createSlots({ service: hourly.id, date, startTime: '09:30', endTime: '10:30' });
    expect(inside.statusCode).toBe(409);
    expect(await storedSlots(hourly.id, date)).toHaveLength(3);
    expect((await createSlots({ service: hourly.id, date, startTime: '12:00', endTime: '14:00' })).statusCode).toBe(
      201,
    );
    expect(await storedSlots(hourly.id, date)).toHaveLength(5);
  });

  it('creates nothing for equal times or a range shorter than one slot, and says so', async () => {
    const date = day(4);
    const equal = await createSlots({ service: hourly.id, date, startTime: '10:00', endTime: '10:00' });
    expect(equal.statusCode).toBe(200);
    expect(equal.json()).toEqual({ success: true, message: SLOT_MESSAGES.noneEqualTimes, data: [] });
    const short = await createSlots({ service: hourly.id, date, startTime: '10:00', endTime: '10:30' });
    expect(short.statusCode).toBe(200);
    expect(short.json().message).toBe(SLOT_MESSAGES.noneTooShort(60));
    expect(await storedSlots(hourly.id, date)).toHaveLength(0);
  });

  it.each([
    [{}, SLOT_MESSAGES.serviceRequired],
    [{ service: '', date: '', startTime: '', endTime: '' }, SLOT_MESSAGES.serviceRequired],
    [{ service: 'HOURLY', date: '', startTime: '', endTime: '' }, SLOT_MESSAGES.dateRequired],
    [{ service: 'HOURLY', date: 'DAY', startTime: '09:00' }, SLOT_MESSAGES.timeRequired],
    [{ service: 'HOURLY', date: 'DAY', endTime: '09:00' }, SLOT_MESSAGES.timeRequired],
    [{ service: 'HOURLY', date: 'DAY', startTime: '12:00', endTime: '09:00' }, SLOT_MESSAGES.startAfterEnd],
    [{ service: 'HOURLY', date: 'DAY', startTime: '9am', endTime: '10:00' }, SLOT_MESSAGES.timeInvalid],
    [{ service: 'HOURLY', date: 'DAY', startTime: '24:00', endTime: '10:00' }, SLOT_MESSAGES.timeInvalid],
    [{ service: 'HOURLY', date: '2026-02-30', startTime: '09:00', endTime: '10:00' }, SLOT_MESSAGES.dateInvalid],
    [{ service: 'HOURLY', date: 'PAST', startTime: '09:00', endTime: '10:00' }, SLOT_MESSAGES.datePast],
    [{ service: 'not-a-uuid', date: 'DAY', startTime: '09:00', endTime: '10:00' }, SLOT_MESSAGES.serviceUnknown],
    [{ service: 'UNKNOWN', date: 'DAY', startTime: '09:00', endTime: '10:00' }, SLOT_MESSAGES.serviceUnknown],
  ])('refuses %j with 400 and the first message in form order', async (template, message) => {
    const fill = (value: unknown) =>
      value === 'HOURLY'
        ? hourly.id
        : value === 'UNKNOWN'
          ? crypto.randomUUID()
          : value === 'DAY'
            ? day(5)
            : value === 'PAST'
              ? day(-1)
              : value;
    const payload = Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fill(value)]));
    const response = await createSlots(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message });
    expect(await storedSlots(hourly.id, day(5))).toHaveLength(0);
  });

  it('refuses a deleted service', async () => {
    const [gone] = await t.database.db
      .insert(services)
      .values({ name: 'Gone', description: 'Deleted', durationMinutes: 30, priceCents: 100, isDeleted: true })
      .returning();
    const response = await createSlots({ service: gone?.id, date: day(5), startTime: '09:00', endTime: '10:00' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(SLOT_MESSAGES.serviceUnknown);
  });

  it('answers 401 to a visitor and 403 to a customer', async () => {
    const payload = { service: hourly.id, date: day(6), startTime: '09:00', endTime: '10:00' };
    expect((await createSlots(payload, null)).statusCode).toBe(401);
    const forbidden = await createSlots(payload, customer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(GENERIC_ERROR_MESSAGES.forbidden);
    expect(await storedSlots(hourly.id, day(6))).toHaveLength(0);
  });
});

describe('GET /api/slots/availability', () => {
  it("lists one service's slots of one day in time order, booked once the shop's one bay is taken", async () => {
    const date = day(7);
    await createSlots({ service: hourly.id, date, startTime: '13:00', endTime: '15:00' });
    await createSlots({ service: hourly.id, date, startTime: '08:00', endTime: '09:00' });
    await createSlots({ service: fortyFive.id, date, startTime: '08:00', endTime: '09:00' });
    const [first] = await storedSlots(hourly.id, date);
    const booked = await book(customer, hourly.id, first?.id ?? '');
    expect(booked.statusCode).toBe(201);

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/slots/availability?service=${hourly.id}&date=${date}`,
    });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .data.map((slot: { startTime: string; isBooked: string; capacity: number; remaining: number }) => [
          slot.startTime,
          slot.isBooked,
          slot.capacity,
          slot.remaining,
        ]),
    ).toEqual([
      ['08:00', 'booked', 1, 0],
      ['13:00', 'available', 1, 1],
      ['14:00', 'available', 1, 1],
    ]);
    // The stored status stays the administrator's: whether a slot is booked is derived from its bays.
    expect((await storedSlots(hourly.id, date))[0]?.status).toBe('available');
  });

  it('leaves out slots that have already started', async () => {
    const [past] = await t.database.db
      .insert(slots)
      .values({
        serviceId: hourly.id,
        date: day(0),
        startTime: '00:00',
        endTime: '00:01',
        startsAt: new Date(Date.now() - 60_000),
        endsAt: new Date(Date.now() + 60_000),
      })
      .returning();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/slots/availability?service=${hourly.id}&date=${day(0)}`,
    });
    expect(response.json().data.map((slot: { _id: string }) => slot._id)).not.toContain(past?.id);
  });

  it('refuses a missing service or a malformed date', async () => {
    const noService = await t.app.inject({ method: 'GET', url: `/api/slots/availability?date=${day(1)}` });
    expect(noService.statusCode).toBe(400);
    expect(noService.json().message).toBe('service must be a service id');
    const badDate = await t.app.inject({
      method: 'GET',
      url: `/api/slots/availability?service=${hourly.id}&date=tomorrow`,
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe(SLOT_MESSAGES.dateInvalid);
  });

  it("GET /api/slots/availability/:id gives the slot with its service's price, name and duration", async () => {
    const [slot] = await storedSlots(fortyFive.id, day(7));
    const response = await t.app.inject({ method: 'GET', url: `/api/slots/availability/${slot?.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      _id: slot?.id,
      date: day(7),
      startTime: '08:00',
      endTime: '08:45',
      // Another service's booking holds the one bay from 08:00 to 09:00.
      isBooked: 'booked',
      capacity: 1,
      remaining: 0,
      service: { _id: fortyFive.id, name: 'Quick Polish', price: 35.5, duration: 45 },
    });
    const unknown = await t.app.inject({ method: 'GET', url: `/api/slots/availability/${crypto.randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SLOT_MESSAGES.notFound);
  });
});

describe('GET /api/services/get/all', () => {
  it('shows each slot with its capacity, free bays and the live bookings holding it', async () => {
    const date = day(10);
    await createSlots({ service: hourly.id, date, startTime: '10:00', endTime: '12:00' });
    const [taken, free] = await storedSlots(hourly.id, date);
    expect((await book(customer, hourly.id, taken?.id ?? '')).statusCode).toBe(201);
    const list = (await t.app.inject(asUser(admin, { method: 'GET', url: '/api/services/get/all?limit=100' }))).json();
    const row = (id: string | undefined) => list.data.find((slot: { _id: string }) => slot._id === id);
    expect(row(taken?.id)).toMatchObject({ isBooked: 'booked', capacity: 1, remaining: 0, liveBookings: 1 });
    expect(row(free?.id)).toMatchObject({ isBooked: 'available', capacity: 1, remaining: 1, liveBookings: 0 });
  });

  it('lists every slot newest first with its service name and the total, for admins only', async () => {
    const response = await t.app.inject(asUser(admin, { method: 'GET', url: '/api/services/get/all?limit=2' }));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const [total] = await t.database.db.select({ value: count() }).from(slots);
    expect(body.totalDoc).toBe(total?.value);
    expect(body.data).toHaveLength(2);
    expect(body.data[0].service.name).toEqual(expect.any(String));
    expect(Date.parse(body.data[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(body.data[1].createdAt));

    expect((await t.app.inject({ method: 'GET', url: '/api/services/get/all' })).statusCode).toBe(401);
    expect((await t.app.inject(asUser(customer, { method: 'GET', url: '/api/services/get/all' }))).statusCode).toBe(
      403,
    );
    const capped = await t.app.inject(asUser(admin, { method: 'GET', url: '/api/services/get/all?limit=500' }));
    expect(capped.statusCode).toBe(200);
    expect(capped.json().data).toHaveLength(Math.min(total?.value ?? 0, 100));
    const bad = await t.app.inject(asUser(admin, { method: 'GET', url: '/api/services/get/all?limit=0' }));
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT /api/slots/toggle-status/:id', () => {
  const toggle = (id: string, caller: TestUser | null = admin) => {
    const options = { method: 'PUT' as const, url: `/api/slots/toggle-status/${id}` };
    return t.app.inject(caller ? asUser(caller, options) : options);
  };

  it('cancels an available slot and makes a cancelled one available again', async () => {
    const date = day(8);
    await createSlots({ service: hourly.id, date, startTime: '09:00', endTime: '10:00' });
    const [slot] = await storedSlots(hourly.id, date);
    const id = slot?.id ?? '';

    const cancelled = await toggle(id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: SLOT_MESSAGES.toggledCancel,
      data: { _id: id, isBooked: 'cancel' },
    });
    expect((await storedSlots(hourly.id, date))[0]?.status).toBe('cancel');

    const reopened = await toggle(id);
    expect(reopened.json()).toMatchObject({ message: SLOT_MESSAGES.toggledAvailable, data: { isBooked: 'available' } });
    expect((await storedSlots(hourly.id, date))[0]?.status).toBe('available');
  });

  it('refuses a slot a live booking holds with 409 and leaves it and the booking as they were', async () => {
    const date = day(9);
    await createSlots({ service: hourly.id, date, startTime: '09:00', endTime: '10:00' });
    const [slot] = await storedSlots(hourly.id, date);
    const booking = (await book(customer, hourly.id, slot?.id ?? '')).json().data.booking;
    const response = await toggle(slot?.id ?? '');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: SLOT_MESSAGES.bookedCannotToggle });
    expect((await storedSlots(hourly.id, date))[0]?.status).toBe('available');
    const [stored] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect(stored?.status).toBe('pending');
  });

  it('answers 404 for an unknown slot, 401 to a visitor and 403 to a customer', async () => {
    expect((await toggle(crypto.randomUUID())).statusCode).toBe(404);
    const [slot] = await storedSlots(hourly.id, day(8));
    expect((await toggle(slot?.id ?? '', null)).statusCode).toBe(401);
    expect((await toggle(slot?.id ?? '', customer)).statusCode).toBe(403);
    expect((await storedSlots(hourly.id, day(8)))[0]?.status).toBe('available');
  });
});
