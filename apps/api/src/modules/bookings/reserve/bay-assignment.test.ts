import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { SLOT_MESSAGES } from '@carcare/contracts/slots-constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  availabilityOf,
  createTestApp,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../../test/helper';
import { databaseErrorOf } from '../../../db/errors';
import { bookingLines, bookings, services } from '../../../db/schema';
import { expireStaleHolds } from '../checkout/holds';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

type BayRef = { _id: string; name: string };

const addBay = async (payload: { name: string; services?: string[] }): Promise<BayRef> => {
  const { _id, name } = (await t.app.inject(asUser(admin, { method: 'POST', url: '/api/bays', payload }))).json().data;
  return { _id, name };
};

/**
 * A shop of its own for one test: its bays, added at the end of the order, and services with slots on a day
 * of their own, limited to those bays (`bays` picks some of them by index). The other tests' bays and
 * bookings are then out of reach, whatever they do.
 */
async function shopWith(bayNames: string[]) {
  const bays: BayRef[] = [];
  for (const name of bayNames) bays.push(await addBay({ name }));
  const service = async (
    options: Parameters<typeof serviceWithSlots>[1] & { bufferMinutes?: number; on?: number[] },
  ): Promise<Awaited<ReturnType<typeof serviceWithSlots>>> => {
    const { bufferMinutes = 0, on, ...slotOptions } = options;
    const created = await serviceWithSlots(t.app, slotOptions);
    const limitedTo = (on ?? bays.map((_, index) => index)).map((index) => bays[index]?._id);
    await t.database.db.update(services).set({ bufferMinutes }).where(eq(services.id, created.service.id));
    const limited = await t.app.inject(
      asUser(admin, { method: 'PUT', url: `/api/services/${created.service.id}`, payload: { bays: limitedTo } }),
    );
    expect(limited.statusCode).toBe(200);
    return created;
  };
  return { bays, service };
}

const book = async (service: string, slot: string | undefined) =>
  t.app.inject(asUser(await signedInUser(t.app), { method: 'POST', url: '/api/bookings', payload: { service, slot } }));
const bayOf = (response: { json: () => { data: { booking: { bay: { name: string } } } } }) =>
  response.json().data.booking.bay.name;
const storedBooking = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0];

/** The service's slots of one day as customers see them, by start time: [isBooked, remaining, capacity]. */
const seen = async (serviceId: string, date: string | undefined) =>
  Object.fromEntries(
    (await availabilityOf(t.app, serviceId, date ?? '')).map((slot) => [
      (slot as unknown as { startTime: string }).startTime,
      [slot.isBooked, slot.remaining, slot.capacity],
    ]),
  );

