import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { PAYMENT_POLICY_MESSAGES } from '@carcare/contracts/payment-policy-constants';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  mailsTo,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../../test/helper';
import { bookings, cardSetups, ledgerEntries, payments, services } from '../../../db/schema';

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let customer: TestUser;

/** A $25 deposit, a $20 no-show fee, late cancellations refused. */
const TERMS = {
  deposit: { kind: 'fixed', amount: 25, minimum: 0 },
  noShowFee: { kind: 'fixed', amount: 20 },
  lateCancellation: { kind: 'refuse', fee: { kind: 'none', amount: 0 } },
} as const;

let version: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  staff = await signedInUser(t.app, 'staff');
  customer = await signedInUser(t.app);
  const saved = await t.app.inject(
    asUser(admin, { method: 'PUT', url: '/api/settings', payload: { paymentPolicy: TERMS } }),
  );
  version = saved.json().data.policyVersion;
});
afterAll(async () => {
  await t.close();
});

/** A $120 service of the given payment mode, with its free times (on a day of their own unless `daysAhead`). */
async function serviceOf(mode: 'full' | 'deposit' | 'card', daysAhead?: number) {
  const { service, slots } = await serviceWithSlots(t.app, {
    name: `Detail paid ${mode}`,
    priceCents: 12_000,
    daysAhead,
  });
  await t.database.db.update(services).set({ paymentMode: mode }).where(eq(services.id, service.id));
  return { service, slots };
}

const book = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject(asUser(user, { method: 'POST', url: '/api/bookings', payload }));
const sessionOf = (paymentUrl: string) => paymentUrl.split('/pay/')[1] ?? '';
const checkoutsOf = (bookingId: string) =>
  t.database.db.select().from(payments).where(eq(payments.bookingId, bookingId));
