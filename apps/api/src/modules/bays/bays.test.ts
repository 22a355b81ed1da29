import { BAY_MESSAGES, FIRST_BAY_NAME } from '@carcare/contracts/bays-constants';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  rowCounts,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../test/helper';
import { bayServices, bays, bookings } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  customer = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});

type BayJson = { _id: string; name: string; active: boolean; sortOrder: number; services: string[] };

const listBays = async (): Promise<BayJson[]> =>
  (await t.app.inject(asUser(admin, { method: 'GET', url: '/api/bays' }))).json().data;
const addBay = (payload: object, caller: TestUser | null = admin) => {
  const options = { method: 'POST' as const, url: '/api/bays', payload };
  return t.app.inject(caller ? asUser(caller, options) : options);
};
const changeBay = (id: string, payload: object, caller: TestUser | null = admin) => {
  const options = { method: 'PUT' as const, url: `/api/bays/${id}`, payload };
  return t.app.inject(caller ? asUser(caller, options) : options);
};
const storedBays = () => t.database.db.select().from(bays).orderBy(asc(bays.sortOrder));
const book = (caller: TestUser, service: string, slot: string) =>
  t.app.inject(asUser(caller, { method: 'POST', url: '/api/bookings', payload: { service, slot } }));

describe('a fresh install', () => {
  it('has one active bay named Bay 1 that serves every service', async () => {
    const response = await t.app.inject(asUser(admin, { method: 'GET', url: '/api/bays' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: BAY_MESSAGES.retrieved,
      data: [{ _id: expect.any(String), name: FIRST_BAY_NAME, active: true, sortOrder: 1, services: [] }],
      totalDoc: 1,
    });
  });
});

describe('GET, POST and PUT /api/bays', () => {
  it('are for administrators only: 401 to a visitor, 403 to a customer, and nothing stored', async () => {
    const before = await rowCounts(t.database);
    expect((await t.app.inject({ method: 'GET', url: '/api/bays' })).statusCode).toBe(401);
    const forbidden = await t.app.inject(asUser(customer, { method: 'GET', url: '/api/bays' }));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(GENERIC_ERROR_MESSAGES.forbidden);
    expect((await addBay({ name: 'Sneaky' }, null)).statusCode).toBe(401);
    expect((await addBay({ name: 'Sneaky' }, customer)).statusCode).toBe(403);
    const [first] = await listBays();
    expect((await changeBay(first?._id ?? '', { name: 'Sneaky' }, null)).statusCode).toBe(401);
    expect((await changeBay(first?._id ?? '', { active: false }, customer)).statusCode).toBe(403);
    expect(await rowCounts(t.database)).toEqual(before);
    expect((await storedBays())[0]).toMatchObject({ name: FIRST_BAY_NAME, active: true });
  });

  it('adds a bay at the end of the order, limited to the services given', async () => {
    const { service } = await serviceWithSlots(t.app, { name: 'Coating' });
    const response = await addBay({ name: '  Lift Bay  ', services: [service.id] });
    expect(response.statusCode).toBe(201);
    const bayCount = (await storedBays()).length;
    expect(response.json()).toEqual({
      success: true,
      message: BAY_MESSAGES.created,
      data: { _id: expect.any(String), name: 'Lift Bay', active: true, sortOrder: bayCount, services: [service.id] },
    });
    const limits = await t.database.db
      .select()
      .from(bayServices)
      .where(eq(bayServices.bayId, response.json().data._id));
    expect(limits).toEqual([{ bayId: response.json().data._id, serviceId: service.id }]);
  });

  it.each([
    [{}, 'name', BAY_MESSAGES.nameRequired],
    [{ name: '   ' }, 'name', BAY_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(101) }, 'name', BAY_MESSAGES.nameTooLong],
    [{ name: 'Odd', services: 'all' }, 'services', BAY_MESSAGES.servicesInvalid],
    [{ name: 'Odd', services: ['nope'] }, 'services.0', BAY_MESSAGES.servicesInvalid],
  ])('refuses %j with 400 naming the field, storing nothing', async (payload, path, message) => {
    const before = await rowCounts(t.database);
    const response = await addBay(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, errors: [{ path, message }] });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it('refuses a service named twice with 400, and an unknown service with 404, storing nothing', async () => {
    const before = await rowCounts(t.database);
    const { service } = await serviceWithSlots(t.app, { name: 'Twice' });
    const afterService = await rowCounts(t.database);
    const twice = await addBay({ name: 'Twice Bay', services: [service.id, service.id] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(BAY_MESSAGES.servicesRepeated);
    const unknown = await addBay({ name: 'Ghost Bay', services: [service.id, crypto.randomUUID()] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: BAY_MESSAGES.serviceUnknown });
    expect(await rowCounts(t.database)).toEqual(afterService);
    expect(afterService).not.toEqual(before);
  });

  it('refuses a name another bay has, whatever its case, with 409', async () => {
    const before = await rowCounts(t.database);
    const response = await addBay({ name: FIRST_BAY_NAME.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: BAY_MESSAGES.nameTaken });
    expect(await rowCounts(t.database)).toEqual(before);
    const [first, second] = await listBays();
    const rename = await changeBay(second?._id ?? '', { name: first?.name.toLowerCase() });
    expect(rename.statusCode).toBe(409);
    expect((await storedBays())[1]?.name).toBe(second?.name);
  });

  it('renames a bay and changes the services it serves, clearing them with an empty list', async () => {
    const { _id: id } = (await addBay({ name: 'Rinse' })).json().data;
    const { service } = await serviceWithSlots(t.app, { name: 'Rinse Only' });
    const renamed = await changeBay(id, { name: 'Rinse Bay', services: [service.id] });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: BAY_MESSAGES.updated,
      data: { _id: id, name: 'Rinse Bay', services: [service.id] },
    });
    expect((await changeBay(id, { services: [] })).json().data).toMatchObject({ name: 'Rinse Bay', services: [] });
    expect(await t.database.db.select().from(bayServices).where(eq(bayServices.bayId, id))).toEqual([]);
  });

  it('moves a bay to a position and numbers every bay 1, 2, 3… again', async () => {
    const before = await listBays();
    const last = before[before.length - 1];
    const moved = await changeBay(last?._id ?? '', { sortOrder: 1 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.sortOrder).toBe(1);
    const after = await listBays();
    expect(after.map((bay) => bay._id)).toEqual([last?._id, ...before.slice(0, -1).map((bay) => bay._id)]);
    expect(after.map((bay) => bay.sortOrder)).toEqual(after.map((_, index) => index + 1));

    // A position past the end means last.
    await changeBay(last?._id ?? '', { sortOrder: 999 });
    expect((await listBays()).map((bay) => bay._id)).toEqual(before.map((bay) => bay._id));
  });

  it.each([
    [{}, BAY_MESSAGES.nothingToChange],
    [{ active: 'no' }, BAY_MESSAGES.activeInvalid],
    [{ sortOrder: 0 }, BAY_MESSAGES.sortOrderInvalid],
    [{ sortOrder: 1.5 }, BAY_MESSAGES.sortOrderInvalid],
    [{ name: '' }, BAY_MESSAGES.nameRequired],
  ])('refuses the change %j with 400', async (payload, message) => {
    const [first] = await listBays();
    const response = await changeBay(first?._id ?? '', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 404 for an unknown bay, leaving every bay as it was', async () => {
    const before = await storedBays();
    for (const payload of [{ name: 'Nowhere' }, { sortOrder: 1 }, { active: false }, { services: [] }]) {
      const response = await changeBay(crypto.randomUUID(), payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: BAY_MESSAGES.notFound });
    }
    expect(await storedBays()).toEqual(before);
    expect((await changeBay('not-an-id', { name: 'x' })).statusCode).toBe(400);
  });

  it('changes nothing when any part of a change is refused', async () => {
    const { _id: id } = (await addBay({ name: 'Whole' })).json().data;
    const response = await changeBay(id, { name: 'Half Written', services: [crypto.randomUUID()] });
    expect(response.statusCode).toBe(404);
    const [stored] = await t.database.db.select().from(bays).where(eq(bays.id, id));
    expect(stored?.name).toBe('Whole');
  });
});

describe('deactivating a bay', () => {
  it('is refused with 409 and the count while live bookings lie ahead on it, and allowed once they end', async () => {
    const only = await createTestApp();
    try {
      const boss = await signedInUser(only.app, 'admin');
      const [bay] = (await only.app.inject(asUser(boss, { method: 'GET', url: '/api/bays' }))).json().data;
      const { service, slots } = await serviceWithSlots(only.app, { name: 'Busy Bay Wash' });
      const bookingIds: string[] = [];
      for (const slot of slots.slice(0, 2)) {
        const someone = await signedInUser(only.app);
        const booked = await only.app.inject(
          asUser(someone, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: slot.id } }),
        );
        expect(booked.json().data.booking.bay).toEqual({ _id: bay._id, name: FIRST_BAY_NAME });
        bookingIds.push(booked.json().data.booking._id);
      }
      const deactivate = () =>
        only.app.inject(asUser(boss, { method: 'PUT', url: `/api/bays/${bay._id}`, payload: { active: false } }));

      const refused = await deactivate();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ success: false, message: BAY_MESSAGES.hasUpcomingBookings(2) });
      expect(refused.json().message).toBe(
        'This bay cannot be deactivated: it has 2 upcoming bookings. Cancel or wait for them first',
      );
      expect((await only.database.db.select().from(bays).where(eq(bays.id, bay._id)))[0]?.active).toBe(true);

      // One paid and ahead still counts; one whose slot is over does not.
      await only.database.db
        .update(bookings)
        .set({ status: 'confirm', payment: 'paid', occupiedFrom: new Date(0), occupiedUntil: new Date(60_000) })
        .where(eq(bookings.id, bookingIds[0] ?? ''));
      expect((await deactivate()).json().message).toBe(BAY_MESSAGES.hasUpcomingBookings(1));

      await only.database.db
        .update(bookings)
        .set({ status: 'cancel' })
        .where(eq(bookings.id, bookingIds[1] ?? ''));
      const allowed = await deactivate();
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json().data).toMatchObject({ _id: bay._id, active: false });

      // An inactive bay takes no booking: with no other bay the slot is full.
      const availability = (
        await only.app.inject({
          method: 'GET',
          url: `/api/slots/availability?service=${service.id}&date=${slots[2]?.date}`,
        })
      ).json().data;
      expect(availability[2]).toMatchObject({ capacity: 0, remaining: 0, isBooked: 'booked' });
      const late = await only.app.inject(
        asUser(await signedInUser(only.app), {
          method: 'POST',
          url: '/api/bookings',
          payload: { service: service.id, slot: slots[2]?.id },
        }),
      );
      expect(late.statusCode).toBe(409);

      const reactivated = await only.app.inject(
        asUser(boss, { method: 'PUT', url: `/api/bays/${bay._id}`, payload: { active: true } }),
      );
      expect(reactivated.json().data.active).toBe(true);
    } finally {
      await only.close();
    }
  });

  it('does not count a hold that has run out', async () => {
    const only = await createTestApp();
    try {
      const boss = await signedInUser(only.app, 'admin');
      const [bay] = (await only.app.inject(asUser(boss, { method: 'GET', url: '/api/bays' }))).json().data;
      const { service, slots } = await serviceWithSlots(only.app, { name: 'Lapsed' });
      const someone = await signedInUser(only.app);
      await only.app.inject(
        asUser(someone, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: slots[0]?.id } }),
      );
      await only.database.db.update(bookings).set({ holdExpiresAt: new Date(Date.now() - 1000) });
      const response = await only.app.inject(
        asUser(boss, { method: 'PUT', url: `/api/bays/${bay._id}`, payload: { active: false } }),
      );
      expect(response.statusCode).toBe(200);
    } finally {
      await only.close();
    }
  });
});

describe('the customers', () => {
  it('see the number of bays of a slot change as soon as a bay is added', async () => {
    const { service, slots } = await serviceWithSlots(t.app, { name: 'Growing Shop' });
    const url = `/api/slots/availability?service=${service.id}&date=${slots[0]?.date}`;
    const capacity = async () => (await t.app.inject({ method: 'GET', url })).json().data[0].capacity;
    const before = await capacity();
    await addBay({ name: 'Extra Bay' });
    expect(await capacity()).toBe(before + 1);
    expect((await book(customer, service.id, slots[0]?.id ?? '')).statusCode).toBe(201);
  });
});
