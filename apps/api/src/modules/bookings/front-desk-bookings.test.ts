import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { QUOTE_MESSAGES } from '@carcare/contracts/quotes-constants';
import { VEHICLE_MESSAGES } from '@carcare/contracts/vehicles-constants';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  asUser,
  createTestApp,
  mailsTo,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../test/helper';
import { readMailsTo } from '../../../test/outbox';
import { closeShop, everyDay, openShopAgain, setShopWeek } from '../../../test/shop-hours';
import { bookings, services, slots, users, vehicleClasses, vehicles } from '../../db/schema';
import { sendDueReminders } from './notify/reminders';
import { currentShopDetails } from './notify/shop-details';

let t: TestApp;
let staff: TestUser;
let admin: TestUser;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInUser(t.app, 'staff');
  admin = await signedInUser(t.app, 'admin');
  alice = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const book = (caller: TestUser | null, payload: Record<string, unknown>) => {
  const options = { method: 'POST' as const, url: '/api/bookings', payload };
  return t.app.inject(caller ? asUser(caller, options) : options);
};
const storedBooking = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const bookingCount = async () => (await t.database.db.select({ value: count() }).from(bookings))[0]?.value;

/** A customer the shop added: a name and a phone, no email or password. */
async function phoneCustomer(name = 'Phone') {
  const [made] = await t.database.db
    .insert(users)
    .values({ firstName: name, lastName: 'Only', phone: `+1415555${Math.floor(1000 + Math.random() * 8999)}` })
    .returning();
  if (!made) throw new Error('the customer was not stored');
  return made;
}

