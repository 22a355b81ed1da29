import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NEXT_SLOT_FILTER } from '@carcare/contracts/bookings-constants';
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, rowCounts, type TestApp } from '../../test/helper';
import {
  addOns,
  bays,
  bookingLines,
  bookings,
  payments,
  plans,
  reviews,
  services,
  slots,
  users,
  vehicleClasses,
  vehicles,
} from '../db/schema';
import { businessDate } from '../lib/business-time';
import { weekdayOf } from '../modules/slots/public';
import { DEMO_WEEK, demoClosure } from './demo-shop';
import { seedOnFirstStart } from './first-start-seed';

let t: TestApp;
let seededAt: Date;

/** Signs in with the password the first start wrote to the secrets folder. */
async function signInAs(email: string) {
  const file = readFileSync(path.join(t.config.dataDir, 'secrets', 'demo-credentials.txt'), 'utf8');
  const password = file.match(new RegExp(`${email.replace('.', '\\.')}\\s+password: (\\S+)`))?.[1];
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(response.statusCode).toBe(200);
  return { accessToken: response.json().accessToken as string };
}

beforeAll(async () => {
  t = await createTestApp({ seedDemoData: true });
  seededAt = new Date();
  expect(await seedOnFirstStart(t.database.db, t.config)).toMatch(/^First start: sign in with these accounts/);
  // As the server does once the demo shop has its hours.
  await t.app.shop.reload();
});
afterAll(async () => {
  await t.close();
});

