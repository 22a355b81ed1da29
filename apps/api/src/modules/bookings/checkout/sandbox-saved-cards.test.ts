import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  paidBooking,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../../test/helper';
import { bookings, cardSetups, ledgerEntries, payments, savedCards } from '../../../db/schema';
import { cardOnFileOf, chargeCardOnFile, openCardSetup } from './saved-cards';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const RETURN_PATH = '/dashboard/user/my-bookings';

/** A form the sandbox's page posts, urlencoded as browsers send it. */
const post = (url: string, form: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

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

const openSetup = (customer: TestUser) =>
  openCardSetup(t.database.db, t.app.payments, {
    customerId: customer.id,
    customerEmail: customer.email,
    currency: 'USD',
    description: 'Paid at the shop',
    returnUrl: RETURN_PATH,
    publicUrl: t.config.publicUrl,
  });

/** A customer who kept the test card of the given behaviour on the sandbox's card setup page. */
const customerWithCard = async (card: string) => {
  const customer = await signedInUser(t.app);
  const setup = await openSetup(customer);
  const saved = await post(`/pay/${setup.sessionId}/save`, { card });
  expect(saved.statusCode).toBe(303);
  expect(saved.headers.location).toBe(RETURN_PATH);
  return customer;
};

/** A confirmed booking (paid in full at the sandbox checkout) of a customer who kept the given test card. */
const chargeable = async (card: string, name: string) => {
  const customer = await customerWithCard(card);
  const {
    service,
    slots: [slot],
  } = await serviceWithSlots(t.app, { name, priceCents: 12_999 });
  const { id: bookingId } = await paidBooking(t.app, customer, service.id, slot?.id ?? '');
  const charge = (idempotencyKey: string) =>
    chargeCardOnFile(t.database.db, t.app.payments, {
      bookingId,
      customerId: customer.id,
      amountCents: 2_500,
      currency: 'USD',
      kind: 'fee',
      description: `No-show fee, ${name}`,
      idempotencyKey,
      publicUrl: t.config.publicUrl,
    });
  return { customer, bookingId, charge };
};

describe("the sandbox's card setup page", () => {
  it('offers the test cards, keeps the one chosen once, and takes nothing', async () => {
    const customer = await signedInUser(t.app);
    const setup = await openSetup(customer);
    expect(setup.url).toBe(`${t.config.publicUrl}/pay/${setup.sessionId}`);
    expect(setup.sessionId).toMatch(/^sbx_setup_/);

    const page = await t.app.inject({ method: 'GET', url: `/pay/${setup.sessionId}` });

    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('TEST MODE');
    for (const number of ['4242 4242 4242 4242', '4000 0000 0000 0341', '4000 0027 6000 3184']) {
      expect(page.body).toContain(number);
    }
    expect(page.body).toContain(`action="/pay/${setup.sessionId}/save"`);
    expect(page.body).toContain('value="succeeds" form="save" checked');

    expect((await post(`/pay/${setup.sessionId}/save`, { card: 'authenticates' })).statusCode).toBe(303);
    expect((await post(`/pay/${setup.sessionId}/save`, { card: 'succeeds' })).statusCode).toBe(303);

    const cards = await cardsOf(customer.id);
    expect(cards).toEqual([
      expect.objectContaining({
        provider: 'sandbox',
        customerRef: `sbx_cus_${customer.id}`,
        paymentMethodRef: expect.stringMatching(/^sbx_pm_authenticates_/),
        brand: 'visa',
        last4: '3184',
        removedAt: null,
      }),
    ]);
    const [done] = await t.database.db.select().from(cardSetups).where(eq(cardSetups.sessionId, setup.sessionId));
    expect(done).toMatchObject({ savedCardId: cards[0]?.id, savedAt: expect.any(Date) });
    const closed = await t.app.inject({ method: 'GET', url: `/pay/${setup.sessionId}` });
    expect(closed.body).toContain('This card is saved.');
    expect(closed.body).not.toContain('/save"');
  });

  it('saves nothing when cancelled, and a later card replaces the one on file', async () => {
    const customer = await signedInUser(t.app);
    const cancelled = await openSetup(customer);
    const back = await post(`/pay/${cancelled.sessionId}/cancel`);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(RETURN_PATH);
    expect(await cardsOf(customer.id)).toEqual([]);

    await post(`/pay/${(await openSetup(customer)).sessionId}/save`, { card: 'succeeds' });
    await post(`/pay/${(await openSetup(customer)).sessionId}/save`, { card: 'declines' });

    expect(await cardsOf(customer.id)).toEqual([
      expect.objectContaining({ last4: '4242', removedAt: expect.any(Date) }),
      expect.objectContaining({ last4: '0341', removedAt: null }),
    ]);
    expect(await cardOnFileOf(t.database.db, customer.id, 'sandbox')).toMatchObject({ last4: '0341' });
  });

  it('answers 404 for a session it does not know', async () => {
    expect((await post('/pay/sbx_setup_unknown/save', { card: 'succeeds' })).statusCode).toBe(404);
  });
});

describe("the sandbox's checkout that keeps the card", () => {
  it('offers the test cards beside Pay, and keeps the chosen one as the customer pays', async () => {
    const customer = await signedInUser(t.app);
    const {
      service,
      slots: [slot, other],
    } = await serviceWithSlots(t.app, { name: 'Kept While Paying', priceCents: 12_999 });
    const created = await t.app.inject(
      asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: slot?.id } }),
    );
    const bookingId = created.json().data.booking._id as string;
    const session = String(created.json().data.payment_url).split('/pay/')[1] ?? '';
    await t.database.db.update(payments).set({ savesCard: true }).where(eq(payments.sessionId, session));

    const page = await t.app.inject({ method: 'GET', url: `/pay/${session}` });
    expect(page.body).toContain('Test card to keep on file');
    expect(page.body).toContain('value="declines" form="pay"');
    const paid = await post(`/pay/${session}/pay`, { card: 'declines' });

    expect(paid.headers.location).toBe(`/payment/success?booking=${bookingId}`);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'confirm', payment: 'paid' });
    expect(await cardsOf(customer.id)).toEqual([
      expect.objectContaining({ paymentMethodRef: expect.stringMatching(/^sbx_pm_declines_/), last4: '0341' }),
    ]);
    // A checkout that does not keep the card shows no cards and keeps none.
    const someoneElse = await signedInUser(t.app);
    const plain = await t.app.inject(
      asUser(someoneElse, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: other?.id } }),
    );
    const plainSession = String(plain.json().data.payment_url).split('/pay/')[1] ?? '';
    expect((await t.app.inject({ method: 'GET', url: `/pay/${plainSession}` })).body).not.toContain('Test card');
    expect((await post(`/pay/${plainSession}/pay`, { card: 'succeeds' })).statusCode).toBe(303);
    expect(await bookingRow(plain.json().data.booking._id)).toMatchObject({ status: 'confirm', payment: 'paid' });
    expect(await cardsOf(someoneElse.id)).toEqual([]);
  });
});

