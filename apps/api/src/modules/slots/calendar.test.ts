import { CALENDAR_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import { SLOT_MESSAGES } from '@carcare/contracts/slots-constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser } from '../../../test/helper';
import { closeShop, everyDay, openShopAgain, setShopWeek } from '../../../test/shop-hours';
import { services, slots } from '../../db/schema';
import { businessDate } from '../../lib/business-time';
import { weekdayOf } from './generate/day-times';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

const day = (offset: number) => businessDate('UTC', new Date(), offset);
/** Monday to Saturday 09:00–12:00, Sunday closed. */
const WEEK = { ...everyDay([['09:00', '12:00']]), sunday: [] };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  customer = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await openShopAgain(t.app);
  await setShopWeek(t.app, {
    timeZone: 'UTC',
    hours: WEEK,
    slotStepMinutes: 60,
    minimumNoticeMinutes: 120,
    bookingHorizonDays: 10,
  });
});

let counter = 0;
async function newService(durationMinutes = 60) {
  counter += 1;
  const [service] = await t.app.db
    .insert(services)
    .values({ name: `Calendar ${counter}`, description: 'A wash', durationMinutes, priceCents: 4000 })
    .returning();
  if (!service) throw new Error('service was not created');
  return service.id;
}

const calendar = (query: string) => t.app.inject({ method: 'GET', url: `/api/slots/calendar?${query}` });
const availability = (service: string, date: string) =>
  t.app.inject({ method: 'GET', url: `/api/slots/availability?service=${service}&date=${date}` });

const isSunday = (date: string) => weekdayOf(date) === 'sunday';

