import { and, asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeStripe } from '../../../../test/fake-stripe';
import {
  asUser,
  createTestApp,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../../test/helper';
import { bookings, cardSetups, ledgerEntries, payments, savedCards } from '../../../db/schema';
import { cardOnFileOf, cardSavingFor, chargeCardOnFile, openCardSetup } from './saved-cards';

const WEBHOOK_SECRET = 'whsec_test_secret';

let fake: ReturnType<typeof fakeStripe>;
let t: TestApp;
const signer = new Stripe('sk_test_signer');

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
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let eventCounter = 0;

const sendEvent = (event: object) => {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
};

/** Stripe's checkout.session.completed for a session of ours, as Stripe sends it back with our metadata. */
const completed = (session: Record<string, unknown>) => {
  eventCounter += 1;
  return {
    id: `evt_completed_${eventCounter}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { object: 'checkout.session', ...session } },
  };
};

/** A customer's booking of a new service, its checkout opened at the fake: pending, nothing paid. */
const bookSlot = async (customer: TestUser, name: string) => {
  const {
    service,
    slots: [slot],
  } = await serviceWithSlots(t.app, { name, priceCents: 12_999 });
  const response = await t.app.inject(
    asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: slot?.id } }),
  );
  expect(response.statusCode).toBe(201);
  const body = response.json();
  return {
    bookingId: body.data.booking._id as string,
    sessionId: String(body.data.payment_url).split('/').pop() ?? '',
  };
};

const cardsOf = (customerId: string) =>
  t.database.db
    .select()
    .from(savedCards)
    .where(eq(savedCards.customerId, customerId))
    .orderBy(asc(savedCards.createdAt));
const ledgerOf = (bookingId: string) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(asc(ledgerEntries.createdAt));
const bookingRow = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0];

/** A customer with a card on file at the fake, saved by a card setup and reported by its webhook. */
const customerWithCard = async () => {
  const customer = await signedInUser(t.app);
  const setup = await openCardSetup(t.database.db, t.app.payments, {
    customerId: customer.id,
    customerEmail: customer.email,
    currency: 'USD',
    description: 'Paid at the shop',
    returnUrl: `${t.config.publicUrl}/dashboard/user/my-bookings`,
    publicUrl: t.config.publicUrl,
  });
  const stripeCustomer = fake.requests
    .findLast((request) => request.path === '/v1/checkout/sessions')
    ?.body.get('customer');
  const intent = `seti_${setup.sessionId}`;
  fake.intentSaves(intent, {
    paymentMethod: `pm_${setup.sessionId}`,
    customer: stripeCustomer ?? '',
    brand: 'visa',
    last4: '4242',
  });
  const event = completed({
    id: setup.sessionId,
    mode: 'setup',
    payment_status: 'no_payment_required',
    setup_intent: intent,
    customer: stripeCustomer,
    metadata: { customerId: customer.id },
  });
  expect((await sendEvent(event)).statusCode).toBe(200);
  return { customer, setup, event, stripeCustomer: stripeCustomer ?? '', paymentMethod: `pm_${setup.sessionId}` };
};

describe('Stripe Checkout keeping the card', () => {
  it('asks Stripe to keep the card for off-session use, on a customer made for ours, or the one we know', async () => {
    const customer = await signedInUser(t.app);
    const from = fake.requests.length;
    const request = {
      bookingId: '7b0c2a51-3d8e-4f4b-9a55-0d6c1e2f3a4b',
      amountCents: 4_000,
      currency: 'USD',
      description: 'Deposit, Premium Wash',
      customerEmail: customer.email,
      expiresAt: new Date(Date.now() + 15 * 60_000),
    };

    await t.app.payments.createCheckout({ ...request, ...(await cardSavingFor(t.database.db, 'stripe', customer.id)) });

    expect(fake.callsSince(from)).toEqual(['POST /v1/customers', 'POST /v1/checkout/sessions']);
    const [made, opened] = fake.requests.slice(from);
    expect(made?.body.get('metadata[customerId]')).toBe(customer.id);
    expect(made?.body.get('email')).toBe(customer.email);
    const body = Object.fromEntries(opened?.body ?? []);
    expect(body).toMatchObject({
      mode: 'payment',
      'payment_intent_data[setup_future_usage]': 'off_session',
      'metadata[customerId]': customer.id,
      'metadata[saveCard]': 'true',
      'line_items[0][price_data][unit_amount]': '4000',
    });
    expect(body.customer).toMatch(/^cus_test_/);
    // Stripe takes a customer or an email, not both.
    expect(body.customer_email).toBeUndefined();

    const again = fake.requests.length;
    await t.app.payments.createCheckout({
      ...request,
      saveCard: true,
      customerId: customer.id,
      customerRef: 'cus_known',
    });
    expect(fake.callsSince(again)).toEqual(['POST /v1/checkout/sessions']);
    expect(fake.requests.at(-1)?.body.get('customer')).toBe('cus_known');

    const plain = fake.requests.length;
    await t.app.payments.createCheckout(request);
    expect(fake.callsSince(plain)).toEqual(['POST /v1/checkout/sessions']);
    expect(fake.requests.at(-1)?.body.get('customer_email')).toBe(customer.email);
    expect(fake.requests.at(-1)?.body.has('payment_intent_data[setup_future_usage]')).toBe(false);
    expect(fake.requests.at(-1)?.body.has('metadata[saveCard]')).toBe(false);
  });

  it('opens a setup-mode session that takes nothing, behind our own door', async () => {
    const customer = await signedInUser(t.app);
    const from = fake.requests.length;

    const setup = await openCardSetup(t.database.db, t.app.payments, {
      customerId: customer.id,
      customerEmail: customer.email,
      currency: 'USD',
      description: 'Premium Wash, paid at the shop',
      returnUrl: `${t.config.publicUrl}/dashboard/user/my-bookings`,
      publicUrl: t.config.publicUrl,
    });

    expect(fake.callsSince(from)).toEqual(['POST /v1/customers', 'POST /v1/checkout/sessions']);
    const body = Object.fromEntries(fake.requests.at(-1)?.body ?? []);
    expect(body).toMatchObject({
      mode: 'setup',
      currency: 'usd',
      'metadata[customerId]': customer.id,
      'setup_intent_data[description]': 'Premium Wash, paid at the shop',
      success_url: `${t.config.publicUrl}/dashboard/user/my-bookings`,
    });
    expect(body.customer).toMatch(/^cus_test_/);
    expect(Object.keys(body).some((key) => key.startsWith('line_items'))).toBe(false);
    expect(setup.url).toBe(`${t.config.publicUrl}/pay/${setup.sessionId}`);
    const door = await t.app.inject({ method: 'GET', url: `/pay/${setup.sessionId}` });
    expect(door.statusCode).toBe(303);
    expect(door.headers.location).toBe(`https://checkout.example.test/${setup.sessionId}`);
  });

  it('stores the card a setup session saved once however often Stripe reports it, and leads back once saved', async () => {
    const { customer, setup, event, stripeCustomer, paymentMethod } = await customerWithCard();
    const from = fake.requests.length;

    for (const response of await Promise.all([sendEvent(event), sendEvent(event)])) {
      expect(response.statusCode).toBe(200);
    }
    expect((await sendEvent(event)).statusCode).toBe(200);

    // Each report asks Stripe for the card (the event carries only the setup intent's id).
    expect(fake.callsSince(from)).toEqual(Array(3).fill(`GET /v1/setup_intents/seti_${setup.sessionId}`));
    expect(fake.requests.at(-1)?.query.getAll('expand[0]')).toEqual(['payment_method']);
    const cards = await cardsOf(customer.id);
    expect(cards).toEqual([
      expect.objectContaining({
        provider: 'stripe',
        customerRef: stripeCustomer,
        paymentMethodRef: paymentMethod,
        brand: 'visa',
        last4: '4242',
        removedAt: null,
      }),
    ]);
    expect(await cardOnFileOf(t.database.db, customer.id, 'stripe')).toMatchObject({ last4: '4242', brand: 'visa' });
    expect(await cardOnFileOf(t.database.db, customer.id, 'sandbox')).toBeUndefined();
    const [done] = await t.database.db.select().from(cardSetups).where(eq(cardSetups.sessionId, setup.sessionId));
    expect(done).toMatchObject({ savedCardId: cards[0]?.id, savedAt: expect.any(Date) });
    const door = await t.app.inject({ method: 'GET', url: `/pay/${setup.sessionId}` });
    expect(door.headers.location).toBe(`${t.config.publicUrl}/dashboard/user/my-bookings`);
  });

  it('answers 500 when Stripe cannot tell the card, applying nothing, so that its next delivery saves the card', async () => {
    const customer = await signedInUser(t.app);
    const { bookingId, sessionId } = await bookSlot(customer, 'Card Unreadable');
    fake.intentSaves(`pi_${sessionId}`, {
      paymentMethod: `pm_${sessionId}`,
      customer: 'cus_unreadable',
      brand: 'visa',
      last4: '4242',
    });
    const event = completed({
      id: sessionId,
      mode: 'payment',
      payment_status: 'paid',
      payment_intent: `pi_${sessionId}`,
      metadata: { bookingId, customerId: customer.id, saveCard: 'true' },
    });
    fake.failIntentReads(1);

    const failed = await sendEvent(event);

    expect(failed.statusCode).toBe(500);
    expect(await cardsOf(customer.id)).toEqual([]);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'pending', payment: 'unpaid' });

    expect((await sendEvent(event)).statusCode).toBe(200);

    expect(await cardsOf(customer.id)).toEqual([expect.objectContaining({ paymentMethodRef: `pm_${sessionId}` })]);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'confirm', payment: 'paid' });
  });

  it('keeps the card a paid checkout saved, confirms its booking, and replaces the older card on the same customer', async () => {
    const { customer, stripeCustomer, paymentMethod } = await customerWithCard();
    const { bookingId, sessionId } = await bookSlot(customer, 'Saved While Paying');
    fake.intentSaves(`pi_${sessionId}`, {
      paymentMethod: `pm_new_${sessionId}`,
      customer: stripeCustomer,
      brand: 'mastercard',
      last4: '4444',
    });
    const event = completed({
      id: sessionId,
      mode: 'payment',
      payment_status: 'paid',
      payment_intent: `pi_${sessionId}`,
      customer: stripeCustomer,
      metadata: { bookingId, customerId: customer.id, saveCard: 'true' },
    });
    // Later checkouts of this customer reuse the Stripe customer.
    expect(await cardSavingFor(t.database.db, 'stripe', customer.id)).toEqual({
      saveCard: true,
      customerId: customer.id,
      customerRef: stripeCustomer,
    });

    expect((await sendEvent(event)).statusCode).toBe(200);
    expect((await sendEvent(event)).statusCode).toBe(200);

    expect(fake.requests.at(-1)?.path).toBe(`/v1/payment_intents/pi_${sessionId}`);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'confirm', payment: 'paid' });
    expect(await cardsOf(customer.id)).toEqual([
      expect.objectContaining({ paymentMethodRef: paymentMethod, last4: '4242', removedAt: expect.any(Date) }),
      expect.objectContaining({
        paymentMethodRef: `pm_new_${sessionId}`,
        brand: 'mastercard',
        last4: '4444',
        removedAt: null,
      }),
    ]);
    expect(await cardOnFileOf(t.database.db, customer.id, 'stripe')).toMatchObject({ last4: '4444' });
  });
});