describe('assigning a bay', () => {
  it("gives customers of one slot a bay each, in the shop's order, until every bay is taken", async () => {
    const shop = await shopWith(['Order A', 'Order B', 'Order C']);
    const { service, slots } = await shop.service({ name: 'Three At Once' });
    const slot = slots[0];

    const first = await book(service.id, slot?.id);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.booking.bay).toEqual(shop.bays[0]);
    expect((await seen(service.id, slot?.date))['08:00']).toEqual(['available', 2, 3]);
    expect(bayOf(await book(service.id, slot?.id))).toBe('Order B');
    expect(bayOf(await book(service.id, slot?.id))).toBe('Order C');

    const fourth = await book(service.id, slot?.id);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({ success: false, message: 'This slot is fully booked' });
    expect((await seen(service.id, slot?.date))['08:00']).toEqual(['booked', 0, 3]);
    const held = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.slotId, slot?.id ?? ''));
    expect(held.map((booking) => booking.bayId).sort()).toEqual(shop.bays.map((bay) => bay._id).sort());
  });

  it('counts a booking of another service whose time overlaps on the same bay', async () => {
    const shop = await shopWith(['Overlap Bay']);
    const coating = await shop.service({ name: 'Coating', durationMinutes: 240, slotCount: 1 });
    const date = coating.slots[0]?.date;
    const wash = await shop.service({ name: 'Wash', durationMinutes: 60, slotCount: 6, date });

    expect((await book(coating.service.id, coating.slots[0]?.id)).statusCode).toBe(201);
    // The coating holds the bay 08:00–12:00: the wash's slots in that time are full, the later ones free.
    expect(await seen(wash.service.id, date)).toEqual({
      '08:00': ['booked', 0, 1],
      '09:00': ['booked', 0, 1],
      '10:00': ['booked', 0, 1],
      '11:00': ['booked', 0, 1],
      '12:00': ['available', 1, 1],
      '13:00': ['available', 1, 1],
    });
    const refused = await book(wash.service.id, wash.slots[2]?.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BOOKING_MESSAGES.slotFull);
    expect((await book(wash.service.id, wash.slots[4]?.id)).statusCode).toBe(201);
  });

  it("keeps the bay busy for the service's buffer after the slot ends", async () => {
    const shop = await shopWith(['Curing Bay']);
    const curing = await shop.service({ name: 'Curing Wax', durationMinutes: 60, slotCount: 3, bufferMinutes: 30 });
    const date = curing.slots[0]?.date;

    expect((await seen(curing.service.id, date))['08:00']).toEqual(['available', 1, 1]);
    const booked = await book(curing.service.id, curing.slots[0]?.id);
    expect(booked.statusCode).toBe(201);
    const stored = await storedBooking(booked.json().data.booking._id);
    expect(stored?.occupiedFrom).toEqual(curing.slots[0]?.startsAt);
    expect(stored?.occupiedUntil).toEqual(new Date((curing.slots[0]?.endsAt.getTime() ?? 0) + 30 * 60_000));
    // 09:00–10:00 (to 10:30 with the buffer) meets the bay before 09:30; 10:00 does not.
    expect(await seen(curing.service.id, date)).toEqual({
      '08:00': ['booked', 0, 1],
      '09:00': ['booked', 0, 1],
      '10:00': ['available', 1, 1],
    });
    expect((await book(curing.service.id, curing.slots[1]?.id)).statusCode).toBe(409);
    expect((await book(curing.service.id, curing.slots[2]?.id)).statusCode).toBe(201);
  });

  it('never gives a service a bay outside its list, nor a bay kept for other services', async () => {
    const shop = await shopWith(['Plain', 'Lift']);
    const coating = await shop.service({ name: 'Lift Coating', slotCount: 1, on: [1] });
    const detail = await shop.service({ name: 'Full Detail', slotCount: 1 });
    // A booth kept for coatings (the bay's own limit), which the detail may also use by its own list.
    const booth = await addBay({ name: 'Coating Booth', services: [coating.service.id] });
    await t.app.inject(
      asUser(admin, {
        method: 'PUT',
        url: `/api/services/${detail.service.id}`,
        payload: { bays: [...shop.bays.map((bay) => bay._id), booth._id] },
      }),
    );

    // The coating may use only the lift: the booth serves it, but the coating is limited to the lift.
    expect((await seen(coating.service.id, coating.slots[0]?.date))['08:00']).toEqual(['available', 1, 1]);
    expect(bayOf(await book(coating.service.id, coating.slots[0]?.id))).toBe('Lift');
    const second = await book(coating.service.id, coating.slots[0]?.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(BOOKING_MESSAGES.slotFull);

    // The detail may use Plain and Lift, never the booth kept for coatings.
    expect((await seen(detail.service.id, detail.slots[0]?.date))['08:00']).toEqual(['available', 2, 2]);
    expect(bayOf(await book(detail.service.id, detail.slots[0]?.id))).toBe('Plain');
    expect(bayOf(await book(detail.service.id, detail.slots[0]?.id))).toBe('Lift');
    expect((await book(detail.service.id, detail.slots[0]?.id)).statusCode).toBe(409);
  });

  it('skips a deactivated bay', async () => {
    const shop = await shopWith(['Closed Bay', 'Open Bay']);
    await t.app.inject(
      asUser(admin, { method: 'PUT', url: `/api/bays/${shop.bays[0]?._id}`, payload: { active: false } }),
    );
    const { service, slots } = await shop.service({ name: 'One Bay Left' });
    expect((await book(service.id, slots[0]?.id)).json().data.booking.bay).toEqual(shop.bays[1]);
    expect((await seen(service.id, slots[0]?.date))['08:00']).toEqual(['booked', 0, 1]);
  });
});

