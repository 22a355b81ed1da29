import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser } from '../../../test/helper';
import { memberships, membershipVehicles, plans, vehicleClasses, vehicles } from '../../db/schema';
import { addMonths } from './sandbox-billing';

/** The calls Stripe received, with their form bodies; how the next subscription update is answered. */
const received: Array<{ method: string; path: string; body: URLSearchParams }> = [];
let nextUpdate: 'ok' | 'card_declined' | 'api_error' = 'ok';

/** Stripe's subscription calls, as far as a member's changes make them. */
const stripe = createServer(async (request, response) => {
  let raw = '';
  for await (const chunk of request) raw += chunk;
  const path = new URL(request.url ?? '', 'http://stripe.test').pathname;
  received.push({ method: request.method ?? '', path, body: new URLSearchParams(raw) });
  const reply = (status: number, body: object) => {
    response.statusCode = status;
    response.setHeader('content-type', 'application/json');
    // Told not to retry, the SDK gives a failure to its caller at once.
    response.setHeader('stripe-should-retry', 'false');
    response.end(JSON.stringify(body));
  };
  if (request.method === 'POST' && path === '/v1/products') return reply(200, { id: 'prod_new', object: 'product' });
  const subscription = path.match(/^\/v1\/subscriptions\/([^/]+)$/)?.[1];
  if (request.method === 'GET' && subscription) {
    return reply(200, {
      id: subscription,
      object: 'subscription',
      items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', price: { product: 'prod_old' } }] },
    });
  }
  if (request.method === 'POST' && subscription) {
    const answer = nextUpdate;
    nextUpdate = 'ok';
    if (answer === 'card_declined') {
      return reply(402, { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
    }
    if (answer === 'api_error') return reply(500, { error: { type: 'api_error', message: 'Something broke' } });
    return reply(200, { id: subscription, object: 'subscription' });
  }
  return reply(404, { error: { type: 'invalid_request_error', message: 'not faked' } });
});

let t: TestApp;
let customer: TestUser;
let vehicle: string;
let single: string;
let family: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
  const { port } = stripe.address() as AddressInfo;
  t = await createTestApp({
    payment: {
      provider: 'stripe',
      stripeSecretKey: 'sk_test_fake',
      stripeWebhookSecret: 'whsec_test_secret',
      stripeConnection: { host: '127.0.0.1', port, protocol: 'http' },
    },
  });
  customer = await signedInUser(t.app);
  const [sedan] = await t.database.db
    .insert(vehicleClasses)
    .values({ name: 'Sedan', sortOrder: 1, isDefault: true })
    .returning();
  const [car] = await t.database.db
    .insert(vehicles)
    .values({ customerId: customer.id, vehicleClassId: sedan?.id ?? '', make: 'Mazda', model: '3', plate: 'STR1' })
    .returning();
  vehicle = car?.id ?? '';
  const made = await t.database.db
    .insert(plans)
    .values([
      { kind: 'membership', name: 'Wash Club', priceCents: 2_999, interval: 'month' },
      { kind: 'membership', name: 'Family Club', priceCents: 4_999, interval: 'month', vehicles: 2 },
    ])
    .returning({ id: plans.id });
  [single, family] = made.map((plan) => plan.id) as [string, string];
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => stripe.close(resolve));
});
beforeEach(() => {
  received.length = 0;
});

// Stripe's times are whole seconds.
const periodEnd = new Date(Math.floor(Date.now() / 1000 + 20 * 86_400) * 1000);

/** A membership Stripe bills, as its webhook left it: active in its paid month. */
async function stripeMembership() {
  const [row] = await t.database.db
    .insert(memberships)
    .values({
      planId: single,
      customerId: customer.id,
      status: 'active',
      provider: 'stripe',
      subscriptionRef: `sub_${crypto.randomUUID().slice(0, 8)}`,
      periodStart: addMonths(periodEnd, -1),
      periodEnd,
    })
    .returning();
  if (!row) throw new Error('the membership was not stored');
  await t.database.db.insert(membershipVehicles).values({ membershipId: row.id, vehicleId: vehicle });
  return { id: row.id, ref: row.subscriptionRef ?? '' };
}