describe('the first start of a demo shop', () => {
  it('gives the demo customer paid appointments ahead and a history, as My Bookings shows them', async () => {
    const customer = await signInAs('customer@carcare.local');
    const mine = await t.app.inject(asUser(customer, { method: 'GET', url: '/api/my-bookings' }));
    expect(mine.statusCode).toBe(200);
    const list: Array<{ status: string; payment: string; slot: { startsAt: string } }> = mine.json().data;
    const upcoming = list.filter((booking) => new Date(booking.slot.startsAt) > seededAt);
    const past = list.filter((booking) => new Date(booking.slot.startsAt) <= seededAt);
    expect(upcoming).toHaveLength(2);
    expect(upcoming.every((booking) => booking.status === 'confirm' && booking.payment === 'paid')).toBe(true);
    expect(past.some((booking) => booking.status === 'completed' && booking.payment === 'paid')).toBe(true);
    expect(past.every((booking) => booking.status !== 'confirm')).toBe(true);
    expect(past.some((booking) => booking.status === 'cancel')).toBe(true);

    // The header's Next Slot countdown reads exactly this filter.
    const next = await t.app.inject(
      asUser(customer, {
        method: 'GET',
        url: `/api/my-bookings?payment=${NEXT_SLOT_FILTER.payment}&status=${NEXT_SLOT_FILTER.status}`,
      }),
    );
    const starts = next.json().data.map((booking: { slot: { startsAt: string } }) => new Date(booking.slot.startsAt));
    expect(starts.filter((start: Date) => start > seededAt)).toHaveLength(2);
  });

  it('gives the counter a staff account, which cannot open the settings', async () => {
    const staff = await signInAs('staff@carcare.local');
    const [stored] = await t.database.db.select().from(users).where(eq(users.email, 'staff@carcare.local'));
    expect(stored).toMatchObject({ role: 'staff', firstName: 'Sam', lastName: 'Counter' });
    expect((await t.app.inject(asUser(staff, { method: 'GET', url: '/api/settings' }))).statusCode).toBe(403);
  });

  it("fills Booking Management with every customer's bookings, newest first", async () => {
    const admin = await signInAs('admin@carcare.local');
    const response = await t.app.inject(asUser(admin, { method: 'GET', url: '/api/bookings?page=1&limit=10' }));
    expect(response.statusCode).toBe(200);
    const [stored] = await t.database.db.select({ value: count() }).from(bookings);
    expect(response.json().totalDoc).toBe(stored?.value);
    expect(stored?.value).toBeGreaterThanOrEqual(40);
    const page: Array<{ createdAt: string; customer: { email: string }; status: string }> = response.json().data;
    expect(page).toHaveLength(10);
    const created = page.map((booking) => booking.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const customers = new Set(page.map((booking) => booking.customer.email));
    expect(customers.size).toBeGreaterThan(1);
  });

  it('keeps the booking rules: live bookings never overlap on the one bay and every paid one has its payment', async () => {
    const { db } = t.database;
    const all = await db.select().from(bookings);
    expect(all.filter((booking) => booking.status === 'pending')).toEqual([]);
    for (const status of ['confirm', 'cancel', 'completed', 'no_show'] as const) {
      expect(all.some((booking) => booking.status === status)).toBe(true);
    }
    expect(all.some((booking) => booking.payment === 'failed')).toBe(true);

    // The demo shop has three bays; its bookings were laid out on the first, and none overlap on it.
    const shopBays = await db.select().from(bays).orderBy(asc(bays.sortOrder));
    expect(shopBays.map((bay) => bay.name)).toEqual(['Bay 1', 'Bay 2', 'Bay 3']);
    const live = all.filter((booking) => booking.status === 'confirm');
    expect(live.every((booking) => booking.bayId === shopBays[0]?.id)).toBe(true);
    // Paid bookings behind (completed, no-show) were laid out on the one bay the same way.
    const paid = all.filter((booking) => booking.payment === 'paid');
    const byStart = [...paid].sort((a, b) => a.occupiedFrom.getTime() - b.occupiedFrom.getTime());
    for (const [index, booking] of byStart.entries()) {
      const next = byStart[index + 1];
      if (next) expect(booking.occupiedUntil.getTime()).toBeLessThanOrEqual(next.occupiedFrom.getTime());
    }
    const liveSlots = await db
      .select()
      .from(slots)
      .where(
        inArray(
          slots.id,
          live.map((booking) => booking.slotId),
        ),
      );
    expect(liveSlots).toHaveLength(live.length);
    const lines = await db.select().from(bookingLines);
    const minutesOf = (id: string) =>
      lines.filter((line) => line.bookingId === id).reduce((total, line) => total + line.minutes, 0);
    for (const booking of live) {
      const slot = liveSlots.find((candidate) => candidate.id === booking.slotId);
      // The bay is held from the slot's start for the whole job: the class's duration and the add-ons'.
      expect(booking.occupiedFrom).toEqual(slot?.startsAt);
      expect(booking.occupiedUntil.getTime() - booking.occupiedFrom.getTime()).toBe(minutesOf(booking.id) * 60_000);
      if (slot?.openUntil) expect(booking.occupiedUntil.getTime()).toBeLessThanOrEqual(slot.openUntil.getTime());
    }

    const paidCheckouts = await db
      .select({ bookingId: payments.bookingId, amountCents: payments.amountCents, priceCents: bookings.priceCents })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(eq(payments.status, 'paid'));
    expect(paidCheckouts.map((checkout) => checkout.bookingId).sort()).toEqual(
      all
        .filter((booking) => booking.payment === 'paid')
        .map((booking) => booking.id)
        .sort(),
    );
    expect(paidCheckouts.every((checkout) => checkout.amountCents === checkout.priceCents)).toBe(true);
    expect(all.every((booking) => booking.createdAt <= seededAt)).toBe(true);
  });

  it("prices by the car: four classes, Sedan the default, six add-ons, the demo customer's two cars and bookings of them", async () => {
    const { db } = t.database;
    const classes = await db.select().from(vehicleClasses).orderBy(asc(vehicleClasses.sortOrder));
    expect(classes.map((row) => [row.name, row.isDefault])).toEqual([
      ['Small car', false],
      ['Sedan', true],
      ['SUV', false],
      ['Pickup or van', false],
    ]);
    expect(await db.select({ value: count() }).from(addOns)).toEqual([{ value: 6 }]);
    const [customer] = await db.select().from(users).where(eq(users.email, 'customer@carcare.local'));
    const cars = await db
      .select()
      .from(vehicles)
      .where(eq(vehicles.customerId, customer?.id ?? ''));
    expect(cars.map((car) => [car.make, car.model, car.plate])).toEqual([
      ['Toyota', 'RAV4', 'DHK4521'],
      ['Honda', 'Civic', 'DHK1187'],
    ]);
    const all = await db.select().from(bookings);
    expect(all.filter((booking) => booking.vehicleId !== null).length).toBeGreaterThanOrEqual(2);
    expect(
      all.filter((booking) => booking.vehicleClassId !== null && booking.vehicleId === null).length,
    ).toBeGreaterThan(0);
    const addOnLines = await db.select().from(bookingLines).where(eq(bookingLines.kind, 'addOn'));
    expect(addOnLines.length).toBeGreaterThan(2);
    // Every booking's price is the sum of its lines, and it has its service's line first.
    for (const booking of all) {
      const own = await db.select().from(bookingLines).where(eq(bookingLines.bookingId, booking.id));
      expect(own.find((line) => line.position === 0)?.kind).toBe('service');
      expect(own.reduce((total, line) => total + line.priceCents, 0)).toBe(booking.priceCents);
    }
  });

  it("offers a wash club of the demo's own washes: two monthly memberships and a pack, memberships first", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(response.statusCode).toBe(200);
    const offered: Array<Record<string, unknown> & { services: Array<{ name: string }> }> = response.json().data;
    expect(
      offered.map(({ name, kind, price, interval, washes, washesPerDay, vehicles, validDays, services }) => [
        name,
        kind,
        price,
        interval,
        washes,
        washesPerDay,
        vehicles,
        validDays,
        services.map((service) => service.name),
      ]),
    ).toEqual([
      ['Wash Club', 'membership', 39, 'month', null, 1, 1, null, ['Express Exterior Wash']],
      ['Family Club', 'membership', 99, 'month', 8, 1, 2, null, ['Express Exterior Wash', 'Wash & Vacuum Combo']],
      ['10-Wash Pack', 'pack', 200, null, 10, 1, 1, 365, ['Express Exterior Wash']],
    ]);
    // The pack costs less than its washes one by one.
    const [express] = await t.database.db.select().from(services).where(eq(services.name, 'Express Exterior Wash'));
    expect(200 * 100).toBeLessThan(10 * (express?.priceCents ?? 0));
    expect(await t.database.db.select({ value: count() }).from(plans)).toEqual([{ value: 3 }]);
  });

  it('marks a review verified exactly when its author had paid for a booking before writing it', async () => {
    const { db } = t.database;
    const written = await db.select().from(reviews);
    expect(written).toHaveLength(14);
    for (const review of written) {
      const paid = await db
        .select({ createdAt: bookings.createdAt })
        .from(bookings)
        .where(and(eq(bookings.customerId, review.userId), eq(bookings.payment, 'paid')));
      expect(review.verified).toBe(paid.some((booking) => booking.createdAt < review.createdAt));
    }
    expect(written.filter((review) => review.verified).length).toBeGreaterThan(7);
  });

  it("gives the owner a living overview of the last 30 days and a car on today's board", async () => {
    const admin = await signInAs('admin@carcare.local');
    const overview = (await t.app.inject(asUser(admin, { method: 'GET', url: '/api/admin/overview' }))).json().data;
    expect(overview.current.revenue).toBeGreaterThan(0);
    expect(overview.current.bookings.completed).toBeGreaterThan(0);
    expect(overview.current.bookings.no_show).toBeGreaterThan(0);
    expect(overview.current.occupancy.rate).toBeGreaterThan(0);
    expect(overview.bookingsPerService.length).toBeGreaterThan(1);
    expect(overview.demand.length).toBeGreaterThan(1);
    // Before opening a car is booked for later today; after closing one was done; in between, both.
    const board = (await t.app.inject(asUser(admin, { method: 'GET', url: '/api/admin/schedule' }))).json().data;
    expect(board.bays.map((bay: { name: string }) => bay.name)).toEqual(['Bay 1', 'Bay 2', 'Bay 3']);
    // A day the shop is closed has no car ahead: only the history's, once one of its slots has ended.
    const today = businessDate(t.config.business.timeZone, seededAt);
    const holiday = demoClosure(t.config.business.timeZone, seededAt);
    const openToday =
      DEMO_WEEK[weekdayOf(today)].length > 0 && !(holiday.startDate <= today && today <= holiday.endDate);
    if (openToday) expect(board.bookings.length).toBeGreaterThanOrEqual(1);
  });

  it('opens Monday to Saturday 08:00–18:00 with free times on every open day of the next 60, and closes for Christmas', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json().data;
    expect(config.hours).toEqual(DEMO_WEEK);
    expect(config.bookingHorizonDays).toBe(60);
    const holiday = demoClosure(t.config.business.timeZone, seededAt);
    expect(config.closures).toEqual([{ _id: expect.any(String), ...holiday }]);

    const [wash] = await t.database.db.select().from(services).where(eq(services.name, 'Express Exterior Wash'));
    const from = businessDate(t.config.business.timeZone, seededAt, 1);
    const days = [];
    for (const start of [1, 32]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/slots/calendar?service=${wash?.id}&from=${businessDate(t.config.business.timeZone, seededAt, start)}&to=${businessDate(t.config.business.timeZone, seededAt, start + 30)}`,
      });
      expect(response.statusCode).toBe(200);
      days.push(...response.json().data.days);
    }
    expect(days[0].date).toBe(from);
    const open = (date: string) =>
      DEMO_WEEK[weekdayOf(date)].length > 0 && !(holiday.startDate <= date && date <= holiday.endDate);
    for (const day of days.slice(0, 59)) {
      if (open(day.date)) {
        expect(day.state, day.date).toBe('open');
        expect(day.free, day.date).toBeGreaterThan(0);
      } else expect(day.state, day.date).toBe('closed');
    }
    // No time of the demo's is made by hand ahead: the hours make every one.
    const ahead = await t.database.db.select({ origin: slots.origin }).from(slots).where(gt(slots.startsAt, seededAt));
    expect(ahead.length).toBeGreaterThan(0);
    expect(ahead.every((slot) => slot.origin === 'generated')).toBe(true);
  });

  it('adds nothing when it runs again', async () => {
    const before = await rowCounts(t.database);
    expect(await seedOnFirstStart(t.database.db, t.config)).toBeUndefined();
    expect(await rowCounts(t.database)).toEqual(before);
    const [people] = await t.database.db.select({ value: count() }).from(users);
    // The administrator, the staff member, the demo customer and the regulars.
    expect(people?.value).toBe(9);
  });
});