/** A pending booking of a customer with a card on file, and how to charge it. */
const chargeable = async (name: string) => {
  const saved = await customerWithCard();
  const { bookingId } = await bookSlot(saved.customer, name);
  const charge = (idempotencyKey: string, kind: 'balance' | 'fee' = 'fee', amountCents = 2_500) =>
    chargeCardOnFile(t.database.db, t.app.payments, {
      bookingId,
      customerId: saved.customer.id,
      amountCents,
      currency: 'USD',
      kind,
      description: `No-show fee, ${name}`,
      idempotencyKey,
      publicUrl: t.config.publicUrl,
    });
  return { ...saved, bookingId, charge };
};

describe('charging the card on file off-session at Stripe', () => {
  it('charges the saved card with an idempotency key and writes the ledger once, the same key answered from it', async () => {
    const { bookingId, charge, stripeCustomer, paymentMethod } = await chargeable('Charged');
    const key = `fee-${bookingId}`;
    const from = fake.requests.length;

    const result = await charge(key);

    expect(fake.callsSince(from)).toEqual(['POST /v1/payment_intents']);
    const asked = fake.requests.at(-1);
    expect(asked?.idempotencyKey).toBe(`charge-${key}`);
    expect(Object.fromEntries(asked?.body ?? [])).toEqual({
      amount: '2500',
      currency: 'usd',
      customer: stripeCustomer,
      payment_method: paymentMethod,
      off_session: 'true',
      confirm: 'true',
      description: 'No-show fee, Charged',
      'metadata[bookingId]': bookingId,
      'metadata[chargeId]': key,
    });
    const paymentRef = fake.charges.at(-1)?.id;
    expect(result).toEqual({ status: 'charged', entryId: expect.any(String), paymentRef });
    const ledger = await ledgerOf(bookingId);
    expect(ledger).toEqual([
      expect.objectContaining({
        kind: 'fee',
        method: 'card_on_file',
        amountCents: 2_500,
        provider: 'stripe',
        providerReference: paymentRef,
        idempotencyKey: key,
      }),
    ]);

    const again = fake.requests.length;
    expect(await charge(key)).toEqual(result);
    expect(fake.callsSince(again)).toEqual([]);
    expect(await ledgerOf(bookingId)).toEqual(ledger);
  });

  it('asks the same key again after losing Stripe’s answer, and records the one charge Stripe made', async () => {
    const { bookingId, charge } = await chargeable('Lost Answer');
    const key = `balance-${bookingId}`;
    fake.answerNextCharge('connection_lost');
    const from = fake.requests.length;
    const chargesBefore = fake.charges.length;

    await expect(charge(key, 'balance', 5_000)).rejects.toThrow(/Stripe did not charge the saved card/);
    expect(await ledgerOf(bookingId)).toEqual([]);

    const result = await charge(key, 'balance', 5_000);

    // The SDK's own retry and ours: every attempt carries the same key, and Stripe made one charge.
    const attempts = fake.requests.slice(from);
    expect(attempts.map((request) => `${request.method} ${request.path}`)).toEqual(
      Array(3).fill('POST /v1/payment_intents'),
    );
    expect(attempts.map((request) => request.idempotencyKey)).toEqual(Array(3).fill(`charge-${key}`));
    expect(fake.charges.slice(chargesBefore)).toHaveLength(1);
    expect(result).toEqual({ status: 'charged', entryId: expect.any(String), paymentRef: fake.charges.at(-1)?.id });
    expect(await ledgerOf(bookingId)).toEqual([
      expect.objectContaining({ kind: 'balance', method: 'card_on_file', amountCents: 5_000, idempotencyKey: key }),
    ]);
  });

  it('sends the customer a link when the bank wants them to authenticate, and records the money once they pay', async () => {
    const { bookingId, charge, stripeCustomer } = await chargeable('Authenticate');
    fake.answerNextCharge('authentication_required');
    const from = fake.requests.length;

    const result = await charge(`fee-${bookingId}`);

    expect(fake.callsSince(from)).toEqual(['POST /v1/payment_intents', 'POST /v1/checkout/sessions']);
    const opened = fake.requests.at(-1);
    expect(opened?.idempotencyKey).toBe(`charge-fee-${bookingId}-checkout`);
    expect(Object.fromEntries(opened?.body ?? [])).toMatchObject({
      mode: 'payment',
      customer: stripeCustomer,
      'line_items[0][price_data][unit_amount]': '2500',
      'metadata[bookingId]': bookingId,
      'metadata[paymentIntent]': fake.charges.at(-1)?.id,
    });
    if (result.status !== 'requires_action') throw new Error(`expected requires_action, got ${result.status}`);
    expect(result.url).toBe(`${t.config.publicUrl}/pay/${result.sessionId}`);
    expect(await ledgerOf(bookingId)).toEqual([]);
    const [checkout] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), eq(payments.sessionId, result.sessionId)));
    expect(checkout).toMatchObject({ purpose: 'fee', amountCents: 2_500, status: 'open' });
    const door = await t.app.inject({ method: 'GET', url: `/pay/${result.sessionId}` });
    expect(door.headers.location).toBe(`https://checkout.example.test/${result.sessionId}`);

    // Giving up on the page ends the checkout, not the booking.
    const expired = {
      id: 'evt_expired_authentication',
      object: 'event',
      type: 'checkout.session.expired',
      data: { object: { object: 'checkout.session', id: result.sessionId, mode: 'payment', payment_status: 'unpaid' } },
    };
    fake.answerNextCharge('authentication_required');
    const retried = await charge(`fee-again-${bookingId}`);
    if (retried.status !== 'requires_action') throw new Error(`expected requires_action, got ${retried.status}`);
    expect(
      (await sendEvent({ ...expired, data: { object: { ...expired.data.object, id: retried.sessionId } } })).statusCode,
    ).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'pending', payment: 'unpaid' });

    const paid = completed({ id: result.sessionId, mode: 'payment', payment_status: 'paid', metadata: { bookingId } });
    expect((await sendEvent(paid)).statusCode).toBe(200);
    expect((await sendEvent(paid)).statusCode).toBe(200);

    expect(await ledgerOf(bookingId)).toEqual([
      expect.objectContaining({ kind: 'fee', method: 'online', amountCents: 2_500, checkoutId: checkout?.id }),
    ]);
    // The fee is not the booking's own payment: the booking still waits for that, and nothing is refunded.
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'pending', payment: 'unpaid' });
    expect(fake.requests.some((request) => request.path === '/v1/refunds')).toBe(false);
  });

  it('reports a declined card with Stripe’s message and records nothing', async () => {
    const { bookingId, charge } = await chargeable('Declined');
    fake.answerNextCharge('card_declined');
    const from = fake.requests.length;

    expect(await charge(`fee-${bookingId}`)).toEqual({ status: 'declined', message: 'Your card was declined.' });

    expect(fake.callsSince(from)).toEqual(['POST /v1/payment_intents']);
    expect(await ledgerOf(bookingId)).toEqual([]);
    expect(await t.database.db.select().from(payments).where(eq(payments.purpose, 'fee'))).not.toContainEqual(
      expect.objectContaining({ bookingId }),
    );
  });

  it('asks Stripe nothing for a balance larger than the booking owes', async () => {
    const { bookingId, charge } = await chargeable('Too Much');
    const from = fake.requests.length;

    await expect(charge(`balance-${bookingId}`, 'balance', 13_000)).rejects.toThrow(
      `a charge of 13000 cents is more than the 12999 cents booking ${bookingId} owes`,
    );

    expect(fake.callsSince(from)).toEqual([]);
    expect(await ledgerOf(bookingId)).toEqual([]);
    // A fee is not the job's money: the price does not bound it.
    expect(await charge(`fee-${bookingId}`, 'fee', 13_000)).toMatchObject({ status: 'charged' });
  });

  it('charges nothing for a customer with no card on file', async () => {
    const customer = await signedInUser(t.app);
    const { bookingId } = await bookSlot(customer, 'No Card');
    const from = fake.requests.length;

    const result = await chargeCardOnFile(t.database.db, t.app.payments, {
      bookingId,
      customerId: customer.id,
      amountCents: 2_500,
      currency: 'USD',
      kind: 'fee',
      description: 'No-show fee',
      idempotencyKey: `fee-${bookingId}`,
      publicUrl: t.config.publicUrl,
    });

    expect(result).toEqual({ status: 'no_card' });
    expect(fake.callsSince(from)).toEqual([]);
    expect(await ledgerOf(bookingId)).toEqual([]);
  });
});
