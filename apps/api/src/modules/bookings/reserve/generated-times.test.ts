import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser, utcSlotRow } from '../../../../test/helper';
import { setShopWeek } from '../../../../test/shop-hours';
import { bookings, services, slots } from '../../../db/schema';
import { bookingWindowAt, judgeSlot } from './bookable-slot';

let t: TestApp;
let admin: TestUser;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  await setShopWeek(t.app, { timeZone: 'UTC', minimumNoticeMinutes: 120, bookingHorizonDays: 30 });
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
/** A service with a bay of its own, so that its times never meet another test's bookings. */
async function newService() {
  counter += 1;
  const [service] = await t.app.db
    .insert(services)
    .values({ name: `Window ${counter}`, description: 'An hour', durationMinutes: 60, priceCents: 5000 })
    .returning();
  if (!service) throw new Error('service was not created');
  const bay = (
    await t.app.inject(asUser(admin, { method: 'POST', url: '/api/bays', payload: { name: `Window bay ${counter}` } }))
  ).json().data;
  await t.app.inject(
    asUser(admin, { method: 'PUT', url: `/api/services/${service.id}`, payload: { bays: [bay._id] } }),
  );
  return service.id;
}

/** A slot of the service starting `msAhead` from now, on the minute. */
async function slotIn(
  serviceId: string,
  msAhead: number,
  extra: Partial<typeof slots.$inferInsert> = { origin: 'generated' },
) {
  const startsAt = new Date(Math.ceil((Date.now() + msAhead) / MINUTE) * MINUTE);
  const [slot] = await t.app.db
    .insert(slots)
    .values({ ...utcSlotRow(serviceId, startsAt, new Date(startsAt.getTime() + HOUR)), ...extra })
    .returning();
  if (!slot) throw new Error('slot was not created');
  return slot.id;
}

const book = (caller: TestUser, service: string, slot: string) =>
  t.app.inject(asUser(caller, { method: 'POST', url: '/api/bookings', payload: { service, slot } }));

describe('booking a generated time', () => {
  it('refuses one within the minimum notice, beyond the horizon or withdrawn, each with 409 and why', async () => {
    const service = await newService();
    const customer = await signedInUser(t.app);
    const cases: Array<[string, string]> = [
      [await slotIn(service, HOUR), BOOKING_MESSAGES.slotTooSoon],
      [await slotIn(service, 40 * DAY), BOOKING_MESSAGES.slotBeyondHorizon],
      [await slotIn(service, 3 * DAY, { origin: 'generated', withdrawn: true }), BOOKING_MESSAGES.slotCancelled],
    ];
    for (const [slot, message] of cases) {
      const response = await book(customer, service, slot);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ success: false, message });
    }
    expect(await t.app.db.select().from(bookings).where(eq(bookings.serviceId, service))).toEqual([]);
  });

  it('books one from the minimum notice on, and a hand-made slot until it starts', async () => {
    const service = await newService();
    const customer = await signedInUser(t.app);
    expect((await book(customer, service, await slotIn(service, 3 * HOUR))).statusCode).toBe(201);
    expect((await book(customer, service, await slotIn(service, HOUR, { origin: 'manual' }))).statusCode).toBe(201);
    expect((await book(customer, service, await slotIn(service, 40 * DAY, { origin: 'manual' }))).statusCode).toBe(201);
  });

  it('moves a booking only to a generated time a new booking could take', async () => {
    const service = await newService();
    const customer = await signedInUser(t.app);
    const created = await book(customer, service, await slotIn(service, 5 * DAY));
    expect(created.statusCode).toBe(201);
    const session = String(created.json().data.payment_url).split('/pay/')[1];
    await t.app.inject({ method: 'POST', url: `/pay/${session}/pay` });
    const id = created.json().data.booking._id;
    const move = (slot: string) =>
      t.app.inject(asUser(customer, { method: 'POST', url: `/api/bookings/${id}/reschedule`, payload: { slot } }));
    const refusals: Array<[string, string]> = [
      [await slotIn(service, HOUR), BOOKING_MESSAGES.slotTooSoon],
      [await slotIn(service, 40 * DAY), BOOKING_MESSAGES.slotBeyondHorizon],
      [await slotIn(service, 6 * DAY, { origin: 'generated', withdrawn: true }), BOOKING_MESSAGES.slotCancelled],
    ];
    for (const [slot, message] of refusals) {
      const response = await move(slot);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(message);
    }
    const target = await slotIn(service, 7 * DAY);
    const moved = await move(target);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ status: 'confirm', slot: { _id: target } });
  });
});

describe('judgeSlot', () => {
  const now = new Date('2030-06-10T08:00:00.000Z');
  const window = bookingWindowAt({ timeZone: 'UTC', minimumNoticeMinutes: 120, bookingHorizonDays: 3 }, now);
  const slot = (startsAt: string, origin: 'generated' | 'manual' = 'generated', withdrawn = false) => ({
    serviceId: 'a',
    status: 'available' as const,
    startsAt: new Date(startsAt),
    date: startsAt.slice(0, 10),
    origin,
    withdrawn,
  });
  const reason = (judged: ReturnType<typeof judgeSlot>) => ('refusal' in judged ? judged.refusal.reason : 'bookable');

  it('holds generated times to the notice and the horizon, hand-made ones only to their start', () => {
    expect(window).toEqual({ earliest: new Date('2030-06-10T10:00:00.000Z'), lastDate: '2030-06-13' });
    expect(reason(judgeSlot(slot('2030-06-10T09:59:00.000Z'), 'a', now, window))).toBe('tooSoon');
    expect(reason(judgeSlot(slot('2030-06-10T10:00:00.000Z'), 'a', now, window))).toBe('bookable');
    expect(reason(judgeSlot(slot('2030-06-13T23:00:00.000Z'), 'a', now, window))).toBe('bookable');
    expect(reason(judgeSlot(slot('2030-06-14T09:00:00.000Z'), 'a', now, window))).toBe('beyondHorizon');
    expect(reason(judgeSlot(slot('2030-06-10T08:30:00.000Z', 'manual'), 'a', now, window))).toBe('bookable');
    expect(reason(judgeSlot(slot('2030-06-20T08:30:00.000Z', 'manual'), 'a', now, window))).toBe('bookable');
    expect(reason(judgeSlot(slot('2030-06-11T10:00:00.000Z', 'generated', true), 'a', now, window))).toBe('cancelled');
    expect(reason(judgeSlot(slot('2030-06-10T07:00:00.000Z'), 'a', now, window))).toBe('past');
  });
});