const ledgerOf = (bookingId: string) =>
  t.database.db
    .select({ kind: ledgerEntries.kind, method: ledgerEntries.method, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(asc(ledgerEntries.createdAt));
const shown = async (bookingId: string) =>
  (await t.app.inject(asUser(admin, { method: 'GET', url: `/api/bookings/${bookingId}` }))).json().data;

describe('a booking under the terms its customer accepted', () => {
  it('takes the deposit online, keeps the card with it, and leaves the balance for the shop', async () => {
    const { service, slots } = await serviceOf('deposit');
    const created = await book(customer, { service: service.id, slot: slots[0]?.id, acceptPolicy: version });
    expect(created.statusCode).toBe(201);
    const booking = created.json().data.booking;
    expect(booking).toMatchObject({ status: 'pending', payment: 'unpaid', policyVersion: version, total: 120 });
    expect(await checkoutsOf(booking._id)).toEqual([
      expect.objectContaining({ amountCents: 2_500, purpose: 'deposit', savesCard: true, status: 'open' }),
    ]);

    const paid = await t.app.inject({ method: 'POST', url: `/pay/${sessionOf(created.json().data.payment_url)}/pay` });
    expect(paid.statusCode).toBe(303);
    // What was due online is paid: SPEC.md's payment says paid, and the balance is the shop's to take.
    expect(await shown(booking._id)).toMatchObject({
      status: 'confirm',
      payment: 'paid',
      amountPaid: 25,
      balanceDue: 95,
      payments: [expect.objectContaining({ kind: 'deposit', method: 'online', amount: 25 })],
    });
    // The confirmation says what was paid, and what is left for the shop.
    await t.app.backgroundTasks.settled();
    const confirmation = mailsTo(t.config.dataDir, customer.email).find((mail) =>
      /Service: +Detail paid deposit/.test(mail),
    );
    expect(confirmation).toMatch(/Paid: +\$25\.00\r?\nTo pay at the shop: +\$95\.00/);
  });

  it('is paid in full online, as SPEC.md has it, when no terms were accepted (the older client)', async () => {
    const { service, slots } = await serviceOf('deposit');
    const created = await book(customer, { service: service.id, slot: slots[0]?.id });
    expect(created.statusCode).toBe(201);
    const booking = created.json().data.booking;
    expect(booking.policyVersion).toBeNull();
    expect(await checkoutsOf(booking._id)).toEqual([
      expect.objectContaining({ amountCents: 12_000, purpose: 'full', savesCard: false }),
    ]);
  });

  it('is refused when the terms changed since the customer read them, keeping nothing', async () => {
    const { service, slots } = await serviceOf('deposit');
    const before = await t.database.db.select().from(bookings);
    const stale = await book(customer, { service: service.id, slot: slots[0]?.id, acceptPolicy: version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ success: false, message: PAYMENT_POLICY_MESSAGES.policyChanged });
    const unknown = await book(customer, { service: service.id, slot: slots[0]?.id, acceptPolicy: 0 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ path: 'acceptPolicy', message: PAYMENT_POLICY_MESSAGES.acceptInvalid }]);
    expect((await t.database.db.select().from(bookings)).length).toBe(before.length);
  });

  it('takes nothing online for a service paid at the shop: the card is saved, and the booking confirmed then', async () => {
    const { service, slots } = await serviceOf('card');
    const created = await book(customer, { service: service.id, slot: slots[0]?.id, acceptPolicy: version });
    expect(created.statusCode).toBe(201);
    const booking = created.json().data.booking;
    expect(booking).toMatchObject({ status: 'pending', payment: 'unpaid' });
    expect(await checkoutsOf(booking._id)).toEqual([]);
    const session = sessionOf(created.json().data.payment_url);
    const [setup] = await t.database.db.select().from(cardSetups).where(eq(cardSetups.sessionId, session));
    expect(setup).toMatchObject({ bookingId: booking._id, customerId: customer.id, savedAt: null });

    const saved = await t.app.inject({
      method: 'POST',
      url: `/pay/${session}/save`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card=succeeds',
    });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toContain(`/payment/success?booking=${booking._id}`);
    expect(await shown(booking._id)).toMatchObject({
      status: 'confirm',
      payment: 'paid',
      amountPaid: 0,
      balanceDue: 120,
      holdExpiresAt: null,
    });
    expect(await ledgerOf(booking._id)).toEqual([]);
    // Confirmed with nothing paid: the customer is told so, once, however often the card is reported saved.
    await t.app.inject({
      method: 'POST',
      url: `/pay/${session}/save`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card=succeeds',
    });
    await t.app.backgroundTasks.settled();
    const confirmations = mailsTo(t.config.dataDir, customer.email).filter((mail) =>
      /Service: +Detail paid card/.test(mail),
    );
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]).toContain('Thank you: your card is saved and your booking is confirmed.');
    expect(confirmations[0]).toMatch(/To pay at the shop: +\$120\.00/);
    expect(confirmations[0]).not.toMatch(/Paid:/);
  });
});

describe('a booking the shop makes by a payment link', () => {
  it('asks the deposit when the customer accepted the terms at the desk, and the email says so', async () => {
    const { service, slots } = await serviceOf('deposit');
    const linked = await signedInUser(t.app);
    const created = await book(staff, {
      service: service.id,
      slot: slots[2]?.id,
      customer: linked.id,
      payWith: 'link',
      acceptPolicy: version,
    });
    expect(created.statusCode).toBe(201);
    const booking = created.json().data.booking;
    expect(booking).toMatchObject({ status: 'pending', payWith: 'link', policyVersion: version });
    expect(await checkoutsOf(booking._id)).toEqual([
      expect.objectContaining({ amountCents: 2_500, purpose: 'deposit', savesCard: true }),
    ]);
    await t.app.backgroundTasks.settled();
    const [mail] = mailsTo(t.config.dataDir, linked.email).map((each) => each.replace(/=\r?\n/g, ''));
    expect(mail).toContain('open this link to pay the deposit of $25.00; the rest, $95.00, is paid at the shop.');
  });
});

