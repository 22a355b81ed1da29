import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeStripe, paymentIntentOf, type RefundAnswer, type StripeRequest } from '../../../../test/fake-stripe';
import {
  asUser,
  createTestApp,
  OLDER_CLIENT_ORIGIN,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../../test/helper';
import { bookings, payments, refunds } from '../../../db/schema';
import { expireStaleHolds } from './holds';

const WEBHOOK_SECRET = 'whsec_test_secret';

let fake: ReturnType<typeof fakeStripe>;
let t: TestApp;
let customer: TestUser;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  fake = fakeStripe();
  const port = await fake.listen();
  t = await createTestApp({
    corsOrigins: [OLDER_CLIENT_ORIGIN],
    payment: {
      provider: 'stripe',
      stripeSecretKey: 'sk_test_fake',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeConnection: { host: '127.0.0.1', port, protocol: 'http' },
    },
  });
  customer = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const bookSlot = async (name: string) => {
  const {
    service,
    slots: [slot],
  } = await serviceWithSlots(t.app, { name, priceCents: 12_999 });
  const response = await t.app.inject(
    asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: slot?.id } }),
  );
  expect(response.statusCode).toBe(201);
  const body = response.json();
  const sessionId = String(body.data.payment_url).split('/').pop() ?? '';
  return {
    bookingId: body.data.booking._id as string,
    slot: body.data.booking.slot as { date: string; startTime: string; endTime: string },
    serviceId: service.id,
    slotId: slot?.id ?? '',
    sessionId,
    paymentUrl: body.data.payment_url,
  };
};

const sendEvent = (event: object, signature?: string) => {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
};

const sendUnsigned = (event: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(event),
  });

const sessionEvent = (type: string, sessionId: string, paymentStatus = 'paid') => ({
  id: `evt_${type}_${sessionId}`,
  object: 'event',
  type,
  data: { object: { id: sessionId, object: 'checkout.session', payment_status: paymentStatus } },
});

let eventCounter = 0;

/** A Stripe refund as events carry it; `refundId` is our refund's id, which we give Stripe as metadata. */
const stripeRefund = (id: string, status: string, refundId?: string) => ({
  id,
  object: 'refund',
  status,
  metadata: refundId === undefined ? {} : { refundId },
});

/**
 * `charge.refunded` for the charge that paid the session, listing its refunds as older API versions do; with
 * none given, without the list, as newer ones send it.
 */
const chargeRefunded = (sessionId: string, ...refundList: object[]) => {
  eventCounter += 1;
  const charge = {
    id: `ch_${sessionId}`,
    object: 'charge',
    payment_intent: paymentIntentOf(sessionId),
    refunded: true,
    ...(refundList.length > 0 && { refunds: { object: 'list', data: refundList } }),
  };
  return { id: `evt_charge_${eventCounter}`, object: 'event', type: 'charge.refunded', data: { object: charge } };
};

const refundEvent = (type: string, refund: object) => {
  eventCounter += 1;
  return { id: `evt_refund_${eventCounter}`, object: 'event', type, data: { object: refund } };
};

const booking = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const checkoutsOf = (bookingId: string) =>
  t.database.db.select().from(payments).where(eq(payments.bookingId, bookingId));
const refundsOf = (bookingId: string) =>
  t.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId)).orderBy(asc(refunds.createdAt));