describe('GET /api/slots/calendar', () => {
  it('tells each day past, beyond, closed or open with its free times, to anyone', async () => {
    const service = await newService();
    await closeShop(t.app, day(3), day(3), 'Christmas');
    const response = await calendar(`service=${service}&from=${day(-2)}&to=${day(12)}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: CALENDAR_MESSAGES.retrieved });
    expect(body.data).toMatchObject({ timeZone: 'UTC', today: day(0), lastBookableDate: day(10) });
    const expected = Array.from({ length: 15 }, (_, index) => {
      const date = day(index - 2);
      if (index < 2) return { date, state: 'past', free: 0 };
      if (index > 12) return { date, state: 'beyond', free: 0 };
      if (date === day(3) || isSunday(date)) return { date, state: 'closed', free: 0 };
      if (date === day(0)) return { date, state: 'open', free: body.data.days[2].free };
      return { date, state: 'open', free: 3 };
    });
    expect(body.data.days).toEqual(expected);
    const first = expected.find((entry) => entry.date >= day(0) && entry.free > 0);
    expect(body.data.nextAvailable).toBe(first?.date);
  });

  it('counts only times a customer could book: not a cancelled or a full one, but a free hand-made one', async () => {
    const service = await newService();
    const date = [day(2), day(4)].find((candidate) => !isSunday(candidate)) ?? day(2);
    const sunday = [5, 6, 7, 8, 9, 10, 11].map(day).find(isSunday) ?? day(5);
    const open = (await availability(service, date)).json().data;
    expect(open).toHaveLength(3);
    const booked = await t.app.inject(
      asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service, slot: open[0]._id } }),
    );
    expect(booked.statusCode).toBe(201);
    const cancelled = await t.app.inject(
      asUser(admin, { method: 'PUT', url: `/api/slots/toggle-status/${open[1]._id}` }),
    );
    expect(cancelled.statusCode).toBe(200);
    const handMade = await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: '/api/services/slots',
        payload: { service, date: sunday, startTime: '10:00', endTime: '11:00' },
      }),
    );
    expect(handMade.statusCode).toBe(201);
    const days = (await calendar(`service=${service}&from=${day(1)}&to=${day(11)}`)).json().data.days as Array<{
      date: string;
      state: string;
      free: number;
    }>;
    expect(days.find((entry) => entry.date === date)).toEqual({ date, state: 'open', free: 1 });
    expect(days.find((entry) => entry.date === sunday)).toEqual({ date: sunday, state: 'open', free: 1 });
  });

  it('looks past the asked days for the next one with a free time, up to the horizon', async () => {
    const service = await newService();
    await closeShop(t.app, day(1), day(5));
    const data = (await calendar(`service=${service}&from=${day(1)}&to=${day(2)}`)).json().data;
    expect(data.days.map((entry: { state: string }) => entry.state)).toEqual(['closed', 'closed']);
    const next = [6, 7].map(day).find((date) => !isSunday(date));
    expect(data.nextAvailable).toBe(next);
    // The days scanned were made on the way.
    const made = await t.app.db
      .select()
      .from(slots)
      .where(and(eq(slots.serviceId, service), eq(slots.date, next ?? '')));
    expect(made).toHaveLength(3);
  });

  it('calls a day closed, with no free time, once a closure shuts it after its times were made', async () => {
    const service = await newService();
    // Past the days the booking above took a bay on (the second or the fourth), whatever today's weekday.
    const open = [5, 6, 7].map(day).find((date) => !isSunday(date)) as string;
    const before = (await calendar(`service=${service}&from=${day(0)}&to=${day(8)}`)).json().data;
    expect(before.days.find((entry: { date: string }) => entry.date === open)).toEqual({
      date: open,
      state: 'open',
      free: 3,
    });
    await closeShop(t.app, open, open);
    // Another range than the first: the first one's answer stays cached until a write route drops it.
    const after = (await calendar(`service=${service}&from=${day(0)}&to=${day(9)}`)).json().data;
    expect(after.days.find((entry: { date: string }) => entry.date === open)).toEqual({
      date: open,
      state: 'closed',
      free: 0,
    });
    expect(after.nextAvailable).not.toBe(open);
  });

  it('has no next available day when the hours give none up to the horizon', async () => {
    const service = await newService();
    await setShopWeek(t.app, { hours: everyDay([]) });
    const data = (await calendar(`service=${service}&from=${day(0)}&to=${day(5)}`)).json().data;
    expect(data.nextAvailable).toBeNull();
    expect(data.days.every((entry: { state: string }) => entry.state === 'closed')).toBe(true);
  });

  it('calls a day closed when its hours are too short for the service', async () => {
    const service = await newService(240);
    const data = (await calendar(`service=${service}&from=${day(1)}&to=${day(7)}`)).json().data;
    expect(data.days.map((entry: { state: string; free: number }) => `${entry.state} ${entry.free}`)).toEqual(
      Array.from({ length: 7 }, () => 'closed 0'),
    );
    expect(data.nextAvailable).toBeNull();
  });

  it.each([
    ['service=nope&from=2030-01-01&to=2030-01-02', 'service must be a service id'],
    [`service=${crypto.randomUUID()}&from=2030-02-30&to=2030-03-02`, 'from must be a real day written YYYY-MM-DD'],
    [`service=${crypto.randomUUID()}&to=2030-03-02`, 'from is required'],
    [`service=${crypto.randomUUID()}&from=2030-03-02&to=2030-03-01`, CALENDAR_MESSAGES.endBeforeStart],
    [`service=${crypto.randomUUID()}&from=2030-01-01&to=2030-03-04`, CALENDAR_MESSAGES.rangeTooLong],
  ])('refuses %s with 400 and says why', async (query, message) => {
    const response = await calendar(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message });
  });

  it('takes 62 days, and answers 404 for a service that does not exist', async () => {
    const service = await newService();
    const longest = await calendar(`service=${service}&from=${day(0)}&to=${day(61)}`);
    expect(longest.statusCode).toBe(200);
    expect(longest.json().data.days).toHaveLength(62);
    const unknown = await calendar(`service=${crypto.randomUUID()}&from=${day(0)}&to=${day(1)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: SLOT_MESSAGES.serviceUnknown });
  });
});

