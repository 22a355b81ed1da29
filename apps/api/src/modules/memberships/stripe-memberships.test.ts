import { asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeStripe } from '../../../test/fake-stripe';
import { asUser, createTestApp, mailsTo, signedInUser, type TestApp, type TestUser } from '../../../test/helper';
import { membershipPayments, memberships, plans, vehicleClasses } from '../../db/schema';

const WEBHOOK_SECRET = 'whsec_test_secret';
const signer = new Stripe('sk_test_signer');

let fake: ReturnType<typeof fakeStripe>;
let t: TestApp;
let customer: TestUser;
let vehicle: string;
let club: string;
let pack: string;

beforeAll(async () => {
  fake = fakeStripe();
  const port = await fake.listen();
  t = await createTestApp({
    payment: {
      provider: 'stripe',
      stripeSecretKey: 'sk_test_fake',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeConnection: { host: '127.0.0.1', port, protocol: 'http' },
    },
  });
  customer = await signedInUser(t.app);
  const [sedan] = await t.database.db
    .insert(vehicleClasses)
    .values({ name: 'Sedan', sortOrder: 1, isDefault: true })
    .returning({ id: vehicleClasses.id });
  const car = await t.app.inject(
    asUser(customer, {
      method: 'POST',
      url: '/api/vehicles',
      payload: { vehicleClass: sedan?.id, make: 'Audi', model: 'A3', plate: 'STRIPE1' },
    }),
  );
  vehicle = car.json().data._id;
  const made = await t.database.db
    .insert(plans)
    .values([
      { kind: 'membership', name: 'Stripe Club', priceCents: 2_999, interval: 'month' },
      { kind: 'pack', name: 'Stripe Pack', priceCents: 9_000, washes: 5, validDays: 180 },
    ])
    .returning({ id: plans.id });
  [club, pack] = made.map((plan) => plan.id) as [string, string];
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const send = (event: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
};

const SECOND = 1;
const start = Math.floor(Date.parse('2030-01-01T00:00:00Z') / 1000);
const MONTH = 31 * 86_400;

/** The subscription as Stripe gives it: our membership in its metadata, its period on its item. */
const subscription = (membershipId: string, status: string, period = 0, cancel = false) => ({
  id: 'sub_club',
  object: 'subscription',
  customer: 'cus_member',
  status,
  metadata: { membershipId },
  cancel_at_period_end: cancel,
  pause_collection: null,
  items: {
    object: 'list',
    data: [
      {
        id: 'si_1',
        object: 'subscription_item',
        current_period_start: start + period * MONTH,
        current_period_end: start + (period + 1) * MONTH,
      },
    ],
  },
});

const invoice = (id: string, type: 'invoice.paid' | 'invoice.payment_failed', created: number, period: number) => ({
  id: `evt_${id}_${type}`,
  object: 'event',
  type,
  created,
  data: {
    object: {
      id,
      object: 'invoice',
      amount_paid: type === 'invoice.paid' ? 2_999 : 0,
      amount_due: 2_999,
      period_start: start + period * MONTH,
      parent: { subscription_details: { subscription: 'sub_club' } },
      lines: {
        object: 'list',
        data: [{ period: { start: start + period * MONTH, end: start + (period + 1) * MONTH } }],
      },
    },
  },
});

const stored = async (id: string) => {
  const [row] = await t.database.db.select().from(memberships).where(eq(memberships.id, id));
  return row;
};
const paymentsOf = (id: string) =>
  t.database.db
    .select({ amountCents: membershipPayments.amountCents, ref: membershipPayments.providerReference })
    .from(membershipPayments)
    .where(eq(membershipPayments.membershipId, id))
    .orderBy(asc(membershipPayments.createdAt));

describe('a membership billed by Stripe', () => {
  it('opens Stripe Checkout in subscription mode, and keeps the subscription from its events, once each and in any order', async () => {
    const from = fake.requests.length;
    const joined = await t.app.inject(
      asUser(customer, { method: 'POST', url: '/api/memberships', payload: { plan: club, vehicles: [vehicle] } }),
    );
    expect(joined.statusCode).toBe(201);
    const id = joined.json().data.membership._id;
    expect(joined.json().data.payment_url).toMatch(/^https:\/\/checkout\.example\.test\/cs_/);
    const checkout = fake.requests.slice(from).find((request) => request.path === '/v1/checkout/sessions');
    expect(checkout?.body.get('mode')).toBe('subscription');
    expect(checkout?.body.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(checkout?.body.get('line_items[0][price_data][unit_amount]')).toBe('2999');
    expect(checkout?.body.get('subscription_data[metadata][membershipId]')).toBe(id);

    fake.holdsSubscription(subscription(id, 'active'));
    const completed = {
      id: 'evt_completed_club',
      object: 'event',
      type: 'checkout.session.completed',
      created: start + 10 * SECOND,
      data: {
        object: {
          id: 'cs_club',
          object: 'checkout.session',
          mode: 'subscription',
          subscription: 'sub_club',
          metadata: { membershipId: id },
        },
      },
    };
    expect((await send(completed)).statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({
      status: 'active',
      subscriptionRef: 'sub_club',
      periodStart: new Date(start * 1000),
      periodEnd: new Date((start + MONTH) * 1000),
    });

    // The first invoice, delivered twice: one payment.
    await send(invoice('in_1', 'invoice.paid', start + 11 * SECOND, 0));
    await send(invoice('in_1', 'invoice.paid', start + 11 * SECOND, 0));
    expect(await paymentsOf(id)).toEqual([{ amountCents: 2_999, ref: 'in_1' }]);

    // A month on, the renewal fails; an older update arriving after it changes nothing.
    fake.holdsSubscription(subscription(id, 'past_due', 1));
    await send(invoice('in_2', 'invoice.payment_failed', start + MONTH + 5, 1));
    expect(await stored(id)).toMatchObject({ status: 'past_due', failedPayments: 1 });
    expect((await stored(id))?.graceUntil).toBeInstanceOf(Date);
    // The member is emailed our door, which opens Stripe's customer portal afresh to update the card.
    await t.app.backgroundTasks.settled();
    const session = (await stored(id))?.checkoutSessionId ?? '';
    const [notice] = mailsTo(t.config.dataDir, customer.email).filter((mail) => mail.includes('we could not renew'));
    expect(notice?.replace(/=\r?\n/g, '')).toContain(`/pay/club/${session}`);
    const door = await t.app.inject({ method: 'GET', url: `/pay/club/${session}` });
    expect(door.statusCode).toBe(303);
    expect(door.headers.location).toMatch(/^https:\/\/billing\.example\.test\/bps_/);
    const portal = fake.requests.find((request) => request.path === '/v1/billing_portal/sessions');
    expect(portal?.body.get('customer')).toBe('cus_member');
    expect(portal?.body.get('return_url')).toBe(`${t.config.publicUrl}/dashboard/user/membership`);
    const late = {
      id: 'evt_old_update',
      object: 'event',
      type: 'customer.subscription.updated',
      created: start + 20 * SECOND,
      data: { object: subscription(id, 'active') },
    };
    await send(late);
    expect(await stored(id)).toMatchObject({ status: 'past_due' });

    // Paid again: active, the grace over.
    fake.holdsSubscription(subscription(id, 'active', 1));
    await send(invoice('in_2', 'invoice.paid', start + MONTH + 3_600, 1));
    expect(await stored(id)).toMatchObject({ status: 'active', graceUntil: null });
    expect((await paymentsOf(id)).map((payment) => payment.ref)).toEqual(['in_1', 'in_2']);

    // Paused at Stripe: the subscription stays active with its renewals voided; the voided renewal pauses the
    // membership, and Stripe's update on resuming makes it active again.
    const resumesAt = start + 3 * MONTH;
    fake.holdsSubscription({
      ...subscription(id, 'active', 2),
      pause_collection: { behavior: 'void', resumes_at: resumesAt },
    });
    await send({
      id: 'evt_voided',
      object: 'event',
      type: 'invoice.voided',
      created: start + 2 * MONTH + 5,
      data: {
        object: {
          id: 'in_3',
          object: 'invoice',
          parent: { subscription_details: { subscription: 'sub_club' } },
        },
      },
    });
    expect(await stored(id)).toMatchObject({ status: 'paused', pausedUntil: new Date(resumesAt * 1000) });
    fake.holdsSubscription(subscription(id, 'active', 3));
    await send({
      id: 'evt_resumed',
      object: 'event',
      type: 'customer.subscription.updated',
      created: resumesAt + 5,
      data: { object: subscription(id, 'active', 3) },
    });
    expect(await stored(id)).toMatchObject({ status: 'active', pausedUntil: null });
    expect((await paymentsOf(id)).map((payment) => payment.ref)).toEqual(['in_1', 'in_2']);

    // Cancelled by the member: Stripe is told, and its deletion at the period's end ends it.
    const cancelled = await t.app.inject(asUser(customer, { method: 'POST', url: `/api/memberships/${id}/cancel` }));
    expect(cancelled.statusCode).toBe(200);
    const update = fake.requests.find(
      (request) => request.path === '/v1/subscriptions/sub_club' && request.method === 'POST',
    );
    expect(update?.body.get('cancel_at_period_end')).toBe('true');
    await send({
      id: 'evt_deleted',
      object: 'event',
      type: 'customer.subscription.deleted',
      created: start + 4 * MONTH,
      data: { object: subscription(id, 'canceled', 1, true) },
    });
    expect(await stored(id)).toMatchObject({ status: 'ended', cancelAtPeriodEnd: true });
    expect((await stored(id))?.endedAt).toBeInstanceOf(Date);
  });

  it('starts a pack from its paid checkout, valid for the plan’s days', async () => {
    const joined = await t.app.inject(
      asUser(customer, { method: 'POST', url: '/api/memberships', payload: { plan: pack, vehicles: [vehicle] } }),
    );
    const id = joined.json().data.membership._id;
    const last = fake.requests.filter((request) => request.path === '/v1/checkout/sessions').at(-1);
    expect(last?.body.get('mode')).toBe('payment');
    await send({
      id: 'evt_pack',
      object: 'event',
      type: 'checkout.session.completed',
      created: start,
      data: {
        object: {
          id: 'cs_pack',
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          amount_total: 9_000,
          payment_intent: 'pi_pack',
          metadata: { membershipId: id },
        },
      },
    });
    expect(await stored(id)).toMatchObject({
      status: 'active',
      periodStart: new Date(start * 1000),
      periodEnd: new Date((start + 180 * 86_400) * 1000),
    });
    expect(await paymentsOf(id)).toEqual([{ amountCents: 9_000, ref: 'pi_pack' }]);
  });

  it('applies nothing from a call Stripe did not sign', async () => {
    const before = await t.database.db.select().from(membershipPayments);
    const forged = await send(invoice('in_forged', 'invoice.paid', start, 0), 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(await t.database.db.select().from(membershipPayments)).toHaveLength(before.length);
  });
});