/** The slot as customers see it: 'booked' once no bay it could take is free. */
const slotStatus = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/slots/availability/${id}` })).json().data?.isBooked;

describe('the Stripe provider', () => {
  it('opens a Checkout Session for the price in cents and sends the customer to it', async () => {
    const { bookingId, paymentUrl, sessionId, slot } = await bookSlot('Stripe Wash');
    // Through our own page, which records the opening, on to Stripe's.
    expect(paymentUrl).toBe(`${t.config.publicUrl}/pay/${sessionId}`);
    const door = await t.app.inject({ method: 'GET', url: `/pay/${sessionId}` });
    expect(door.statusCode).toBe(303);
    expect(door.headers.location).toBe(`https://checkout.example.test/${sessionId}`);
    expect((await booking(bookingId))?.checkoutOpenedAt).toBeInstanceOf(Date);
    const created = fake.requests.find((request) => request.path === '/v1/checkout/sessions');
    expect(created?.body.get('mode')).toBe('payment');
    expect(created?.body.get('line_items[0][price_data][unit_amount]')).toBe('12999');
    expect(created?.body.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(created?.body.get('metadata[bookingId]')).toBe(bookingId);
    // Named by the service and the slot as the booking's own call to the database answered them.
    expect(slot).toMatchObject({ startTime: '08:00', endTime: '09:00' });
    expect(created?.body.get('line_items[0][price_data][product_data][name]')).toBe(
      `Stripe Wash, ${slot.date} 08:00–09:00`,
    );
    expect(created?.body.get('success_url')).toBe(`${t.config.publicUrl}/payment/success?booking=${bookingId}`);
    expect(Number(created?.body.get('expires_at'))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 29 * 60);
  });

  it('returns a customer who booked on another site (CORS_ORIGINS) to our result page, which leads back there', async () => {
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Faraway Wash', priceCents: 12_999 });
    const requestsBefore = fake.requests.length;
    const response = await t.app.inject(
      asUser(customer, {
        method: 'POST',
        url: '/api/bookings',
        headers: { origin: OLDER_CLIENT_ORIGIN },
        payload: { service: service.id, slot: slot?.id },
      }),
    );
    expect(response.statusCode).toBe(201);
    const sessionId = String(response.json().data.payment_url).split('/').pop() ?? '';
    const created = fake.requests.slice(requestsBefore).find((request) => request.path === '/v1/checkout/sessions');
    // Stripe puts the session's id where {CHECKOUT_SESSION_ID} stands.
    expect(created?.body.get('success_url')).toBe(`${t.config.publicUrl}/pay/{CHECKOUT_SESSION_ID}/result`);
    expect(created?.body.get('cancel_url')).toBe(`${t.config.publicUrl}/pay/{CHECKOUT_SESSION_ID}/result`);

    const waiting = await t.app.inject({ method: 'GET', url: `/pay/${sessionId}/result` });
    expect(waiting.statusCode).toBe(200);
    expect(waiting.body).toContain('<h1>Payment not received yet</h1>');
    expect(waiting.body).toContain(`href="/pay/${sessionId}">Continue to payment</a>`);
    await sendEvent(sessionEvent('checkout.session.completed', sessionId));
    const paid = await t.app.inject({ method: 'GET', url: `/pay/${sessionId}/result` });
    expect(paid.body).toContain('<h1>Payment received</h1>');
    expect(paid.body).toContain(`href="${OLDER_CLIENT_ORIGIN}/dashboard/user/my-bookings">Back to My Bookings</a>`);
    expect(paid.body).not.toContain('Continue to payment');
    // The checkout's door, once closed, leads to that page too rather than the web app's.
    const door = await t.app.inject({ method: 'GET', url: `/pay/${sessionId}` });
    expect(door.statusCode).toBe(303);
    expect(door.headers.location).toBe(`/pay/${sessionId}/result`);
  });

  it('has no sandbox checkout pages', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/pay/anything' })).statusCode).toBe(404);
  });

  it('refuses an event whose signature does not verify, changing nothing', async () => {
    const { bookingId, sessionId } = await bookSlot('Forged');
    const forged = await sendEvent(sessionEvent('checkout.session.completed', sessionId), 't=1,v1=deadbeef');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ success: false, message: 'Invalid webhook signature' });
    const otherSecret = signer.webhooks.generateTestHeaderString({
      payload: JSON.stringify(sessionEvent('checkout.session.completed', sessionId)),
      secret: 'whsec_someone_else',
    });
    expect((await sendEvent(sessionEvent('checkout.session.completed', sessionId), otherSecret)).statusCode).toBe(400);
    expect(await booking(bookingId)).toMatchObject({ status: 'pending', payment: 'unpaid' });
  });

  it('confirms the booking on checkout.session.completed, once', async () => {
    const { bookingId, sessionId, slotId } = await bookSlot('Completed');
    const response = await sendEvent(sessionEvent('checkout.session.completed', sessionId));
    expect(response.statusCode).toBe(200);
    expect(await booking(bookingId)).toMatchObject({ status: 'confirm', payment: 'paid' });
    expect((await sendEvent(sessionEvent('checkout.session.completed', sessionId))).statusCode).toBe(200);
    expect((await sendEvent(sessionEvent('checkout.session.expired', sessionId))).statusCode).toBe(200);
    expect(await booking(bookingId)).toMatchObject({ status: 'confirm', payment: 'paid' });
    expect(await slotStatus(slotId)).toBe('booked');
    // The payment is one line of the ledger however often it was reported.
    const shown = (await t.app.inject(asUser(customer, { method: 'GET', url: `/api/bookings/${bookingId}` }))).json()
      .data;
    expect(shown).toMatchObject({ amountPaid: 129.99, balanceDue: 0 });
    expect(shown.payments).toEqual([
      { _id: expect.any(String), kind: 'full', method: 'online', amount: 129.99, createdAt: expect.any(String) },
    ]);
  });

  it('waits for the money when a completed session is still unpaid', async () => {
    const { bookingId, sessionId } = await bookSlot('Delayed');
    await sendEvent(sessionEvent('checkout.session.completed', sessionId, 'unpaid'));
    expect(await booking(bookingId)).toMatchObject({ status: 'pending' });
    await sendEvent(sessionEvent('checkout.session.async_payment_succeeded', sessionId));
    expect(await booking(bookingId)).toMatchObject({ status: 'confirm', payment: 'paid' });
  });

  it('cancels the booking and frees the slot on checkout.session.expired', async () => {
    const { bookingId, sessionId, slotId } = await bookSlot('Expired');
    expect((await sendEvent(sessionEvent('checkout.session.expired', sessionId))).statusCode).toBe(200);
    expect(await booking(bookingId)).toMatchObject({ status: 'cancel', payment: 'unpaid' });
    expect(await slotStatus(slotId)).toBe('available');
  });

  it('ignores other events', async () => {
    const response = await sendEvent({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    expect(response.statusCode).toBe(200);
  });

  it('expires the checkout at Stripe when the sweeper ends a hold', async () => {
    const { bookingId, sessionId } = await bookSlot('Swept');
    await expireStaleHolds(t.database.db, t.app.payments, t.app.log, new Date(Date.now() + 16 * 60_000));
    expect(await booking(bookingId)).toMatchObject({ status: 'cancel' });
    expect(fake.requests.some((request) => request.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(true);
  });
});

/** A booking paid at Stripe's checkout, confirmed by the webhook. */
const paidBooking = async (name: string) => {
  const booked = await bookSlot(name);
  expect((await sendEvent(sessionEvent('checkout.session.completed', booked.sessionId))).statusCode).toBe(200);
  expect(await booking(booked.bookingId)).toMatchObject({ status: 'confirm', payment: 'paid' });
  return booked;
};

/** The calls the fake received from the `from`-th on, as "METHOD path". */
const callsSince = (from: number) => fake.requests.slice(from).map((request) => `${request.method} ${request.path}`);

/** What the refund call asked for: its idempotency key and its parameters. */
const refundAsked = (request: StripeRequest | undefined) => ({
  idempotencyKey: request?.idempotencyKey,
  body: Object.fromEntries(request?.body ?? []),
});

const refundOf = (sessionId: string, refundId: string | undefined) => ({
  idempotencyKey: `refund-${refundId}`,
  body: { payment_intent: paymentIntentOf(sessionId), amount: '12999', 'metadata[refundId]': refundId },
});

const cancel = (caller: TestUser, id: string, payload?: object) =>
  t.app.inject(asUser(caller, { method: 'POST', url: `/api/bookings/${id}/cancel`, payload }));

const shownRefund = async (id: string) =>
  (await t.app.inject(asUser(customer, { method: 'GET', url: `/api/bookings/${id}` }))).json().data.refund;

/** Ends every hold, as the sweeper does once PAYMENT_HOLD_MINUTES have passed. */
const holdsRunOut = () =>
  expireStaleHolds(t.database.db, t.app.payments, t.app.log, new Date(Date.now() + 16 * 60_000));

describe('refunds through Stripe', () => {
  it('refunds a customer who cancels before the cut-off once, for the payment intent and the amount paid', async () => {
    const { bookingId, sessionId, slotId } = await paidBooking('Refunded Wash');
    const from = fake.requests.length;

    const response = await cancel(customer, bookingId);

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      booking: { _id: bookingId, status: 'cancel', payment: 'paid', refund: { amount: 129.99, status: 'refunded' } },
      refund: { amount: 129.99, status: 'refunded' },
    });
    const stored = await refundsOf(bookingId);
    expect(callsSince(from)).toEqual([`GET /v1/checkout/sessions/${sessionId}`, 'POST /v1/refunds']);
    expect(refundAsked(fake.requests.at(-1))).toEqual(refundOf(sessionId, stored[0]?.id));
    expect(stored).toEqual([
      expect.objectContaining({
        provider: 'stripe',
        amountCents: 12_999,
        status: 'refunded',
        providerRefundId: fake.issued.at(-1)?.id,
      }),
    ]);
    expect(await booking(bookingId)).toMatchObject({ status: 'cancel', payment: 'paid' });
    const shown = (await t.app.inject(asUser(customer, { method: 'GET', url: `/api/bookings/${bookingId}` }))).json()
      .data;
    expect(shown).toMatchObject({ amountPaid: 0, balanceDue: 0 });
    expect(shown.payments.map((line: { kind: string; amount: number }) => [line.kind, line.amount])).toEqual([
      ['full', 129.99],
      ['refund', -129.99],
    ]);
    expect(await checkoutsOf(bookingId)).toEqual([expect.objectContaining({ sessionId, status: 'paid' })]);
    expect(await slotStatus(slotId)).toBe('available');
  });

  it('refunds a paid booking an administrator cancels, and asks Stripe nothing when the money is kept', async () => {
    const admin = await signedInUser(t.app, 'admin');
    const refunded = await paidBooking('Admin Refund');
    let from = fake.requests.length;

    const response = await cancel(admin, refunded.bookingId);

    expect(response.statusCode).toBe(200);
    expect(response.json().data.refund).toEqual({ amount: 129.99, status: 'refunded' });
    const stored = await refundsOf(refunded.bookingId);
    expect(callsSince(from)).toEqual([`GET /v1/checkout/sessions/${refunded.sessionId}`, 'POST /v1/refunds']);
    expect(refundAsked(fake.requests.at(-1))).toEqual(refundOf(refunded.sessionId, stored[0]?.id));
    expect(stored).toEqual([
      expect.objectContaining({ status: 'refunded', amountCents: 12_999, providerRefundId: fake.issued.at(-1)?.id }),
    ]);
    expect(await booking(refunded.bookingId)).toMatchObject({ status: 'cancel', payment: 'paid' });

    const kept = await paidBooking('Admin Keep');
    from = fake.requests.length;
    const keeping = await cancel(admin, kept.bookingId, { refund: false });

    expect(keeping.statusCode).toBe(200);
    expect(keeping.json().data.refund).toEqual({ amount: 0, status: 'none' });
    expect(callsSince(from)).toEqual([]);
    expect(await refundsOf(kept.bookingId)).toEqual([]);
    expect(await booking(kept.bookingId)).toMatchObject({ status: 'cancel', payment: 'paid' });
  });

  it.each([
    { answer: 'card_error', status: 402 },
    { answer: 'api_error', status: 500 },
  ] as const)(
    'answers 502 when Stripe refuses the refund ($answer, $status), changing nothing, and refunds when asked again later',
    async ({ answer }) => {
      const { bookingId, sessionId, slotId } = await paidBooking(`Refused ${answer}`);
      fake.answerNextRefund(answer);
      const from = fake.requests.length;

      const refused = await cancel(customer, bookingId);

      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toEqual({ success: false, message: BOOKING_MESSAGES.refundFailed });
      expect(refused.json().message).toMatch(/^The payment service could not refund this booking/);
      const [failed] = await refundsOf(bookingId);
      expect(callsSince(from)).toEqual([`GET /v1/checkout/sessions/${sessionId}`, 'POST /v1/refunds']);
      expect(refundAsked(fake.requests.at(-1))).toEqual(refundOf(sessionId, failed?.id));
      expect(await refundsOf(bookingId)).toEqual([
        expect.objectContaining({ status: 'failed', providerRefundId: null, amountCents: 12_999 }),
      ]);
      expect(await booking(bookingId)).toMatchObject({ status: 'confirm', payment: 'paid' });
      expect(await checkoutsOf(bookingId)).toEqual([expect.objectContaining({ status: 'paid' })]);
      expect(await shownRefund(bookingId)).toBeNull();
      expect(await slotStatus(slotId)).toBe('booked');

      const again = await cancel(customer, bookingId);

      expect(again.statusCode).toBe(200);
      expect(again.json().data.refund).toEqual({ amount: 129.99, status: 'refunded' });
      const stored = await refundsOf(bookingId);
      expect(stored).toEqual([
        failed,
        expect.objectContaining({ status: 'refunded', amountCents: 12_999, providerRefundId: fake.issued.at(-1)?.id }),
      ]);
      // A new refund asks with a new key: Stripe gives a key it has seen its first answer, the refusal.
      expect(callsSince(from)).toHaveLength(4);
      expect(refundAsked(fake.requests.at(-1))).toEqual(refundOf(sessionId, stored[1]?.id));
      expect(await booking(bookingId)).toMatchObject({ status: 'cancel', payment: 'paid' });
      expect(await slotStatus(slotId)).toBe('available');
    },
  );

  it('cancels on a refund Stripe leaves pending, and records it refunded once charge.refunded says so', async () => {
    const { bookingId, sessionId, slotId } = await paidBooking('Pending Refund');
    fake.answerNextRefund('pending');

    const response = await cancel(customer, bookingId);

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      booking: { status: 'cancel', refund: { amount: 129.99, status: 'pending' } },
      refund: { amount: 129.99, status: 'pending' },
    });
    const stripeId = fake.issued.at(-1)?.id ?? '';
    const [pending] = await refundsOf(bookingId);
    expect(pending).toMatchObject({ status: 'pending', providerRefundId: stripeId, amountCents: 12_999 });
    expect(await booking(bookingId)).toMatchObject({ status: 'cancel', payment: 'paid' });
    expect(await slotStatus(slotId)).toBe('available');

    const from = fake.requests.length;
    const done = chargeRefunded(sessionId, stripeRefund(stripeId, 'succeeded', pending?.id));
    expect((await sendEvent(done)).statusCode).toBe(200);
    const [refunded] = await refundsOf(bookingId);
    expect(refunded).toEqual({ ...pending, status: 'refunded', updatedAt: expect.any(Date) });
    expect((await sendEvent(done)).statusCode).toBe(200);
    expect((await sendEvent(done)).statusCode).toBe(200);

    expect(await refundsOf(bookingId)).toEqual([refunded]);
    expect(callsSince(from)).toEqual([]);
    expect(await booking(bookingId)).toMatchObject({ status: 'cancel', payment: 'paid' });
    expect(await shownRefund(bookingId)).toEqual({ amount: 129.99, status: 'refunded' });
  });
});

