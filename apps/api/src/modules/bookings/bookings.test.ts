import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { FRONT_DESK_MESSAGES, HOLD_CANCEL_REASONS } from '@carcare/contracts/front-desk-constants';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../test/helper';
import { bookings, payments, services, slots, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider } from '../payments/public';
import { expireStaleHolds } from './checkout/holds';
import { createBooking } from './reserve/create-booking';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  alice = await signedInUser(t.app);
  bob = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const book = (caller: TestUser | null, payload: Record<string, unknown>) => {
  const options = { method: 'POST' as const, url: '/api/bookings', payload };
  return t.app.inject(caller ? asUser(caller, options) : options);
};
/** The slot as customers see it: 'booked' once no bay it could take is free. */
const slotStatus = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/slots/availability/${id}` })).json().data?.isBooked;
const storedSlotStatus = async (id: string) =>
  (await t.database.db.select().from(slots).where(eq(slots.id, id)))[0]?.status;
const storedBooking = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const sessionOf = (paymentUrl: string) => paymentUrl.split('/pay/')[1] ?? '';

describe('POST /api/bookings', () => {
  it('reserves the slot, holds it for 15 minutes and opens the sandbox checkout', async () => {
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app);
    const before = Date.now();
    const response = await book(alice, { service: service.id, slot: slot?.id, customer: bob.id });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(BOOKING_MESSAGES.created);
    expect(body.data.payment_url).toMatch(new RegExp(`^${t.config.publicUrl}/pay/sbx_[\\w-]+$`));
    expect(body.data.booking).toMatchObject({
      customer: { _id: alice.id, email: alice.email },
      service: { _id: service.id, name: 'Foam Wash', price: 45.5, duration: 60 },
      slot: { _id: slot?.id, startTime: '08:00', endTime: '09:00' },
      status: 'pending',
      payment: 'unpaid',
    });
    const stored = await storedBooking(body.data.booking._id);
    // Held for a few minutes until the checkout is opened, then for the payment hold from its making.
    const hold = Date.parse(body.data.booking.holdExpiresAt) - before;
    expect(hold).toBeGreaterThanOrEqual(3 * 60_000 - 1000);
    expect(hold).toBeLessThanOrEqual(3 * 60_000 + 5000);
    expect(stored?.clientAddress).toBe('127.0.0.1');
    expect((await t.app.inject({ method: 'GET', url: new URL(body.data.payment_url).pathname })).statusCode).toBe(200);
    const opened = await storedBooking(body.data.booking._id);
    const fullHold = (opened?.holdExpiresAt?.getTime() ?? 0) - before;
    expect(fullHold).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    expect(fullHold).toBeLessThanOrEqual(15 * 60_000 + 5000);
    expect(opened?.checkoutOpenedAt).toBeInstanceOf(Date);

    expect(await slotStatus(slot?.id ?? '')).toBe('booked');
    expect(stored).toMatchObject({ customerId: alice.id, status: 'pending', payment: 'unpaid' });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.bookingId, body.data.booking._id));
    expect(payment).toMatchObject({
      provider: 'sandbox',
      sessionId: sessionOf(body.data.payment_url),
      amountCents: 4550,
      currency: 'USD',
      status: 'open',
      purpose: 'full',
      savesCard: false,
      returnOrigin: null,
    });
    // The booking answered is read with its checkout's record, in one statement: it is the booking as it is read
    // on its own, every field, but the hold that opening the checkout since lengthened.
    const read = await t.app.inject(asUser(alice, { method: 'GET', url: `/api/bookings/${body.data.booking._id}` }));
    expect({ ...body.data.booking, holdExpiresAt: null }).toEqual({ ...read.json().data, holdExpiresAt: null });
  });

  it('refuses a slot already taken, cancelled, started or of another service with 409', async () => {
    const {
      service,
      slots: [taken, cancelled, started],
    } = await serviceWithSlots(t.app, { name: 'Refusals' });
    const other = await serviceWithSlots(t.app, { name: 'Other' });
    expect((await book(alice, { service: service.id, slot: taken?.id })).statusCode).toBe(201);
    await t.database.db
      .update(slots)
      .set({ status: 'cancel' })
      .where(eq(slots.id, cancelled?.id ?? ''));
    await t.database.db
      .update(slots)
      .set({ startsAt: new Date(Date.now() - 60_000) })
      .where(eq(slots.id, started?.id ?? ''));

    const cases = [
      [taken?.id, service.id, BOOKING_MESSAGES.slotFull],
      [cancelled?.id, service.id, BOOKING_MESSAGES.slotCancelled],
      [started?.id, service.id, BOOKING_MESSAGES.slotPast],
      [other.slots[0]?.id, service.id, BOOKING_MESSAGES.slotOtherService],
    ] as const;
    for (const [slot, serviceId, message] of cases) {
      const response = await book(bob, { service: serviceId, slot });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ success: false, message });
    }
    const bobs = await t.database.db.select().from(bookings).where(eq(bookings.customerId, bob.id));
    expect(bobs).toHaveLength(0);
    expect(await slotStatus(cancelled?.id ?? '')).toBe('cancel');
    expect(await slotStatus(other.slots[0]?.id ?? '')).toBe('available');
    expect(await storedSlotStatus(taken?.id ?? '')).toBe('available');
  });

  it('answers 404 for an unknown slot or an unknown or deleted service', async () => {
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Soon Deleted' });
    const unknownSlot = await book(alice, { service: service.id, slot: crypto.randomUUID() });
    expect(unknownSlot.statusCode).toBe(404);
    expect(unknownSlot.json().message).toBe(BOOKING_MESSAGES.slotUnknown);
    const unknownService = await book(alice, { service: crypto.randomUUID(), slot: slot?.id });
    expect(unknownService.statusCode).toBe(404);
    expect(unknownService.json().message).toBe(BOOKING_MESSAGES.serviceUnknown);
    await t.database.db.update(services).set({ isDeleted: true }).where(eq(services.id, service.id));
    const deleted = await book(alice, { service: service.id, slot: slot?.id });
    expect(deleted.statusCode).toBe(404);
    expect(await storedSlotStatus(slot?.id ?? '')).toBe('available');
    expect(
      await t.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.slotId, slot?.id ?? '')),
    ).toEqual([]);
  });

  it('rejects a malformed body with 400', async () => {
    const missing = await book(alice, { service: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { path: 'service', message: BOOKING_MESSAGES.serviceRequired },
      { path: 'slot', message: BOOKING_MESSAGES.slotRequired },
    ]);
  });

  it('answers 401 to a visitor, and asks an administrator whom the booking is for', async () => {
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Guarded' });
    expect((await book(null, { service: service.id, slot: slot?.id })).statusCode).toBe(401);
    const forWhom = await book(admin, { service: service.id, slot: slot?.id });
    expect(forWhom.statusCode).toBe(400);
    expect(forWhom.json().message).toBe(FRONT_DESK_MESSAGES.customerRequired);
    expect(await slotStatus(slot?.id ?? '')).toBe('available');
  });

  it('gives exactly one of many concurrent customers the slot', async () => {
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Contended' });
    const customers = await Promise.all(Array.from({ length: 50 }, () => signedInUser(t.app)));
    const responses = await Promise.all(
      customers.map((customer) => book(customer, { service: service.id, slot: slot?.id })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const live = await t.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.slotId, slot?.id ?? ''), inArray(bookings.status, ['pending', 'confirm'])));
    expect(live).toHaveLength(1);
  });

  it('releases the slot when the payment provider cannot open a checkout', async () => {
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Provider Down' });
    const [customer] = await t.database.db.select().from(users).where(eq(users.id, alice.id));
    const broken: PaymentProvider = {
      name: 'sandbox',
      createCheckout: async () => {
        throw new Error('connection refused');
      },
      expireCheckout: async () => {},
      refund: async () => {
        throw new Error('nothing was paid');
      },
      createCardSetup: async () => {
        throw new Error('connection refused');
      },
      chargeSavedCard: async () => {
        throw new Error('connection refused');
      },
      createMembershipCheckout: async () => {
        throw new Error('connection refused');
      },
    };
    const attempt = createBooking(
      t.database.db,
      customer as typeof users.$inferSelect,
      { serviceId: service.id, slotId: slot?.id ?? '', clientAddress: '127.0.0.1' },
      {
        ...t.config.payment,
        provider: broken,
        publicUrl: t.config.publicUrl,
        log: t.app.log,
      },
    );
    await expect(attempt).rejects.toEqual(new AppError(503, BOOKING_MESSAGES.providerUnavailable));
    expect(await slotStatus(slot?.id ?? '')).toBe('available');
    const [booking] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.slotId, slot?.id ?? ''));
    expect(booking).toMatchObject({ status: 'cancel', payment: 'unpaid' });
  });
});

describe('the sandbox checkout', () => {
  const newBooking = async (name: string) => {
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name });
    const body = (await book(alice, { service: service.id, slot: slot?.id })).json();
    return {
      bookingId: body.data.booking._id as string,
      session: sessionOf(body.data.payment_url),
      slotId: slot?.id ?? '',
      date: slot?.date ?? '',
    };
  };

  it('shows a test-mode page with service, day, time and amount', async () => {
    const { session, date } = await newBooking('Page <Wash>');
    const page = await t.app.inject({ method: 'GET', url: `/pay/${session}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('Page &#60;Wash&#62;');
    // The day as the web app writes it in the shop's locale (en-US), worked out by hand.
    const [year, month, day] = date.split('-').map(Number);
    const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    expect(page.body).toContain(`<dd>${MONTHS[(month ?? 1) - 1]} ${day}, ${year}</dd>`);
    expect(page.body).toContain('<dd>08:00 - 09:00</dd>');
    expect(page.body).toContain('$45.50');
    expect(page.body).toContain('>Pay</button>');
    expect(page.body).toContain('>Cancel payment</button>');
  });

  it('Pay confirms the booking once, whatever is clicked afterwards', async () => {
    const { bookingId, session, slotId } = await newBooking('Pay Path');
    const paid = await t.app.inject({ method: 'POST', url: `/pay/${session}/pay` });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/payment/success?booking=${bookingId}`);
    expect(await storedBooking(bookingId)).toMatchObject({ status: 'confirm', payment: 'paid' });
    expect(await slotStatus(slotId)).toBe('booked');

    const again = await t.app.inject({ method: 'POST', url: `/pay/${session}/pay` });
    expect(again.headers.location).toBe(`/payment/success?booking=${bookingId}`);
    const cancelLater = await t.app.inject({ method: 'POST', url: `/pay/${session}/cancel` });
    expect(cancelLater.headers.location).toBe(`/payment/success?booking=${bookingId}`);
    expect(await storedBooking(bookingId)).toMatchObject({ status: 'confirm', payment: 'paid' });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(payment?.status).toBe('paid');

    const closed = await t.app.inject({ method: 'GET', url: `/pay/${session}` });
    expect(closed.body).toContain('This payment session is closed.');
    expect(closed.body).not.toContain('>Pay</button>');
  });

  it('accepts the checkout buttons as a browser posts them, urlencoded', async () => {
    const { bookingId, session } = await newBooking('Browser Form');
    const paid = await t.app.inject({
      method: 'POST',
      url: `/pay/${session}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/payment/success?booking=${bookingId}`);
    expect(await storedBooking(bookingId)).toMatchObject({ status: 'confirm', payment: 'paid' });
  });

  it('Cancel payment cancels the booking and frees the slot, once', async () => {
    const { bookingId, session, slotId } = await newBooking('Cancel Path');
    const cancelled = await t.app.inject({ method: 'POST', url: `/pay/${session}/cancel` });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`/payment/failed?booking=${bookingId}`);
    expect(await storedBooking(bookingId)).toMatchObject({
      status: 'cancel',
      payment: 'failed',
      cancelReason: HOLD_CANCEL_REASONS.paymentFailed,
    });
    expect(await slotStatus(slotId)).toBe('available');

    const payLater = await t.app.inject({ method: 'POST', url: `/pay/${session}/pay` });
    expect(payLater.headers.location).toBe(`/payment/failed?booking=${bookingId}`);
    expect(await storedBooking(bookingId)).toMatchObject({ status: 'cancel', payment: 'failed' });
  });

  it('answers 404 for an unknown session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/pay/sbx_unknown' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/pay/sbx_unknown/pay' })).statusCode).toBe(404);
  });
});

describe('the expiry sweeper', () => {
  it('cancels pending bookings past their hold, frees their slots and expires their payments', async () => {
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Abandoned' });
    const body = (await book(alice, { service: service.id, slot: slot?.id })).json();
    const bookingId = body.data.booking._id;
    const now = Date.now();
    // Opened, the checkout holds the slot for the whole payment hold.
    await t.app.inject({ method: 'GET', url: `/pay/${sessionOf(body.data.payment_url)}` });

    // Other suites' checkouts, never opened, let go sooner: only this booking's fate is looked at.
    await expireStaleHolds(t.database.db, t.app.payments, t.app.log, new Date(now + 14 * 60_000));
    expect(await storedBooking(bookingId)).toMatchObject({ status: 'pending' });

    expect(
      await expireStaleHolds(t.database.db, t.app.payments, t.app.log, new Date(now + 16 * 60_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await storedBooking(bookingId)).toMatchObject({ status: 'cancel', payment: 'unpaid' });
    expect(await slotStatus(slot?.id ?? '')).toBe('available');
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(payment?.status).toBe('expired');
    expect(await expireStaleHolds(t.database.db, t.app.payments, t.app.log, new Date(now + 17 * 60_000))).toBe(0);

    const late = await t.app.inject({ method: 'POST', url: `/pay/${sessionOf(body.data.payment_url)}/pay` });
    expect(late.headers.location).toBe(`/payment/failed?booking=${bookingId}`);
    expect(await storedBooking(bookingId)).toMatchObject({ status: 'cancel' });
  });

  it('frees a slot held past its time for the next customer even before the timer runs', async () => {
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Stale Hold' });
    const first = (await book(alice, { service: service.id, slot: slot?.id })).json();
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, first.data.booking._id));
    const second = await book(bob, { service: service.id, slot: slot?.id });
    expect(second.statusCode).toBe(201);
    expect(await storedBooking(first.data.booking._id)).toMatchObject({ status: 'cancel' });
  });
});

describe('reading bookings', () => {
  let aliceConfirmed: string;
  let bobPending: string;

  beforeAll(async () => {
    const {
      service,
      slots: [first, second],
    } = await serviceWithSlots(t.app, { name: 'Listing' });
    const a = (await book(alice, { service: service.id, slot: first?.id })).json();
    aliceConfirmed = a.data.booking._id;
    await t.app.inject({ method: 'POST', url: `/pay/${sessionOf(a.data.payment_url)}/pay` });
    bobPending = (await book(bob, { service: service.id, slot: second?.id })).json().data.booking._id;
  });

  it("GET /api/my-bookings returns only the caller's bookings, filtered by payment and status", async () => {
    const mine = (await t.app.inject(asUser(bob, { method: 'GET', url: '/api/my-bookings' }))).json();
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((booking: { customer: { _id: string } }) => booking.customer._id === bob.id)).toBe(true);
    expect(mine.data.map((booking: { _id: string }) => booking._id)).toContain(bobPending);

    const paid = (
      await t.app.inject(asUser(alice, { method: 'GET', url: '/api/my-bookings?payment=paid&status=confirm' }))
    ).json();
    expect(paid.data.map((booking: { _id: string }) => booking._id)).toContain(aliceConfirmed);
    expect(
      paid.data.every(
        (booking: { payment: string; status: string }) => booking.payment === 'paid' && booking.status === 'confirm',
      ),
    ).toBe(true);
    expect(paid.data[0].slot).toEqual({
      _id: expect.any(String),
      date: expect.any(String),
      startTime: expect.any(String),
      endTime: expect.any(String),
      startsAt: expect.any(String),
      endsAt: expect.any(String),
    });
  });

  it('GET /api/my-bookings accepts only the payment and status filters', async () => {
    const unknown = await t.app.inject(asUser(alice, { method: 'GET', url: '/api/my-bookings?customer=someone' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(BOOKING_MESSAGES.onlyFilters);
    const badValue = await t.app.inject(asUser(alice, { method: 'GET', url: '/api/my-bookings?status=done' }));
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json().message).toBe('status must be one of pending, confirm, cancel, completed, no_show');
    expect((await t.app.inject({ method: 'GET', url: '/api/my-bookings' })).statusCode).toBe(401);
  });

  it('GET /api/bookings lists every booking newest first with customer, service and slot, for admins only', async () => {
    const response = await t.app.inject(asUser(admin, { method: 'GET', url: '/api/bookings?limit=2' }));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totalDoc).toBe((await t.database.db.select().from(bookings)).length);
    expect(body.data).toHaveLength(2);
    expect(body.data[0]._id).toBe(bobPending);
    expect(body.data[0].customer).toEqual({
      _id: bob.id,
      firstName: 'Test',
      lastName: expect.any(String),
      email: bob.email,
      phone: null,
    });
    expect(body.data[1]).toMatchObject({
      _id: aliceConfirmed,
      payment: 'paid',
      status: 'confirm',
      service: { name: 'Listing' },
    });

    expect((await t.app.inject({ method: 'GET', url: '/api/bookings' })).statusCode).toBe(401);
    expect((await t.app.inject(asUser(alice, { method: 'GET', url: '/api/bookings' }))).statusCode).toBe(403);
    expect((await t.app.inject(asUser(admin, { method: 'GET', url: '/api/bookings?page=0' }))).statusCode).toBe(400);
  });

  it('GET /api/bookings/:id shows a booking to its customer and admins only', async () => {
    const own = await t.app.inject(asUser(alice, { method: 'GET', url: `/api/bookings/${aliceConfirmed}` }));
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({
      _id: aliceConfirmed,
      status: 'confirm',
      payment: 'paid',
      holdExpiresAt: null,
    });
    const other = await t.app.inject(asUser(bob, { method: 'GET', url: `/api/bookings/${aliceConfirmed}` }));
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(BOOKING_MESSAGES.notFound);
    expect(
      (await t.app.inject(asUser(admin, { method: 'GET', url: `/api/bookings/${aliceConfirmed}` }))).statusCode,
    ).toBe(200);
  });
});
