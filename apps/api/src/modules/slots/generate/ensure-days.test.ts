import { SLOT_MESSAGES } from '@carcare/contracts/slots-constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser } from '../../../../test/helper';
import { closeShop, everyDay, openShopAgain, setShopWeek } from '../../../../test/shop-hours';
import { bookings, reportDayOffers, services, slotDays, slots } from '../../../db/schema';
import { businessDate } from '../../../lib/business-time';
import { listAvailability } from '../slots.service';
import { ensureServiceDays, fillHorizon } from './ensure-days';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

const day = (offset: number) => businessDate('UTC', new Date(), offset);
const MORNING = everyDay([['09:00', '12:00']]);

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
    hours: MORNING,
    slotStepMinutes: 60,
    minimumNoticeMinutes: 120,
    bookingHorizonDays: 60,
  });
});

let counter = 0;
async function newService(durationMinutes = 60, bufferMinutes = 0) {
  counter += 1;
  const [service] = await t.app.db
    .insert(services)
    .values({
      name: `Generated ${counter}`,
      description: 'Made from the hours',
      durationMinutes,
      bufferMinutes,
      priceCents: 4000,
    })
    .returning();
  if (!service) throw new Error('service was not created');
  return service.id;
}

async function serviceRow(id: string) {
  const [service] = await t.app.db.select().from(services).where(eq(services.id, id));
  if (!service) throw new Error('no service');
  return service;
}

const ensure = async (serviceId: string, dates: string[], now = new Date()) =>
  ensureServiceDays(t.app.db, t.app.shop.current(), await serviceRow(serviceId), dates, now);

const stored = (serviceId: string, date: string) =>
  t.app.db
    .select({
      id: slots.id,
      startTime: slots.startTime,
      endTime: slots.endTime,
      origin: slots.origin,
      status: slots.status,
      withdrawn: slots.withdrawn,
    })
    .from(slots)
    .where(and(eq(slots.serviceId, serviceId), eq(slots.date, date)))
    .orderBy(slots.startTime);

const summary = async (serviceId: string, date: string) =>
  (await stored(serviceId, date)).map(
    (slot) =>
      `${slot.startTime}-${slot.endTime} ${slot.origin}${slot.status === 'cancel' ? ' cancel' : ''}${slot.withdrawn ? ' withdrawn' : ''}`,
  );

const at = async (serviceId: string, date: string, startTime: string) => {
  const slot = (await stored(serviceId, date)).find((row) => row.startTime === startTime);
  if (!slot) throw new Error(`no slot at ${startTime}`);
  return slot;
};

/** A live (pending) booking of the slot, made as a customer makes it. */
async function book(serviceId: string, slotId: string) {
  const response = await t.app.inject(
    asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: serviceId, slot: slotId } }),
  );
  expect(response.statusCode).toBe(201);
  return response.json().data.booking._id as string;
}

const toggle = (slotId: string) =>
  t.app.inject(asUser(admin, { method: 'PUT', url: `/api/slots/toggle-status/${slotId}` }));