describe("Stripe's refund reports", () => {
  it('mark a pending refund failed on refund.failed, once; a report of success arriving after it changes nothing', async () => {
    const { bookingId, sessionId } = await paidBooking('Failed Later');
    fake.answerNextRefund('pending');
    expect((await cancel(customer, bookingId)).statusCode).toBe(200);
    const stripeId = fake.issued.at(-1)?.id ?? '';
    const [ours] = await refundsOf(bookingId);

    const failure = refundEvent('refund.failed', stripeRefund(stripeId, 'failed', ours?.id));
    expect((await sendEvent(failure)).statusCode).toBe(200);
    const [failed] = await refundsOf(bookingId);
    expect(failed).toEqual({ ...ours, status: 'failed', updatedAt: expect.any(Date) });
    expect((await sendEvent(failure)).statusCode).toBe(200);
    // Stripe does not promise the order of its events: the success the refund had before must not revive it.
    const success = chargeRefunded(sessionId, stripeRefund(stripeId, 'succeeded', ours?.id));
    expect((await sendEvent(success)).statusCode).toBe(200);

    expect(await refundsOf(bookingId)).toEqual([failed]);
    expect(await booking(bookingId)).toMatchObject({ status: 'cancel', payment: 'paid' });
    expect(await shownRefund(bookingId)).toBeNull();
  });

  it('mark a refund done failed when refund.updated says the bank sent it back', async () => {
    const { bookingId } = await paidBooking('Sent Back');
    expect((await cancel(customer, bookingId)).statusCode).toBe(200);
    const [done] = await refundsOf(bookingId);
    expect(done).toMatchObject({ status: 'refunded' });

    const sentBack = refundEvent('refund.updated', stripeRefund(done?.providerRefundId ?? '', 'failed', done?.id));
    expect((await sendEvent(sentBack)).statusCode).toBe(200);

    expect(await refundsOf(bookingId)).toEqual([{ ...done, status: 'failed', updatedAt: expect.any(Date) }]);
    expect(await booking(bookingId)).toMatchObject({ status: 'cancel', payment: 'paid' });
  });

  it("find our refund by our id when the report overtakes Stripe's answer, which then does not undo it", async () => {
    const { bookingId, sessionId } = await paidBooking('Overtaken');
    let answer: (value: RefundAnswer) => void = () => {};
    fake.answerNextRefund(
      new Promise<RefundAnswer>((resolve) => {
        answer = resolve;
      }),
    );
    const asked = fake.nextRefundRequest();
    const from = fake.requests.length;
    const cancelling = cancel(customer, bookingId);
    const { request, refundId: stripeId } = await asked;
    const ourId = request.body.get('metadata[refundId]') ?? '';
    expect(await refundsOf(bookingId)).toEqual([
      expect.objectContaining({ id: ourId, status: 'pending', providerRefundId: null }),
    ]);

    const report = refundEvent('refund.updated', stripeRefund(stripeId, 'succeeded', ourId));
    expect((await sendEvent(report)).statusCode).toBe(200);
    expect(await refundsOf(bookingId)).toEqual([
      expect.objectContaining({ id: ourId, status: 'refunded', providerRefundId: stripeId }),
    ]);
    answer('pending');
    const response = await cancelling;

    expect(response.statusCode).toBe(200);
    expect(response.json().data.booking).toMatchObject({
      status: 'cancel',
      refund: { amount: 129.99, status: 'refunded' },
    });
    expect(await refundsOf(bookingId)).toEqual([
      expect.objectContaining({ id: ourId, status: 'refunded', providerRefundId: stripeId, amountCents: 12_999 }),
    ]);
    expect(callsSince(from)).toEqual([`GET /v1/checkout/sessions/${sessionId}`, 'POST /v1/refunds']);
    expect(await booking(bookingId)).toMatchObject({ status: 'cancel', payment: 'paid' });
  });

  it('ignore refunds we never asked for, and refunds still on their way', async () => {
    const { bookingId, sessionId } = await paidBooking('Not Ours');
    expect((await cancel(customer, bookingId)).statusCode).toBe(200);
    const before = await refundsOf(bookingId);
    const ours = before[0];

    const reports = [
      chargeRefunded(sessionId, stripeRefund('re_from_the_dashboard', 'failed')),
      chargeRefunded(sessionId, stripeRefund('re_odd_metadata', 'failed', 'not-a-uuid')),
      refundEvent('refund.failed', stripeRefund('re_unknown', 'failed', '7b0c2a51-3d8e-4f4b-9a55-0d6c1e2f3a4b')),
      // Our id on another refund than the one Stripe answered us with: not ours.
      refundEvent('refund.failed', stripeRefund('re_someone_else', 'failed', ours?.id)),
      refundEvent('refund.updated', stripeRefund(ours?.providerRefundId ?? '', 'pending', ours?.id)),
      refundEvent('refund.updated', stripeRefund(ours?.providerRefundId ?? '', 'requires_action', ours?.id)),
      chargeRefunded(sessionId),
    ];
    for (const report of reports) expect((await sendEvent(report)).statusCode).toBe(200);

    expect(await refundsOf(bookingId)).toEqual(before);
    expect(await booking(bookingId)).toMatchObject({ status: 'cancel', payment: 'paid' });
  });

  it('are refused when unsigned or badly signed, changing nothing', async () => {
    const { bookingId, sessionId } = await paidBooking('Forged Refund');
    fake.answerNextRefund('pending');
    expect((await cancel(customer, bookingId)).statusCode).toBe(200);
    const before = await refundsOf(bookingId);
    const report = chargeRefunded(sessionId, stripeRefund(before[0]?.providerRefundId ?? '', 'failed', before[0]?.id));
    const otherSecret = signer.webhooks.generateTestHeaderString({
      payload: JSON.stringify(report),
      secret: 'whsec_someone_else',
    });

    for (const response of [
      await sendUnsigned(report),
      await sendEvent(report, 't=1,v1=deadbeef'),
      await sendEvent(report, otherSecret),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: 'Invalid webhook signature' });
    }
    expect(await refundsOf(bookingId)).toEqual(before);
    expect(before).toEqual([expect.objectContaining({ status: 'pending' })]);
  });
});

