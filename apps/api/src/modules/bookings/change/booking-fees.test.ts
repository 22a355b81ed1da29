import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertBookings } from '../../../../test/booking-rows';
import {
  asUser,
  createTestApp,
  mailsTo,
  signedInUser,
  type TestApp,
  type TestUser,
  utcSlotRow,
} from '../../../../test/helper';
import { customerWithSandboxCard } from '../../../../test/saved-card';
import { bays, bookingFees, ledgerEntries, services, slots } from '../../../db/schema';

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let version: number;
let serviceId: string;
let bayId: string;

/** A $20 no-show fee. */
const TERMS = {
  deposit: { kind: 'percent', amount: 20, minimum: 10 },
  noShowFee: { kind: 'fixed', amount: 20 },
  lateCancellation: { kind: 'refuse', fee: { kind: 'none', amount: 0 } },
} as const;

const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  staff = await signedInUser(t.app, 'staff');
  const saved = await t.app.inject(
    asUser(admin, { method: 'PUT', url: '/api/settings', payload: { paymentPolicy: TERMS } }),
  );
  version = saved.json().data.policyVersion;
  const [service] = await t.database.db
    .insert(services)
    .values({ name: 'Full Detail', description: 'Full Detail description', durationMinutes: 60, priceCents: 10_000 })
    .returning();
  serviceId = service?.id ?? '';
  const [bay] = await t.database.db.select().from(bays).limit(1);
  bayId = bay?.id ?? '';
});
afterAll(async () => {
  await t.close();
});

let hoursAgo = 0;

/** A customer who kept the sandbox's test card of the given behaviour (or none). */
const customerWith = (card: 'succeeds' | 'declines' | 'authenticates' | null) =>
  card === null ? signedInUser(t.app) : customerWithSandboxCard(t, card);

/** A confirmed $100 booking of the customer that started an hour ago (or more), under the accepted terms or none. */
async function startedBooking(customer: TestUser, accepted: number | null, startsIn?: number) {
  hoursAgo += 2;
  const startsAt = new Date(Date.now() + (startsIn ?? -hoursAgo) * HOUR);
  const [slot] = await t.database.db
    .insert(slots)
    .values(utcSlotRow(serviceId, startsAt, new Date(startsAt.getTime() + HOUR)))
    .returning();
  const [booking] = await insertBookings(t.database.db, [
    {
      customerId: customer.id,
      serviceId,
      slotId: slot?.id ?? '',
      bayId,
      occupiedFrom: startsAt,
      occupiedUntil: new Date(startsAt.getTime() + HOUR),
      priceCents: 10_000,
      status: 'confirm',
      payment: 'unpaid',
      payWith: 'counter',
      policyVersion: accepted,
    },
  ]);
  return booking?.id ?? '';
}

const post = (user: TestUser | null, url: string, payload?: Record<string, unknown>) =>
  t.app.inject(
    user === null ? { method: 'POST', url, payload } : asUser(user, { method: 'POST', url, payload: payload ?? {} }),
  );
const feesOf = (bookingId: string) =>
  t.database.db.select().from(bookingFees).where(eq(bookingFees.bookingId, bookingId));