describe('ensureServiceDays', () => {
  it("makes a day's times once and leaves a day whose shape holds alone", async () => {
    const service = await newService();
    const date = day(3);
    expect(await ensure(service, [date])).toBe(1);
    expect(await summary(service, date)).toEqual([
      '09:00-10:00 generated',
      '10:00-11:00 generated',
      '11:00-12:00 generated',
    ]);
    const [made] = await t.app.db.select().from(slotDays).where(eq(slotDays.serviceId, service));
    expect(made?.date).toBe(date);
    expect(await ensure(service, [date])).toBe(0);
    expect(await stored(service, date)).toHaveLength(3);
  });

  it("remakes nothing from an instance's copy of the settings that has not yet heard of a change", async () => {
    const service = await newService();
    const date = day(3);
    expect(await ensure(service, [date])).toBe(1);
    const before = await stored(service, date);
    // Another instance's copy, from before the mornings became the hours: it would give 13:00–16:00.
    const stale = t.app.shop.current();
    const older = { ...stale, settings: { ...stale.settings, hours: everyDay([['13:00', '16:00']]) } };
    expect(await ensureServiceDays(t.app.db, older, await serviceRow(service), [date])).toBe(0);
    expect(await stored(service, date)).toEqual(before);
  });

  it('makes only the days from today to the horizon', async () => {
    const service = await newService();
    await setShopWeek(t.app, { bookingHorizonDays: 5 });
    expect(await ensure(service, [day(-1), day(6), day(40)])).toBe(0);
    expect(await ensure(service, [day(0), day(5)])).toBe(2);
    expect(await t.app.db.select().from(slots).where(eq(slots.serviceId, service))).toHaveLength(6);
  });

  it('records a closed day too, so that it is not looked at again', async () => {
    const service = await newService();
    await setShopWeek(t.app, { hours: everyDay([]) });
    expect(await ensure(service, [day(2)])).toBe(1);
    expect(await ensure(service, [day(2)])).toBe(0);
    expect(await stored(service, day(2))).toEqual([]);
  });

  it('reshapes a day when the hours change, never touching a booked time, and a cancelled time stays cancelled', async () => {
    const service = await newService();
    const date = day(3);
    await ensure(service, [date]);
    const nine = await at(service, date, '09:00');
    const ten = await at(service, date, '10:00');
    await book(service, nine.id);
    expect((await toggle(ten.id)).statusCode).toBe(200);

    await setShopWeek(t.app, { hours: everyDay([['13:00', '15:00']]) });
    expect(await ensure(service, [date])).toBe(1);
    expect(await summary(service, date)).toEqual([
      '09:00-10:00 generated',
      '10:00-11:00 generated cancel withdrawn',
      '13:00-14:00 generated',
      '14:00-15:00 generated',
    ]);
    expect((await at(service, date, '09:00')).id).toBe(nine.id);
    // The day is looked at again while it keeps the booked time; once the booking is over, it is withdrawn.
    expect(await ensure(service, [date])).toBe(1);
    await t.app.db.update(bookings).set({ status: 'cancel' }).where(eq(bookings.slotId, nine.id));
    expect(await ensure(service, [date])).toBe(1);
    expect(await summary(service, date)).toEqual([
      '09:00-10:00 generated withdrawn',
      '10:00-11:00 generated cancel withdrawn',
      '13:00-14:00 generated',
      '14:00-15:00 generated',
    ]);
    expect(await ensure(service, [date])).toBe(0);

    await setShopWeek(t.app, { hours: MORNING });
    await ensure(service, [date]);
    expect(await summary(service, date)).toEqual([
      '09:00-10:00 generated',
      '10:00-11:00 generated cancel',
      '11:00-12:00 generated',
    ]);
    expect((await at(service, date, '10:00')).id).toBe(ten.id);
  });

  it('takes a closed day away but keeps the times bookings name, and gives them back when it reopens', async () => {
    const service = await newService();
    const date = day(4);
    await ensure(service, [date]);
    const nine = await at(service, date, '09:00');
    const ten = await at(service, date, '10:00');
    const live = await book(service, nine.id);
    const ended = await book(service, ten.id);
    await t.app.db.update(bookings).set({ status: 'cancel' }).where(eq(bookings.id, ended));

    await closeShop(t.app, date, date);
    await ensure(service, [date]);
    expect(await summary(service, date)).toEqual(['09:00-10:00 generated', '10:00-11:00 generated withdrawn']);
    const detail = await t.app.inject({ method: 'GET', url: `/api/slots/availability/${ten.id}` });
    expect(detail.statusCode).toBe(404);
    expect(detail.json().message).toBe(SLOT_MESSAGES.notFound);

    await openShopAgain(t.app);
    await ensure(service, [date]);
    expect(await summary(service, date)).toEqual([
      '09:00-10:00 generated',
      '10:00-11:00 generated',
      '11:00-12:00 generated',
    ]);
    expect((await at(service, date, '10:00')).id).toBe(ten.id);
    const [kept] = await t.app.db.select().from(bookings).where(eq(bookings.id, live));
    expect(kept).toMatchObject({ slotId: nine.id, status: 'pending' });
  });

  it('reshapes when the step changes', async () => {
    const service = await newService();
    const date = day(5);
    await ensure(service, [date]);
    await book(service, (await at(service, date, '10:00')).id);
    await setShopWeek(t.app, { slotStepMinutes: 30 });
    await ensure(service, [date]);
    expect((await stored(service, date)).map((slot) => slot.startTime)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
    ]);
  });

  it("reshapes when the service's duration and buffer change, the booked time keeping its length", async () => {
    const service = await newService();
    const date = day(6);
    await ensure(service, [date]);
    await book(service, (await at(service, date, '10:00')).id);
    await t.app.db.update(services).set({ durationMinutes: 90, bufferMinutes: 30 }).where(eq(services.id, service));
    await ensure(service, [date]);
    // 09:00 + 90 + 30 ends by 11:00 and 10:00 by 12:00; 11:00 no longer fits.
    expect(await summary(service, date)).toEqual(['09:00-10:30 generated', '10:00-11:00 generated']);
    // Once the booking is over, the time takes the service's new length.
    await t.app.db.update(bookings).set({ status: 'cancel' }).where(eq(bookings.serviceId, service));
    await ensure(service, [date]);
    expect(await summary(service, date)).toEqual(['09:00-10:30 generated', '10:00-11:30 generated']);
    expect(await ensure(service, [date])).toBe(0);
  });

  it("reshapes when the service's own hours change", async () => {
    const service = await newService();
    const date = day(7);
    await ensure(service, [date]);
    await book(service, (await at(service, date, '09:00')).id);
    await t.app.db
      .update(services)
      .set({ hours: everyDay([['10:00', '11:00']]) })
      .where(eq(services.id, service));
    await ensure(service, [date]);
    expect(await summary(service, date)).toEqual(['09:00-10:00 generated', '10:00-11:00 generated']);
  });

  it('leaves a hand-made slot at a generated start as it is', async () => {
    const service = await newService();
    const date = day(8);
    await setShopWeek(t.app, { hours: everyDay([]) });
    const created = await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: '/api/services/slots',
        payload: { service, date, startTime: '09:00', endTime: '10:00' },
      }),
    );
    expect(created.statusCode).toBe(201);
    await setShopWeek(t.app, { hours: MORNING });
    await ensure(service, [date]);
    expect(await summary(service, date)).toEqual([
      '09:00-10:00 manual',
      '10:00-11:00 generated',
      '11:00-12:00 generated',
    ]);
    await setShopWeek(t.app, { hours: everyDay([]) });
    await ensure(service, [date]);
    expect(await summary(service, date)).toEqual(['09:00-10:00 manual']);
  });

  it('lets an administrator make a slot by hand at a withdrawn time, which becomes that slot', async () => {
    const service = await newService();
    const date = day(9);
    await ensure(service, [date]);
    const ten = await at(service, date, '10:00');
    await toggle(ten.id);
    await setShopWeek(t.app, { hours: everyDay([['11:00', '12:00']]) });
    await ensure(service, [date]);
    expect(await summary(service, date)).toEqual(['10:00-11:00 generated cancel withdrawn', '11:00-12:00 generated']);
    const created = await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: '/api/services/slots',
        payload: { service, date, startTime: '09:00', endTime: '11:00' },
      }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(SLOT_MESSAGES.created(2));
    expect(await summary(service, date)).toEqual(['09:00-10:00 manual', '10:00-11:00 manual', '11:00-12:00 generated']);
    expect((await at(service, date, '10:00')).id).toBe(ten.id);
    // A live generated time still refuses an overlapping hand-made range.
    const clash = await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: '/api/services/slots',
        payload: { service, date, startTime: '11:00', endTime: '12:00' },
      }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(SLOT_MESSAGES.overlap);
  });

  it('makes each time once when two makers work on the same days at once', async () => {
    const service = await newService();
    const dates = [day(10), day(11), day(12)];
    await Promise.all([ensure(service, dates), ensure(service, dates), ensure(service, [...dates].reverse())]);
    expect(await t.app.db.select().from(slots).where(eq(slots.serviceId, service))).toHaveLength(9);
  });
});