describe('GET /api/slots/availability with the shop’s hours', () => {
  it('offers the generated times of the day to anyone, made on the first read', async () => {
    const service = await newService();
    const date = [day(8), day(9)].find((candidate) => !isSunday(candidate)) ?? day(8);
    const response = await availability(service, date);
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .data.map((slot: { startTime: string; endTime: string; origin: string; isBooked: string }) => [
          slot.startTime,
          slot.endTime,
          slot.origin,
          slot.isBooked,
        ]),
    ).toEqual([
      ['09:00', '10:00', 'generated', 'available'],
      ['10:00', '11:00', 'generated', 'available'],
      ['11:00', '12:00', 'generated', 'available'],
    ]);
    const again = (await availability(service, date)).json().data;
    expect(again.map((slot: { _id: string }) => slot._id)).toEqual(
      response.json().data.map((slot: { _id: string }) => slot._id),
    );
  });

  it('offers nothing past the horizon and refuses bad input with 400', async () => {
    const service = await newService();
    expect((await availability(service, day(11))).json().data).toEqual([]);
    const bad = await availability(service, '2030-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SLOT_MESSAGES.dateInvalid);
  });
});

describe('GET /api/services/get/all with filters', () => {
  const list = (query: string) =>
    t.app.inject(asUser(admin, { method: 'GET', url: `/api/services/get/all?limit=100&${query}` }));
  const rows = async (query: string) =>
    (await list(query))
      .json()
      .data.map(
        (slot: { date: string; startTime: string; origin: string; service: { _id: string } }) =>
          `${slot.date} ${slot.startTime} ${slot.origin}`,
      );

  it("lists one day's, one service's or one origin's slots in time order, never a withdrawn one", async () => {
    const service = await newService();
    const [first, second] = [day(20), day(21)];
    await setShopWeek(t.app, { hours: everyDay([['09:00', '11:00']]), bookingHorizonDays: 30 });
    await availability(service, second);
    await availability(service, first);
    const handMade = await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: '/api/services/slots',
        payload: { service, date: first, startTime: '12:00', endTime: '13:00' },
      }),
    );
    expect(handMade.statusCode).toBe(201);
    expect(await rows(`service=${service}`)).toEqual([
      `${first} 09:00 generated`,
      `${first} 10:00 generated`,
      `${first} 12:00 manual`,
      `${second} 09:00 generated`,
      `${second} 10:00 generated`,
    ]);
    expect(await rows(`service=${service}&date=${second}`)).toEqual([
      `${second} 09:00 generated`,
      `${second} 10:00 generated`,
    ]);
    expect(await rows(`service=${service}&origin=manual`)).toEqual([`${first} 12:00 manual`]);
    expect(await rows(`service=${service}&from=${second}`)).toHaveLength(2);
    const filtered = (await list(`service=${service}`)).json();
    expect(filtered.totalDoc).toBe(5);

    // The 10:00 times are cancelled, then the hours stop giving them: withdrawn, they are listed nowhere.
    for (const slot of (await list(`service=${service}`)).json().data) {
      if (slot.startTime === '10:00')
        await t.app.inject(asUser(admin, { method: 'PUT', url: `/api/slots/toggle-status/${slot._id}` }));
    }
    await setShopWeek(t.app, { hours: everyDay([['09:00', '10:00']]) });
    await availability(service, first);
    await availability(service, second);
    expect(await rows(`service=${service}`)).toEqual([
      `${first} 09:00 generated`,
      `${first} 12:00 manual`,
      `${second} 09:00 generated`,
    ]);
    const everything = (await list('')).json();
    expect(
      everything.data.some(
        (slot: { service: { _id: string }; startTime: string }) =>
          slot.service._id === service && slot.startTime === '10:00',
      ),
    ).toBe(false);
  });

  it('refuses a bad filter with 400', async () => {
    const bad = await list('origin=robot');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
    expect((await list(`service=nope`)).json().message).toBe('service must be a service id');
  });
});
