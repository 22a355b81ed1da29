import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../test/helper';
import { bookings, slots } from '../../db/schema';
import { expireStaleHolds } from './holds';

const WEBHOOK_SECRET = 'whsec_test_secret';

type Recorded = { method: string; path: string; body: URLSearchParams };

/** A local stand-in for Stripe's API: enough of Checkout Sessions for the adapter. */
function fakeStripe() {
  const requests: Recorded[] = [];
  let counter = 0;
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const path = request.url ?? '';
    requests.push({ method: request.method ?? '', path, body: new URLSearchParams(raw) });
    response.setHeader('content-type', 'application/json');
    const expire = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      counter += 1;
      const id = `cs_test_${counter}`;
      response.end(
        JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.example.test/${id}`, status: 'open' }),
      );
    } else if (request.method === 'POST' && expire) {
      response.end(JSON.stringify({ id: expire[1], object: 'checkout.session', status: 'expired' }));
    } else {
      response.statusCode = 404;
      response.end(JSON.stringify({ error: { message: 'not faked', type: 'invalid_request_error' } }));
    }
  });
  return { server, requests };
}

let fake: ReturnType<typeof fakeStripe>;
let t: TestApp;
let customer: TestUser;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  fake = fakeStripe();
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  const { port } = fake.server.address() as AddressInfo;
  t = await createTestApp({
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
  await new Promise((resolve) => fake.server.close(resolve));
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

const sessionEvent = (type: string, sessionId: string, paymentStatus = 'paid') => ({
  id: `evt_${type}_${sessionId}`,
  object: 'event',
  type,
  data: { object: { id: sessionId, object: 'checkout.session', payment_status: paymentStatus } },
});

const booking = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const slotStatus = async (id: string) => (await t.database.db.select().from(slots).where(eq(slots.id, id)))[0]?.status;

describe('the Stripe provider', () => {
  it('opens a Checkout Session for the price in cents and sends the customer to it', async () => {
    const { bookingId, paymentUrl, sessionId } = await bookSlot('Stripe Wash');
    expect(paymentUrl).toBe(`https://checkout.example.test/${sessionId}`);
    const created = fake.requests.find((request) => request.path === '/v1/checkout/sessions');
    expect(created?.body.get('mode')).toBe('payment');
    expect(created?.body.get('line_items[0][price_data][unit_amount]')).toBe('12999');
    expect(created?.body.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(created?.body.get('metadata[bookingId]')).toBe(bookingId);
    expect(created?.body.get('success_url')).toBe(`${t.config.publicUrl}/payment/success?booking=${bookingId}`);
    expect(Number(created?.body.get('expires_at'))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 29 * 60);
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