describe('freeing a bay', () => {
  it('gives the bay to the next customer once the booking is cancelled at the checkout', async () => {
    const shop = await shopWith(['Checkout Bay']);
    const { service, slots } = await shop.service({ name: 'Cancelled Checkout' });
    const first = await book(service.id, slots[0]?.id);
    expect((await book(service.id, slots[0]?.id)).statusCode).toBe(409);
    const session = String(first.json().data.payment_url).split('/pay/')[1];
    await t.app.inject({ method: 'POST', url: `/pay/${session}/cancel` });
    expect((await storedBooking(first.json().data.booking._id))?.status).toBe('cancel');
    expect((await seen(service.id, slots[0]?.date))['08:00']).toEqual(['available', 1, 1]);
    expect(bayOf(await book(service.id, slots[0]?.id))).toBe('Checkout Bay');
  });

  it('gives the bay to the next customer once the hold runs out', async () => {
    const shop = await shopWith(['Hold Bay']);
    const { service, slots } = await shop.service({ name: 'Lapsed Hold' });
    const first = await book(service.id, slots[0]?.id);
    const later = new Date(Date.now() + (t.config.payment.holdMinutes + 1) * 60_000);
    // Every hold of the file runs out at that time; this one among them.
    expect(await expireStaleHolds(t.database.db, t.app.payments, t.app.log, later)).toBeGreaterThanOrEqual(1);
    expect((await storedBooking(first.json().data.booking._id))?.status).toBe('cancel');
    expect(bayOf(await book(service.id, slots[0]?.id))).toBe('Hold Bay');
  });
});

describe('a slot that live bookings hold', () => {
  it('cannot be cancelled by the toggle even with bays left, and shows how many bookings hold it', async () => {
    const shop = await shopWith(['Half A', 'Half B']);
    const { service, slots } = await shop.service({ name: 'Half Full' });
    await book(service.id, slots[0]?.id);
    const toggle = await t.app.inject(
      asUser(admin, { method: 'PUT', url: `/api/slots/toggle-status/${slots[0]?.id}` }),
    );
    expect(toggle.statusCode).toBe(409);
    expect(toggle.json().message).toBe(SLOT_MESSAGES.bookedCannotToggle);
    const list = (await t.app.inject(asUser(admin, { method: 'GET', url: '/api/services/get/all?limit=100' }))).json();
    expect(list.data.find((slot: { _id: string }) => slot._id === slots[0]?.id)).toMatchObject({
      isBooked: 'available',
      capacity: 2,
      remaining: 1,
      liveBookings: 1,
    });
  });
});

describe('the bookings lists', () => {
  it("show each booking's bay to its customer and to administrators", async () => {
    const shop = await shopWith(['Listed Bay']);
    const { service, slots } = await shop.service({ name: 'Listed' });
    const customer = await signedInUser(t.app);
    await t.app.inject(
      asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: slots[0]?.id } }),
    );
    const mine = (await t.app.inject(asUser(customer, { method: 'GET', url: '/api/my-bookings' }))).json().data;
    expect(mine[0].bay).toEqual(shop.bays[0]);
    const all = (await t.app.inject(asUser(admin, { method: 'GET', url: '/api/bookings' }))).json().data;
    expect(all[0].bay).toEqual(shop.bays[0]);
  });
});

describe('the database', () => {
  it('refuses a second live booking overlapping on one bay, whatever the code does', async () => {
    const shop = await shopWith(['Constraint Bay']);
    const { service, slots } = await shop.service({ name: 'Constraint' });
    const first = await book(service.id, slots[0]?.id);
    const stored = await storedBooking(first.json().data.booking._id);
    if (!stored) throw new Error('the first booking was not stored');
    const customer = await signedInUser(t.app);
    const overlapping = {
      customerId: customer.id,
      serviceId: service.id,
      slotId: slots[1]?.id ?? '',
      bayId: stored.bayId,
      priceCents: stored.priceCents,
      occupiedFrom: new Date(stored.occupiedUntil.getTime() - 60_000),
      occupiedUntil: new Date(stored.occupiedUntil.getTime() + 60 * 60_000),
    };
    const error = await t.database.db
      .insert(bookings)
      .values(overlapping)
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    expect(databaseErrorOf(error)).toMatchObject({ code: '23P01', constraint: 'bookings_bay_overlap_excl' });

    // Touching ends do not overlap, and a cancelled booking holds nothing.
    const withItsLine = (values: typeof bookings.$inferInsert) =>
      t.database.db.transaction(async (tx) => {
        const [row] = await tx.insert(bookings).values(values).returning({ id: bookings.id });
        await tx.insert(bookingLines).values({
          bookingId: row?.id ?? '',
          position: 0,
          kind: 'service',
          name: 'Constraint',
          priceCents: values.priceCents,
          minutes: 60,
        });
      });
    await withItsLine({ ...overlapping, occupiedFrom: stored.occupiedUntil });
    await withItsLine({ ...overlapping, status: 'cancel' });
    expect(await t.database.db.select().from(bookings).where(eq(bookings.bayId, stored.bayId))).toHaveLength(3);
  });
});