describe('withdrawn times', () => {
  it("are left out of the day board's hours and the overview's offered bay-minutes", async () => {
    const service = await newService();
    const date = day(14);
    await ensure(service, [date]);
    const admin_ = (url: string) => t.app.inject(asUser(admin, { method: 'GET', url }));
    const offered = async () => {
      expect((await admin_(`/api/admin/overview?from=${date}&to=${date}`)).statusCode).toBe(200);
      const [row] = await t.app.db.select().from(reportDayOffers).where(eq(reportDayOffers.day, date));
      return row?.offeredMinutes ?? 0;
    };
    expect((await admin_(`/api/admin/schedule?date=${date}`)).json().data).toMatchObject({
      opensAt: '09:00',
      closesAt: '12:00',
    });
    expect(await offered()).toBe(180);
    // Two times that ended bookings name, then a closure: they are withdrawn, still available in name.
    for (const start of ['10:00', '11:00']) {
      const booking = await book(service, (await at(service, date, start)).id);
      await t.app.db.update(bookings).set({ status: 'cancel' }).where(eq(bookings.id, booking));
    }
    await closeShop(t.app, date, date);
    await ensure(service, [date]);
    expect(await summary(service, date)).toEqual([
      '10:00-11:00 generated withdrawn',
      '11:00-12:00 generated withdrawn',
    ]);
    expect((await admin_(`/api/admin/schedule?date=${date}`)).json().data).toMatchObject({
      opensAt: null,
      closesAt: null,
    });
    expect(await offered()).toBe(0);
  });
});