const post = (url: string, payload?: object) =>
  t.app.inject(asUser(customer, { method: 'POST', url, ...(payload ? { payload } : {}) }));
const stored = async (id: string) => (await t.database.db.select().from(memberships).where(eq(memberships.id, id)))[0];

describe("the member's changes billed by Stripe", () => {
  it('pause collection until the pause ends, and resume it (billing a new period now once the pause began)', async () => {
    const { id, ref } = await stripeMembership();
    const pausedUntil = addMonths(periodEnd, 2);
    const paused = await post(`/api/memberships/${id}/pause`, { months: 2 });
    expect([paused.statusCode, paused.json().data.pausedUntil]).toEqual([200, pausedUntil.toISOString()]);
    expect(received.map((call) => [call.method, call.path, Object.fromEntries(call.body)])).toEqual([
      [
        'POST',
        `/v1/subscriptions/${ref}`,
        {
          'pause_collection[behavior]': 'void',
          'pause_collection[resumes_at]': String(pausedUntil.getTime() / 1000),
        },
      ],
    ]);

    const calledOff = await post(`/api/memberships/${id}/resume`);
    expect([calledOff.statusCode, calledOff.json().message]).toEqual([200, MEMBERSHIP_MESSAGES.pauseCalledOff]);
    expect(Object.fromEntries(received[1]?.body ?? [])).toEqual({ pause_collection: '' });
    expect((await stored(id))?.pausedUntil).toBeNull();

    // Stripe reported the pause under way.
    await t.database.db.update(memberships).set({ status: 'paused', pausedUntil }).where(eq(memberships.id, id));
    const resumed = await post(`/api/memberships/${id}/resume`);
    expect([resumed.statusCode, resumed.json().message]).toEqual([200, MEMBERSHIP_MESSAGES.resumed]);
    expect(Object.fromEntries(received[2]?.body ?? [])).toEqual({
      pause_collection: '',
      'billing_cycle_anchor[type]': 'now',
      proration_behavior: 'none',
    });
  });

  it('switch the price with prorations invoiced now, and refuse the switch when the card declines', async () => {
    const { id, ref } = await stripeMembership();
    nextUpdate = 'card_declined';
    const declined = await post(`/api/memberships/${id}/switch`, { plan: family });
    expect([declined.statusCode, declined.json().message]).toEqual([409, MEMBERSHIP_MESSAGES.switchDeclined]);
    expect((await stored(id))?.planId).toBe(single);

    received.length = 0;
    const switched = await post(`/api/memberships/${id}/switch`, { plan: family });
    expect([switched.statusCode, switched.json().data.plan.name]).toEqual([200, 'Family Club']);
    expect((await stored(id))?.planId).toBe(family);
    expect(received.map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET /v1/subscriptions/${ref}`,
      'POST /v1/products',
      `POST /v1/subscriptions/${ref}`,
    ]);
    expect(Object.fromEntries(received[1]?.body ?? [])).toEqual({ name: 'Family Club for Mazda 3 (STR1)' });
    expect(Object.fromEntries(received[2]?.body ?? [])).toEqual({
      'items[0][id]': 'si_1',
      'items[0][price_data][currency]': 'usd',
      'items[0][price_data][product]': 'prod_new',
      'items[0][price_data][unit_amount]': '4999',
      'items[0][price_data][recurring][interval]': 'month',
      proration_behavior: 'create_prorations',
      'billing_cycle_anchor[type]': 'now',
      payment_behavior: 'error_if_incomplete',
    });
  });

  it('answer 503 when Stripe fails, keeping the membership as it was', async () => {
    const { id } = await stripeMembership();
    nextUpdate = 'api_error';
    const refused = await post(`/api/memberships/${id}/pause`, { months: 1 });
    expect([refused.statusCode, refused.json().message]).toEqual([503, MEMBERSHIP_MESSAGES.providerUnavailable]);
    expect((await stored(id))?.pausedUntil).toBeNull();
  });
});