describe('a booking the shop charges to the card on file', () => {
  it('needs a saved card, then is confirmed at once with nothing taken yet', async () => {
    const { service, slots } = await serviceOf('full');
    const walkOn = await signedInUser(t.app);
    const refused = await book(staff, {
      service: service.id,
      slot: slots[1]?.id,
      customer: walkOn.id,
      payWith: 'card',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: FRONT_DESK_MESSAGES.noCardOnFile });

    // The customer who saved a card above is charged by the shop later.
    const booked = await book(staff, {
      service: service.id,
      slot: slots[1]?.id,
      customer: customer.id,
      payWith: 'card',
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({
      message: FRONT_DESK_MESSAGES.booked,
      data: { payment_url: '', booking: { status: 'confirm', payment: 'unpaid', payWith: 'card', balanceDue: 120 } },
    });
  });
});

describe('a cancellation after the cut-off', () => {
  /**
   * Terms that keep the deposit of a late cancellation, with a 30-day cut-off: the bookings here, two days
   * ahead, are late.
   */
  async function lateTerms() {
    const saved = await t.app.inject(
      asUser(admin, {
        method: 'PUT',
        url: '/api/settings',
        payload: {
          cancellationCutoffHours: 720,
          paymentPolicy: { ...TERMS, lateCancellation: { kind: 'keepDeposit', fee: { kind: 'none', amount: 0 } } },
        },
      }),
    );
    expect(saved.statusCode).toBe(200);
    return saved.json().data.policyVersion as number;
  }
  const restore = () =>
    t.app.inject(
      asUser(admin, {
        method: 'PUT',
        url: '/api/settings',
        payload: { cancellationCutoffHours: 24, paymentPolicy: TERMS },
      }),
    );
  const cancel = (user: TestUser, bookingId: string, reason?: string) =>
    t.app.inject(
      asUser(user, { method: 'POST', url: `/api/bookings/${bookingId}/cancel`, payload: reason ? { reason } : {} }),
    );

  it('keeps the deposit paid when the accepted terms say so, and the booking says what it would cost', async () => {
    const accepted = await lateTerms();
    try {
      const { service, slots } = await serviceOf('deposit', 2);
      const created = await book(customer, { service: service.id, slot: slots[0]?.id, acceptPolicy: accepted });
      expect(created.statusCode).toBe(201);
      const bookingId = created.json().data.booking._id;
      // Unpaid, there is no deposit to keep: the terms ask nothing of it yet.
      expect(created.json().data.booking.lateCancellation).toBeNull();
      await t.app.inject({ method: 'POST', url: `/pay/${sessionOf(created.json().data.payment_url)}/pay` });
      const mine = await t.app.inject(asUser(customer, { method: 'GET', url: `/api/bookings/${bookingId}` }));
      expect(mine.json().data.lateCancellation).toEqual({ kind: 'keepDeposit', amount: 25 });

      const cancelled = await cancel(customer, bookingId, 'Car broke down');
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().data).toMatchObject({
        refund: { amount: 0, status: 'none' },
        booking: { status: 'cancel', cancelReason: 'Car broke down', amountPaid: 25, balanceDue: 0 },
      });
      expect(await ledgerOf(bookingId)).toEqual([{ kind: 'deposit', method: 'online', amountCents: 2_500 }]);
    } finally {
      await restore();
    }
  });

  it('is refused, as SPEC.md has it, for a booking paid in full: there is no deposit to keep', async () => {
    const accepted = await lateTerms();
    try {
      const { service, slots } = await serviceOf('full', 2);
      const created = await book(customer, { service: service.id, slot: slots[1]?.id, acceptPolicy: accepted });
      const bookingId = created.json().data.booking._id;
      await t.app.inject({ method: 'POST', url: `/pay/${sessionOf(created.json().data.payment_url)}/pay` });
      expect((await shown(bookingId)).lateCancellation).toBeNull();
      const refused = await cancel(customer, bookingId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/^Bookings can be cancelled or moved online up to 720 hours before/);
      expect(await shown(bookingId)).toMatchObject({ status: 'confirm', amountPaid: 120 });
    } finally {
      await restore();
    }
  });
});