describe('fillHorizon', () => {
  it("makes every live service's days up to the horizon, and nothing more once made", async () => {
    await setShopWeek(t.app, { bookingHorizonDays: 3 });
    const service = await newService();
    const deleted = await newService();
    await t.app.db.update(services).set({ isDeleted: true }).where(eq(services.id, deleted));
    expect(await fillHorizon(t.app.db, t.app.shop.current())).toBeGreaterThanOrEqual(4);
    expect(await t.app.db.select().from(slots).where(eq(slots.serviceId, service))).toHaveLength(12);
    expect(await t.app.db.select().from(slots).where(eq(slots.serviceId, deleted))).toHaveLength(0);
    expect(await fillHorizon(t.app.db, t.app.shop.current())).toBe(0);
  });
});

describe('listAvailability', () => {
  it('offers generated times from the minimum notice on and up to the horizon, hand-made ones until they start', async () => {
    const service = await newService();
    const date = day(2);
    const now = new Date(`${date}T08:00:00.000Z`);
    const times = async () =>
      (await listAvailability(t.app.db, t.app.shop.current(), service, date, now)).map(
        (slot) => `${slot.startTime} ${slot.origin}`,
      );
    // 09:00 is an hour away: within the two hours' notice.
    expect(await times()).toEqual(['10:00 generated', '11:00 generated']);
    await setShopWeek(t.app, { minimumNoticeMinutes: 0 });
    expect(await times()).toEqual(['09:00 generated', '10:00 generated', '11:00 generated']);
    await t.app.db.insert(slots).values({
      serviceId: service,
      date,
      startTime: '08:30',
      endTime: '08:45',
      startsAt: new Date(`${date}T08:30:00.000Z`),
      endsAt: new Date(`${date}T08:45:00.000Z`),
    });
    // Seen from today, with a horizon of one day, the day after tomorrow offers only the hand-made slot.
    await setShopWeek(t.app, { bookingHorizonDays: 1 });
    const offered = await listAvailability(t.app.db, t.app.shop.current(), service, date);
    expect(offered.map((slot) => `${slot.startTime} ${slot.origin}`)).toEqual(['08:30 manual']);
  });
});