describe('a checkout completed after its hold ran out', () => {
  it('is refunded once however often Stripe reports it, and the booking stays cancelled', async () => {
    const { bookingId, serviceId, slotId, sessionId } = await bookSlot('Late Payment');
    await holdsRunOut();
    expect(await booking(bookingId)).toMatchObject({ status: 'cancel', payment: 'unpaid' });
    // The slot went to someone else while the customer was still on Stripe's page.
    const taken = await t.app.inject(
      asUser(await signedInUser(t.app), {
        method: 'POST',
        url: '/api/bookings',
        payload: { service: serviceId, slot: slotId },
      }),
    );
    expect(taken.statusCode).toBe(201);
    const from = fake.requests.length;

    // Three deliveries at once: Stripe may send a retry while the first delivery is still being answered.
    const reports = await Promise.all(
      [1, 2, 3].map(() => sendEvent(sessionEvent('checkout.session.completed', sessionId))),
    );
    expect(reports.map((response) => response.statusCode)).toEqual([200, 200, 200]);

    const stored = await refundsOf(bookingId);
    expect(callsSince(from)).toEqual([`GET /v1/checkout/sessions/${sessionId}`, 'POST /v1/refunds']);
    expect(refundAsked(fake.requests.at(-1))).toEqual(refundOf(sessionId, stored[0]?.id));
    expect(stored).toEqual([
      expect.objectContaining({
        provider: 'stripe',
        amountCents: 12_999,
        status: 'refunded',
        providerRefundId: fake.issued.at(-1)?.id,
      }),
    ]);
    expect(await booking(bookingId)).toMatchObject({ status: 'cancel', payment: 'unpaid' });
    expect(await checkoutsOf(bookingId)).toEqual([expect.objectContaining({ sessionId, status: 'paid' })]);
    expect(await booking(taken.json().data.booking._id)).toMatchObject({ status: 'pending', payment: 'unpaid' });
    expect(await slotStatus(slotId)).toBe('booked');
  });

  it('answers 500 when Stripe refuses the refund, so that Stripe reports again, and the next report refunds', async () => {
    const { bookingId, sessionId } = await bookSlot('Late Refused');
    await holdsRunOut();
    fake.answerNextRefund('card_error');
    const from = fake.requests.length;

    const refused = await sendEvent(sessionEvent('checkout.session.completed', sessionId));

    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.internal });
    const [failed] = await refundsOf(bookingId);
    expect(failed).toMatchObject({ status: 'failed', providerRefundId: null, amountCents: 12_999 });
    expect(await booking(bookingId)).toMatchObject({ status: 'cancel', payment: 'unpaid' });

    expect((await sendEvent(sessionEvent('checkout.session.completed', sessionId))).statusCode).toBe(200);
    expect((await sendEvent(sessionEvent('checkout.session.completed', sessionId))).statusCode).toBe(200);

    const stored = await refundsOf(bookingId);
    expect(stored).toEqual([
      failed,
      expect.objectContaining({ status: 'refunded', amountCents: 12_999, providerRefundId: fake.issued.at(-1)?.id }),
    ]);
    const calls = fake.requests.slice(from);
    expect(callsSince(from)).toEqual([
      `GET /v1/checkout/sessions/${sessionId}`,
      'POST /v1/refunds',
      `GET /v1/checkout/sessions/${sessionId}`,
      'POST /v1/refunds',
    ]);
    expect(refundAsked(calls[1])).toEqual(refundOf(sessionId, failed?.id));
    expect(refundAsked(calls[3])).toEqual(refundOf(sessionId, stored[1]?.id));
    expect(await booking(bookingId)).toMatchObject({ status: 'cancel', payment: 'unpaid' });
    expect(await checkoutsOf(bookingId)).toEqual([expect.objectContaining({ sessionId, status: 'paid' })]);
  });
});