describe('a booking the shop makes for a customer', () => {
  it('paid at the counter: confirmed at once, nothing held, no payment link, made by the shop', async () => {
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Counter Wash' });
    const response = await book(staff, {
      service: service.id,
      slot: slot?.id,
      customer: alice.id,
      note: 'Dog hair in the boot',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { message, data } = response.json();
    expect(message).toBe(FRONT_DESK_MESSAGES.booked);
    expect(data.payment_url).toBe('');
    expect(data.booking).toMatchObject({
      customer: { _id: alice.id, email: alice.email },
      status: 'confirm',
      payment: 'unpaid',
      holdExpiresAt: null,
      payWith: 'counter',
      bookedByShop: true,
      customerNote: 'Dog hair in the boot',
      amountPaid: 0,
      balanceDue: 45.5,
      payments: [],
    });
    const stored = await storedBooking(data.booking._id);
    expect(stored).toMatchObject({ bookedBy: staff.id, bookedByShop: true, holdExpiresAt: null, payWith: 'counter' });
    await t.app.backgroundTasks.settled();
    const [mail] = await readMailsTo(t.config.dataDir, alice.email);
    expect(mail?.subject).toMatch(/Counter Wash on .* is booked$/);
    expect(mail?.text).toContain('You pay at the shop');
    expect(mail?.attachments.map((attachment) => attachment.mimeType)).toEqual(['text/calendar']);
  });

  it('for a customer with a phone alone: nothing is mailed, and their reminder is done with, not retried', async () => {
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Phone Wash' });
    const caller = await phoneCustomer('Caller');
    const outboxDir = path.join(t.config.dataDir, 'outbox');
    const outbox = () =>
      existsSync(outboxDir) ? readdirSync(outboxDir).filter((file) => file.endsWith('.eml')).length : 0;
    await t.app.backgroundTasks.settled();
    const before = outbox();
    const response = await book(staff, { service: service.id, slot: slot?.id, customer: caller.id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.booking.customer).toMatchObject({ _id: caller.id, email: '', phone: caller.phone });
    await t.app.backgroundTasks.settled();
    expect(outbox()).toBe(before);
    const startsAt = new Date(response.json().data.booking.slot.startsAt);
    await sendDueReminders(
      t.app.db,
      t.app.mailer,
      currentShopDetails(t.app),
      t.app.log,
      new Date(startsAt.getTime() - 60_000),
    );
    expect((await storedBooking(response.json().data.booking._id))?.reminderSentAt).not.toBeNull();
    expect(outbox()).toBe(before);
  });

  it('online: held and paid through a checkout as a customer pays, for the administrator too', async () => {
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Online Wash' });
    const response = await book(admin, { service: service.id, slot: slot?.id, customer: alice.id, payWith: 'online' });
    expect(response.statusCode, response.body).toBe(201);
    const { message, data } = response.json();
    expect(message).toBe(FRONT_DESK_MESSAGES.booked);
    expect(data.payment_url).toMatch(new RegExp(`^${t.config.publicUrl}/pay/sbx_[\\w-]+$`));
    expect(data.booking).toMatchObject({ status: 'pending', payment: 'unpaid', payWith: 'online', bookedByShop: true });
    expect(data.booking.holdExpiresAt).not.toBeNull();
    expect((await storedBooking(data.booking._id))?.bookedBy).toBe(admin.id);
    const paid = await t.app.inject({ method: 'POST', url: `/pay/${data.payment_url.split('/pay/')[1]}/pay` });
    expect(paid.statusCode).toBe(303);
    expect(await storedBooking(data.booking._id)).toMatchObject({ status: 'confirm', payment: 'paid' });
  });

  it('by a link: the checkout link is emailed to the customer; refused for a customer with no email', async () => {
    const {
      service,
      slots: [first, second],
    } = await serviceWithSlots(t.app, { name: 'Linked Wash' });
    const customer = await signedInUser(t.app);
    const response = await book(staff, {
      service: service.id,
      slot: first?.id,
      customer: customer.id,
      payWith: 'link',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { message, data } = response.json();
    expect(message).toBe(FRONT_DESK_MESSAGES.linkSent);
    expect(data.booking).toMatchObject({ status: 'pending', payWith: 'link' });
    await t.app.backgroundTasks.settled();
    const mails = mailsTo(t.config.dataDir, customer.email).map((mail) => mail.replace(/=\r?\n/g, ''));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(data.payment_url.split('/pay/')[1]);

    const nobody = await phoneCustomer();
    const before = await bookingCount();
    const noEmail = await book(staff, { service: service.id, slot: second?.id, customer: nobody.id, payWith: 'link' });
    expect(noEmail.statusCode).toBe(409);
    expect(noEmail.json().message).toBe(FRONT_DESK_MESSAGES.linkNeedsEmail);
    expect(await bookingCount()).toBe(before);
  });

  it('refuses the card on file (none is kept yet), storing nothing', async () => {
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Card Wash' });
    const before = await bookingCount();
    const response = await book(staff, { service: service.id, slot: slot?.id, customer: alice.id, payWith: 'card' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(FRONT_DESK_MESSAGES.noCardOnFile);
    expect(await bookingCount()).toBe(before);
  });

  it('needs a customer: named, existing, and not staff or an administrator', async () => {
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'For Whom' });
    const base = { service: service.id, slot: slot?.id };
    const missing = await book(staff, base);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(FRONT_DESK_MESSAGES.customerRequired);
    const notAnId = await book(staff, { ...base, customer: 'alice' });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().message).toBe(FRONT_DESK_MESSAGES.customerRequired);
    const unknown = await book(staff, { ...base, customer: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(FRONT_DESK_MESSAGES.customerUnknown);
    const ofStaff = await book(admin, { ...base, customer: staff.id });
    expect(ofStaff.statusCode).toBe(409);
    expect(ofStaff.json().message).toBe(FRONT_DESK_MESSAGES.customerNotACustomer);
    const bad = await book(staff, { ...base, customer: alice.id, payWith: 'cheque' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(FRONT_DESK_MESSAGES.payWithInvalid);
  });

  it("books the named customer's own vehicle only", async () => {
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Vehicle Wash' });
    const [sedan] = await t.database.db
      .insert(vehicleClasses)
      .values({ name: 'Desk Sedan', sortOrder: 50 })
      .returning({ id: vehicleClasses.id });
    const other = await signedInUser(t.app);
    const [theirs] = await t.database.db
      .insert(vehicles)
      .values({ customerId: other.id, vehicleClassId: sedan?.id ?? '', make: 'Fiat', model: 'Panda' })
      .returning({ id: vehicles.id });
    const wrong = await book(staff, { service: service.id, slot: slot?.id, customer: alice.id, vehicle: theirs?.id });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(VEHICLE_MESSAGES.notFound);
    const right = await book(staff, { service: service.id, slot: slot?.id, customer: other.id, vehicle: theirs?.id });
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json().data.booking.vehicle).toMatchObject({ _id: theirs?.id, make: 'Fiat' });
  });

  it('may take a time inside the minimum notice, which a customer may not, but never one in the past', async () => {
    const {
      service,
      slots: [slot, later],
    } = await serviceWithSlots(t.app, { name: 'Short Notice', daysAhead: 1 });
    await t.database.db.update(slots).set({ origin: 'generated' }).where(eq(slots.serviceId, service.id));
    await setShopWeek(t.app, { minimumNoticeMinutes: 7 * 24 * 60, bookingHorizonDays: 60 });
    try {
      const byCustomer = await book(alice, { service: service.id, slot: slot?.id });
      expect(byCustomer.statusCode).toBe(409);
      expect(byCustomer.json().message).toBe(BOOKING_MESSAGES.slotTooSoon);
      const byShop = await book(staff, { service: service.id, slot: slot?.id, customer: alice.id });
      expect(byShop.statusCode, byShop.body).toBe(201);
    } finally {
      await setShopWeek(t.app, { minimumNoticeMinutes: 0 });
    }
    await t.database.db
      .update(slots)
      .set({ startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() - 60_000) })
      .where(eq(slots.id, later?.id ?? ''));
    const past = await book(staff, { service: service.id, slot: later?.id, customer: alice.id });
    expect(past.statusCode).toBe(409);
    expect(past.json().message).toBe(BOOKING_MESSAGES.slotPast);
  });
});

describe("a customer's own booking", () => {
  it('is paid online only, takes no walk-in, keeps their note and ignores the body’s customer', async () => {
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Own Wash' });
    const counter = await book(alice, { service: service.id, slot: slot?.id, payWith: 'counter' });
    expect(counter.statusCode).toBe(400);
    expect(counter.json().message).toBe(FRONT_DESK_MESSAGES.payWithOnlyOnline);
    const walkIn = await book(alice, { service: service.id, walkIn: true });
    expect(walkIn.statusCode).toBe(400);
    expect(walkIn.json().message).toBe(FRONT_DESK_MESSAGES.walkInOnlyShop);
    const own = await book(alice, {
      service: service.id,
      slot: slot?.id,
      payWith: 'online',
      customer: staff.id,
      note: ' Keys under the mat ',
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().message).toBe(BOOKING_MESSAGES.created);
    expect(own.json().data.booking).toMatchObject({
      customer: { _id: alice.id },
      payWith: 'online',
      bookedByShop: false,
      customerNote: 'Keys under the mat',
      status: 'pending',
    });
    expect((await storedBooking(own.json().data.booking._id))?.bookedBy).toBeNull();
  });
});

describe('the hold limits', () => {
  it("hold a customer's own unpaid bookings, not the ones the shop makes for them", async () => {
    const limited = await createTestApp({ payment: { maxPendingHolds: 1, maxPendingHoldsPerAddress: 1 } });
    try {
      const desk = await signedInUser(limited.app, 'staff');
      const customer = await signedInUser(limited.app);
      const { service, slots: times } = await serviceWithSlots(limited.app, { name: 'Limited', slotCount: 4 });
      const call = (caller: TestUser, payload: object) =>
        limited.app.inject(asUser(caller, { method: 'POST', url: '/api/bookings', payload }));
      expect((await call(customer, { service: service.id, slot: times[0]?.id })).statusCode).toBe(201);
      const second = await call(customer, { service: service.id, slot: times[1]?.id });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(BOOKING_MESSAGES.tooManyHolds(1));
      for (const slot of [times[1], times[2]]) {
        const byShop = await call(desk, {
          service: service.id,
          slot: slot?.id,
          customer: customer.id,
          payWith: 'online',
        });
        expect(byShop.statusCode, byShop.body).toBe(201);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('a walk-in', () => {
  /** Tomorrow at 10:00:20 in the shop's time zone (UTC), with the clock stopped there for Date. */
  const atTenTomorrow = () => {
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const now = new Date(`${day}T10:00:20.000Z`);
    vi.useFakeTimers({ toFake: ['Date'], now });
    return { day, now };
  };

  it('books a bay free now, from the next minute, confirmed, on a hand-made slot', async () => {
    const { service } = await serviceWithSlots(t.app, { name: 'Walk-in Wash', slotCount: 1 });
    await setShopWeek(t.app, { hours: everyDay([['08:00', '18:00']]) });
    const { day } = atTenTomorrow();
    const desk = await signedInUser(t.app, 'staff');
    const response = await book(desk, { service: service.id, customer: alice.id, walkIn: true });
    expect(response.statusCode, response.body).toBe(201);
    const { booking } = response.json().data;
    expect(response.json().data.payment_url).toBe('');
    expect(booking).toMatchObject({
      status: 'confirm',
      payWith: 'counter',
      bookedByShop: true,
      slot: { date: day, startTime: '10:01', endTime: '11:01', startsAt: `${day}T10:01:00.000Z` },
    });
    const [slot] = await t.database.db.select().from(slots).where(eq(slots.id, booking.slot._id));
    expect(slot).toMatchObject({ origin: 'manual', openUntil: new Date(`${day}T18:00:00.000Z`) });

    // The one bay is now taken: another car cannot come in for this job now.
    const before = await bookingCount();
    const second = await book(desk, { service: service.id, customer: alice.id, walkIn: true });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(FRONT_DESK_MESSAGES.walkInNoBay);
    expect(await bookingCount()).toBe(before);
  });

  it('is refused when the shop is closed now, or the job would run past closing', async () => {
    const { service } = await serviceWithSlots(t.app, { name: 'Late Walk-in', slotCount: 1 });
    const { day } = atTenTomorrow();
    const desk = await signedInUser(t.app, 'staff');
    const slotsBefore = (await t.database.db.select({ value: count() }).from(slots))[0]?.value;

    await setShopWeek(t.app, { hours: everyDay([['12:00', '18:00']]) });
    const shut = await book(desk, { service: service.id, customer: alice.id, walkIn: true });
    expect(shut.statusCode).toBe(409);
    expect(shut.json().message).toBe(FRONT_DESK_MESSAGES.walkInClosed);

    await setShopWeek(t.app, { hours: everyDay([['08:00', '10:30']]) });
    const tooLong = await book(desk, { service: service.id, customer: alice.id, walkIn: true });
    expect(tooLong.statusCode).toBe(409);
    expect(tooLong.json().message).toBe(QUOTE_MESSAGES.runsPastClosing);

    await setShopWeek(t.app, { hours: everyDay([['08:00', '18:00']]) });
    await closeShop(t.app, day, day);
    try {
      const closed = await book(desk, { service: service.id, customer: alice.id, walkIn: true });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe(FRONT_DESK_MESSAGES.walkInClosed);
    } finally {
      await openShopAgain(t.app);
    }
    expect((await t.database.db.select({ value: count() }).from(slots))[0]?.value).toBe(slotsBefore);
  });

  it('of a service that is gone is refused as any booking of it is, making no slot', async () => {
    const { service } = await serviceWithSlots(t.app, { name: 'Gone Walk-in', slotCount: 1 });
    await t.database.db.update(services).set({ isDeleted: true }).where(eq(services.id, service.id));
    const slotsBefore = (await t.database.db.select({ value: count() }).from(slots))[0]?.value;
    const gone = await book(staff, { service: service.id, customer: alice.id, walkIn: true });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(BOOKING_MESSAGES.serviceUnknown);
    const unknown = await book(staff, { service: crypto.randomUUID(), customer: alice.id, walkIn: true });
    expect(unknown.statusCode).toBe(404);
    expect((await t.database.db.select({ value: count() }).from(slots))[0]?.value).toBe(slotsBefore);
  });

  it('names no slot: a slot and walkIn together are refused', async () => {
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Both' });
    const both = await book(staff, { service: service.id, slot: slot?.id, customer: alice.id, walkIn: true });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(FRONT_DESK_MESSAGES.slotOrWalkIn);
  });
});