const ledgerOf = (bookingId: string) =>
  t.database.db
    .select({ kind: ledgerEntries.kind, method: ledgerEntries.method, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(asc(ledgerEntries.createdAt));

describe('the no-show fee', () => {
  it('is charged to the card on file when staff mark a no-show, and a waiver refunds it once', async () => {
    const customer = await customerWith('succeeds');
    const bookingId = await startedBooking(customer, version);
    const marked = await post(staff, `/api/bookings/${bookingId}/no-show`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({
      message: FRONT_DESK_MESSAGES.noShowFeeCharged,
      data: {
        status: 'no_show',
        amountPaid: 20,
        balanceDue: 0,
        fees: [{ kind: 'no_show', amount: 20, status: 'charged', waiveReason: null }],
      },
    });
    expect(await ledgerOf(bookingId)).toEqual([{ kind: 'fee', method: 'card_on_file', amountCents: 2_000 }]);
    const [fee] = await feesOf(bookingId);

    const noReason = await post(staff, `/api/bookings/${bookingId}/fees/${fee?.id}/waive`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ path: 'reason', message: FRONT_DESK_MESSAGES.waiveReasonRequired }]);
    const refund = vi.spyOn(t.app.payments, 'refund');
    const waived = await post(staff, `/api/bookings/${bookingId}/fees/${fee?.id}/waive`, {
      reason: 'A regular: her car broke down',
    });
    expect(waived.statusCode).toBe(200);
    expect(waived.json()).toMatchObject({
      message: FRONT_DESK_MESSAGES.feeWaived,
      data: {
        amountPaid: 0,
        balanceDue: 0,
        fees: [{ status: 'waived', waiveReason: 'A regular: her car broke down' }],
      },
    });
    expect(refund).toHaveBeenCalledWith({
      paymentRef: fee?.paymentRef,
      amountCents: 2_000,
      idempotencyKey: `waive-${fee?.id}`,
    });
    refund.mockRestore();
    expect(await ledgerOf(bookingId)).toEqual([
      { kind: 'fee', method: 'card_on_file', amountCents: 2_000 },
      { kind: 'refund', method: 'card_on_file', amountCents: -2_000 },
    ]);
    const again = await post(staff, `/api/bookings/${bookingId}/fees/${fee?.id}/waive`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: FRONT_DESK_MESSAGES.feeAlreadyWaived });
    expect((await ledgerOf(bookingId)).length).toBe(2);
  });

  it('stays due when the card declines, and is waived then without any refund', async () => {
    const customer = await customerWith('declines');
    const bookingId = await startedBooking(customer, version);
    const marked = await post(staff, `/api/bookings/${bookingId}/no-show`);
    expect(marked.json()).toMatchObject({
      message: FRONT_DESK_MESSAGES.noShowFeeDue,
      data: { balanceDue: 20, amountPaid: 0, fees: [{ status: 'declined', amount: 20 }] },
    });
    expect(await ledgerOf(bookingId)).toEqual([]);
    const [fee] = await feesOf(bookingId);
    const waived = await post(admin, `/api/bookings/${bookingId}/fees/${fee?.id}/waive`, { reason: 'First time' });
    expect(waived.json().data).toMatchObject({ balanceDue: 0, fees: [{ status: 'waived' }] });
    expect(await ledgerOf(bookingId)).toEqual([]);
  });

  it('sends the customer a link when their bank asks for approval, and the fee waits for them', async () => {
    const customer = await customerWith('authenticates');
    const bookingId = await startedBooking(customer, version);
    const marked = await post(staff, `/api/bookings/${bookingId}/no-show`);
    expect(marked.json().data.fees).toEqual([expect.objectContaining({ status: 'awaiting_customer', amount: 20 })]);
    await vi.waitFor(() => expect(mailsTo(t.config.dataDir, customer.email).join('\n')).toContain('approve'));
    const mail = mailsTo(t.config.dataDir, customer.email).find((each) => each.includes('approve')) ?? '';
    expect(mail).toContain('no-show fee');
    expect(mail).toMatch(/\/pay\/\S+/);
  });

  it('is never charged on a booking whose customer accepted no terms (the older client)', async () => {
    const customer = await customerWith('succeeds');
    const bookingId = await startedBooking(customer, null);
    const marked = await post(staff, `/api/bookings/${bookingId}/no-show`);
    expect(marked.json()).toMatchObject({ message: BOOKING_MESSAGES.noShow, data: { fees: [], balanceDue: 0 } });
    expect(await feesOf(bookingId)).toEqual([]);
  });

  it('is waived by the shop alone, and only the booking’s own fee', async () => {
    const customer = await customerWith('declines');
    const bookingId = await startedBooking(customer, version);
    await post(staff, `/api/bookings/${bookingId}/no-show`);
    const [fee] = await feesOf(bookingId);
    const url = `/api/bookings/${bookingId}/fees/${fee?.id}/waive`;
    expect((await post(null, url, { reason: 'x' })).statusCode).toBe(401);
    const byCustomer = await post(customer, url, { reason: 'x' });
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.forbidden });
    const otherBooking = await startedBooking(customer, version);
    const wrong = await post(staff, `/api/bookings/${otherBooking}/fees/${fee?.id}/waive`, { reason: 'x' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ success: false, message: FRONT_DESK_MESSAGES.feeNotFound });
    expect((await feesOf(bookingId))[0]?.status).toBe('declined');
  });
});

describe('the overview', () => {
  it('counts the fees charged (the ledger) and those waived (charged or not) on the day they moved', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const overview = await t.app.inject(
      asUser(admin, { method: 'GET', url: `/api/admin/overview?from=${today}&to=${today}` }),
    );
    expect(overview.statusCode).toBe(200);
    expect(overview.json().data.current.money).toMatchObject({ feesCharged: 20, feesWaived: 40 });
  });
});