describe("charging the sandbox's saved test cards", () => {
  it('charges the card that succeeds, once per idempotency key', async () => {
    const { bookingId, charge } = await chargeable('succeeds', 'Sandbox Fee');

    const first = await charge(`fee-${bookingId}`);
    const again = await charge(`fee-${bookingId}`);

    expect(first).toEqual({
      status: 'charged',
      entryId: expect.any(String),
      paymentRef: expect.stringMatching(/^sbx_pi_/),
    });
    expect(again).toEqual(first);
    expect(await ledgerOf(bookingId)).toEqual([
      expect.objectContaining({ kind: 'full', method: 'online', amountCents: 12_999 }),
      expect.objectContaining({
        kind: 'fee',
        method: 'card_on_file',
        amountCents: 2_500,
        provider: 'sandbox',
        idempotencyKey: `fee-${bookingId}`,
      }),
    ]);
    // The provider itself answers the same key alike.
    const card = await cardOnFileOf(t.database.db, (await bookingRow(bookingId))?.customerId ?? '', 'sandbox');
    const request = {
      customerRef: card?.customerRef ?? '',
      paymentMethodRef: card?.paymentMethodRef ?? '',
      amountCents: 2_500,
      currency: 'USD',
      description: 'No-show fee',
      idempotencyKey: 'same-key',
      bookingId,
    };
    expect(await t.app.payments.chargeSavedCard(request)).toEqual(await t.app.payments.chargeSavedCard(request));
  });

  it('reports the card that declines, recording nothing', async () => {
    const { bookingId, charge } = await chargeable('declines', 'Sandbox Decline');

    expect(await charge(`fee-${bookingId}`)).toEqual({ status: 'declined', message: 'Your card was declined.' });
    expect(await charge(`fee-${bookingId}`)).toEqual({ status: 'declined', message: 'Your card was declined.' });

    expect(await ledgerOf(bookingId)).toEqual([expect.objectContaining({ kind: 'full', method: 'online' })]);
  });

  it('sends the card that asks for authentication to its page, which then takes the fee', async () => {
    const { bookingId, charge } = await chargeable('authenticates', 'Sandbox Authenticate');

    const result = await charge(`fee-${bookingId}`);

    if (result.status !== 'requires_action') throw new Error(`expected requires_action, got ${result.status}`);
    expect(result.url).toBe(`${t.config.publicUrl}/pay/${result.sessionId}`);
    expect(await charge(`fee-${bookingId}`)).toEqual(result);
    expect(await t.database.db.select().from(payments).where(eq(payments.sessionId, result.sessionId))).toEqual([
      expect.objectContaining({ bookingId, purpose: 'fee', amountCents: 2_500, status: 'open' }),
    ]);
    // The customer did not show: the fee's page still takes payment, and ends on the success page.
    await t.database.db.update(bookings).set({ status: 'no_show' }).where(eq(bookings.id, bookingId));
    const page = await t.app.inject({ method: 'GET', url: `/pay/${result.sessionId}` });
    expect(page.body).toContain('$25.00');
    expect(page.body).toContain(`action="/pay/${result.sessionId}/pay"`);

    const paid = await post(`/pay/${result.sessionId}/pay`);

    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/payment/success?booking=${bookingId}`);
    expect(await ledgerOf(bookingId)).toEqual([
      expect.objectContaining({ kind: 'full', method: 'online', amountCents: 12_999 }),
      expect.objectContaining({ kind: 'fee', method: 'online', amountCents: 2_500, provider: 'sandbox' }),
    ]);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'no_show', payment: 'paid' });
    const door = await t.app.inject({ method: 'GET', url: `/pay/${result.sessionId}` });
    expect(door.body).not.toContain(`action="/pay/${result.sessionId}/pay"`);
    expect((await post(`/pay/${result.sessionId}/pay`)).headers.location).toBe(`/payment/success?booking=${bookingId}`);
    expect(await ledgerOf(bookingId)).toHaveLength(2);
  });
});