describe('charging the balance to the card on file', () => {
  it('takes the balance once, and the booking is paid', async () => {
    const customer = await customerWith('succeeds');
    const bookingId = await startedBooking(customer, version);
    const charged = await post(staff, `/api/bookings/${bookingId}/charge-card`);
    expect(charged.statusCode).toBe(200);
    expect(charged.json()).toMatchObject({
      message: FRONT_DESK_MESSAGES.cardCharged,
      data: { payment: 'paid', amountPaid: 100, balanceDue: 0 },
    });
    expect(await ledgerOf(bookingId)).toEqual([{ kind: 'full', method: 'card_on_file', amountCents: 10_000 }]);
    const again = await post(staff, `/api/bookings/${bookingId}/charge-card`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: FRONT_DESK_MESSAGES.nothingDue });
  });

  it('takes part of it when asked, never more than is due', async () => {
    const customer = await customerWith('succeeds');
    const bookingId = await startedBooking(customer, version);
    const over = await post(staff, `/api/bookings/${bookingId}/charge-card`, { amount: 100.01 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ success: false, message: FRONT_DESK_MESSAGES.amountOverBalance('100.00') });
    const part = await post(staff, `/api/bookings/${bookingId}/charge-card`, { amount: 40 });
    expect(part.json().data).toMatchObject({ payment: 'unpaid', amountPaid: 40, balanceDue: 60 });
    const bad = await post(staff, `/api/bookings/${bookingId}/charge-card`, { amount: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'amount', message: FRONT_DESK_MESSAGES.chargeAmountInvalid }]);
  });

  it('is refused without a card, and when the card declines, and to anyone but the shop', async () => {
    const none = await customerWith(null);
    const noCard = await post(staff, `/api/bookings/${await startedBooking(none, version)}/charge-card`);
    expect(noCard.statusCode).toBe(409);
    expect(noCard.json()).toEqual({ success: false, message: FRONT_DESK_MESSAGES.noCardOnFile });
    const declining = await customerWith('declines');
    const bookingId = await startedBooking(declining, version);
    const declined = await post(staff, `/api/bookings/${bookingId}/charge-card`);
    expect(declined.statusCode).toBe(409);
    expect(declined.json().message).toMatch(/^The card was declined: /);
    expect(await ledgerOf(bookingId)).toEqual([]);
    expect((await post(declining, `/api/bookings/${bookingId}/charge-card`)).statusCode).toBe(403);
  });
});

describe('a cancellation', () => {
  it('after the cut-off is refused, as SPEC.md has it, unless the accepted terms allow it with a fee', async () => {
    const customer = await customerWith('succeeds');
    // Starts in three hours: inside the 24-hour cut-off.
    const refused = await startedBooking(customer, version, 3);
    const late = await post(customer, `/api/bookings/${refused}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^Bookings can be cancelled or moved online up to 24 hours before they start/);

    const withFee = await t.app.inject(
      asUser(admin, {
        method: 'PUT',
        url: '/api/settings',
        payload: { paymentPolicy: { ...TERMS, lateCancellation: { kind: 'fee', fee: { kind: 'fixed', amount: 15 } } } },
      }),
    );
    const bookingId = await startedBooking(customer, withFee.json().data.policyVersion, 5);
    const before = await t.app.inject(asUser(customer, { method: 'GET', url: `/api/bookings/${bookingId}` }));
    expect(before.json().data.lateCancellation).toEqual({ kind: 'fee', amount: 15 });
    const cancelled = await post(customer, `/api/bookings/${bookingId}/cancel`, { reason: 'Car broke down' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.booking).toMatchObject({
      status: 'cancel',
      cancelReason: 'Car broke down',
      amountPaid: 15,
      balanceDue: 0,
      fees: [{ kind: 'late_cancel', amount: 15, status: 'charged' }],
    });
    expect(await ledgerOf(bookingId)).toEqual([{ kind: 'fee', method: 'card_on_file', amountCents: 1_500 }]);
    // The booking made under the earlier terms keeps them: still refused.
    const earlier = await t.app.inject(asUser(customer, { method: 'GET', url: `/api/bookings/${refused}` }));
    expect(earlier.json().data.lateCancellation).toBeNull();
    expect((await post(customer, `/api/bookings/${refused}/cancel`)).statusCode).toBe(409);
  });

  it('by the shop gives back the cash taken at the counter, in the ledger', async () => {
    const customer = await customerWith(null);
    const bookingId = await startedBooking(customer, null, 30);
    const paid = await post(staff, `/api/bookings/${bookingId}/payments`, { method: 'cash', amount: 100 });
    expect(paid.json().data).toMatchObject({ payment: 'paid', amountPaid: 100 });
    const cancelled = await post(staff, `/api/bookings/${bookingId}/cancel`, { reason: 'Weather' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      refund: { amount: 100, status: 'refunded' },
      booking: { status: 'cancel', amountPaid: 0, balanceDue: 0, cancelReason: 'Weather' },
    });
    expect(await ledgerOf(bookingId)).toEqual([
      { kind: 'full', method: 'cash', amountCents: 10_000 },
      { kind: 'refund', method: 'cash', amountCents: -10_000 },
    ]);
  });
});
