import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { CANCEL_REASONS, FRONT_DESK_MESSAGES, HOLD_CANCEL_REASONS } from '@carcare/contracts/front-desk-constants';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser, utcSlotRow } from '../../../../test/helper';
import { bookingMoves, bookings, refunds, services, slots } from '../../../db/schema';
import { expireStaleHolds } from '../checkout/holds';

let t: TestApp;
let admin: TestUser;
let staff: TestUser;

const HOUR = 3_600_000;
const CUTOFF_HOURS = 24;
const CONTACT = '+880 1700-000000 or hello@carcare.example';

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  staff = await signedInUser(t.app, 'staff');
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let serviceCounter = 0;

/** A service with one slot starting `hoursAhead` from now (to the minute), on a bay of its own. */
async function serviceStartingIn(hoursAhead: number, options: { slotCount?: number; priceCents?: number } = {}) {
  serviceCounter += 1;
  const { slotCount = 1, priceCents = 6000 } = options;
  const [service] = await t.app.db
    .insert(services)
    .values({ name: `Lifecycle ${serviceCounter}`, description: 'An hour', durationMinutes: 60, priceCents })
    .returning();
  if (!service) throw new Error('service was not created');
  const bay = (
    await t.app.inject(
      asUser(admin, { method: 'POST', url: '/api/bays', payload: { name: `Lifecycle bay ${serviceCounter}` } }),
    )
  ).json().data;
  await t.app.inject(
    asUser(admin, { method: 'PUT', url: `/api/services/${service.id}`, payload: { bays: [bay._id] } }),
  );
  const first = Math.ceil((Date.now() + hoursAhead * HOUR) / 60_000) * 60_000;
  const rows = Array.from({ length: slotCount }, (_, index) => {
    const startsAt = new Date(first + index * 2 * HOUR);
    return utcSlotRow(service.id, startsAt, new Date(startsAt.getTime() + HOUR));
  });
  const created = await t.app.db.insert(slots).values(rows).returning();
  return { service, slots: created, bayId: bay._id as string };
}

/** A customer's booking of the slot, paid at the sandbox checkout. */
async function paidBooking(serviceId: string, slotId: string, customer?: TestUser) {
  const who = customer ?? (await signedInUser(t.app));
  const created = await t.app.inject(
    asUser(who, { method: 'POST', url: '/api/bookings', payload: { service: serviceId, slot: slotId } }),
  );
  expect(created.statusCode).toBe(201);
  const session = String(created.json().data.payment_url).split('/pay/')[1];
  await t.app.inject({ method: 'POST', url: `/pay/${session}/pay` });
  return { customer: who, id: created.json().data.booking._id as string };
}

/** Signs the user in again: after the clock is moved, their access token from before has run out. */
async function signedInAgain(user: TestUser): Promise<TestUser> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  return { ...user, accessToken: login.json().accessToken };
}

const stored = async (id: string) => (await t.app.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const refundsOf = (id: string) => t.app.db.select().from(refunds).where(eq(refunds.bookingId, id));
const cancel = (caller: TestUser | null, id: string, payload?: object) => {
  const options = { method: 'POST' as const, url: `/api/bookings/${id}/cancel`, payload };
  return t.app.inject(caller ? asUser(caller, options) : options);
};
const reschedule = (caller: TestUser, id: string, slot: string | undefined, why: object = {}) =>
  t.app.inject(asUser(caller, { method: 'POST', url: `/api/bookings/${id}/reschedule`, payload: { slot, ...why } }));
const movesOf = (id: string) =>
  t.app.db.select().from(bookingMoves).where(eq(bookingMoves.bookingId, id)).orderBy(asc(bookingMoves.movedAt));

describe('a customer cancelling', () => {
  it('cancels a confirmed booking before the cut-off, refunds it in full and frees the bay', async () => {
    const { service, slots: open } = await serviceStartingIn(48, { priceCents: 7550 });
    const { customer, id } = await paidBooking(service.id, open[0]?.id ?? '');

    const response = await cancel(customer, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: BOOKING_MESSAGES.cancelled,
      data: {
        booking: { _id: id, status: 'cancel', payment: 'paid', refund: { amount: 75.5, status: 'refunded' } },
        refund: { amount: 75.5, status: 'refunded' },
      },
    });
    expect(await stored(id)).toMatchObject({ status: 'cancel', payment: 'paid' });
    expect(await refundsOf(id)).toEqual([
      expect.objectContaining({ provider: 'sandbox', amountCents: 7550, status: 'refunded' }),
    ]);
    const next = await t.app.inject(
      asUser(await signedInUser(t.app), {
        method: 'POST',
        url: '/api/bookings',
        payload: { service: service.id, slot: open[0]?.id },
      }),
    );
    expect(next.statusCode).toBe(201);
  });

  it('is refused past the cut-off with the cut-off and the shop contact, and changes nothing', async () => {
    const { service, slots: open } = await serviceStartingIn(30);
    const { customer, id } = await paidBooking(service.id, open[0]?.id ?? '');
    const startsAt = open[0]?.startsAt.getTime() ?? 0;

    // One minute before the cut-off it would still be allowed; one minute after, it is not.
    vi.useFakeTimers({ toFake: ['Date'], now: startsAt - CUTOFF_HOURS * HOUR + 60_000 });
    const late = await cancel(await signedInAgain(customer), id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ success: false, message: BOOKING_MESSAGES.pastCutoff(CUTOFF_HOURS, CONTACT) });
    expect(late.json().message).toBe(
      'Bookings can be cancelled or moved online up to 24 hours before they start. To change this one, please contact the shop: +880 1700-000000 or hello@carcare.example',
    );
    expect(await stored(id)).toMatchObject({ status: 'confirm' });
    expect(await refundsOf(id)).toEqual([]);

    vi.setSystemTime(startsAt - CUTOFF_HOURS * HOUR - 60_000);
    expect((await cancel(await signedInAgain(customer), id)).statusCode).toBe(200);
  });

  it("answers 404 for another customer's booking and 409 for one already cancelled", async () => {
    const { service, slots: open } = await serviceStartingIn(50);
    const { customer, id } = await paidBooking(service.id, open[0]?.id ?? '');
    const stranger = await signedInUser(t.app);
    const theirs = await cancel(stranger, id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(BOOKING_MESSAGES.notFound);
    expect(await stored(id)).toMatchObject({ status: 'confirm' });

    expect((await cancel(customer, id)).statusCode).toBe(200);
    const again = await cancel(customer, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BOOKING_MESSAGES.alreadyEnded.cancel);
    expect(await refundsOf(id)).toHaveLength(1);
    expect((await cancel(null, id)).statusCode).toBe(401);
  });

  it('is refused for an unpaid booking, which the checkout cancels', async () => {
    const { service, slots: open } = await serviceStartingIn(52);
    const customer = await signedInUser(t.app);
    const created = await t.app.inject(
      asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: open[0]?.id } }),
    );
    const response = await cancel(customer, created.json().data.booking._id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(BOOKING_MESSAGES.notPaidYet);
  });

  it('leaves the booking confirmed and answers 502 when the provider refuses the refund', async () => {
    const { service, slots: open } = await serviceStartingIn(54);
    const { customer, id } = await paidBooking(service.id, open[0]?.id ?? '');
    const refund = vi.spyOn(t.app.payments, 'refund').mockRejectedValueOnce(new Error('card network down'));
    const response = await cancel(customer, id);
    refund.mockRestore();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ success: false, message: BOOKING_MESSAGES.refundFailed });
    expect(await stored(id)).toMatchObject({ status: 'confirm', payment: 'paid' });
    expect(await refundsOf(id)).toEqual([expect.objectContaining({ status: 'failed' })]);

    // Asked again, the refund goes through once.
    expect((await cancel(customer, id)).json().data.refund).toEqual({ amount: 60, status: 'refunded' });
    expect((await refundsOf(id)).map((row) => row.status).sort()).toEqual(['failed', 'refunded']);
  });

  it('asks the provider once when the same booking is cancelled twice at once', async () => {
    const { service, slots: open } = await serviceStartingIn(56);
    const { customer, id } = await paidBooking(service.id, open[0]?.id ?? '');
    const refund = vi.spyOn(t.app.payments, 'refund');
    const answers = await Promise.all([cancel(customer, id), cancel(customer, id), cancel(customer, id)]);
    expect(refund).toHaveBeenCalledTimes(1);
    refund.mockRestore();
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await refundsOf(id)).toHaveLength(1);
  });
  it('takes over a refund claim left without an answer by a stopped instance, asking with the same key', async () => {
    const { service, slots: open } = await serviceStartingIn(58, { slotCount: 2 });
    const stale = await paidBooking(service.id, open[0]?.id ?? '');
    const fresh = await paidBooking(service.id, open[1]?.id ?? '');
    const claimOf = async (bookingId: string, minutesAgo: number) => {
      const [claim] = await t.app.db
        .insert(refunds)
        .values({
          bookingId,
          provider: 'sandbox',
          amountCents: 6000,
          updatedAt: new Date(Date.now() - minutesAgo * 60_000),
        })
        .returning();
      return claim?.id;
    };
    const staleClaim = await claimOf(stale.id, 10);
    await claimOf(fresh.id, 1);
    const refund = vi.spyOn(t.app.payments, 'refund');

    const inProgress = await cancel(fresh.customer, fresh.id);
    expect(inProgress.statusCode).toBe(409);
    expect(inProgress.json().message).toBe(BOOKING_MESSAGES.cancelInProgress);
    expect(refund).not.toHaveBeenCalled();

    const resumed = await cancel(stale.customer, stale.id);
    expect(resumed.statusCode).toBe(200);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund.mock.calls[0]?.[0]).toMatchObject({ idempotencyKey: staleClaim, amountCents: 6000 });
    refund.mockRestore();
    expect(await refundsOf(stale.id)).toEqual([expect.objectContaining({ id: staleClaim, status: 'refunded' })]);
    expect(await stored(stale.id)).toMatchObject({ status: 'cancel' });
  });
});

describe('an administrator', () => {
  it('cancels any booking after the cut-off too, with or without a refund', async () => {
    const { service, slots: open } = await serviceStartingIn(2, { slotCount: 2 });
    const refunded = await paidBooking(service.id, open[0]?.id ?? '');
    const kept = await paidBooking(service.id, open[1]?.id ?? '');

    const withRefund = await cancel(admin, refunded.id);
    expect(withRefund.json().data.refund).toEqual({ amount: 60, status: 'refunded' });
    const withoutRefund = await cancel(admin, kept.id, { refund: false });
    expect(withoutRefund.statusCode).toBe(200);
    expect(withoutRefund.json().data).toMatchObject({
      booking: { status: 'cancel', payment: 'paid', refund: null },
      refund: { amount: 0, status: 'none' },
    });
    expect(await refundsOf(kept.id)).toEqual([]);
    const bad = await cancel(admin, kept.id, { refund: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(BOOKING_MESSAGES.refundInvalid);
  });

  it('ends an unpaid booking and closes its checkout', async () => {
    const { service, slots: open } = await serviceStartingIn(60);
    const customer = await signedInUser(t.app);
    const created = await t.app.inject(
      asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: open[0]?.id } }),
    );
    const id = created.json().data.booking._id;
    const response = await cancel(admin, id);
    expect(response.json().data).toMatchObject({
      booking: { status: 'cancel', payment: 'unpaid' },
      refund: { status: 'none' },
    });
    const session = String(created.json().data.payment_url).split('/pay/')[1];
    const late = await t.app.inject({ method: 'POST', url: `/pay/${session}/pay` });
    expect(late.headers.location).toBe(`/payment/failed?booking=${id}`);
  });

  it('marks a started booking completed or a no-show, never one still ahead', async () => {
    const { service, slots: open } = await serviceStartingIn(3, { slotCount: 2 });
    const done = await paidBooking(service.id, open[0]?.id ?? '');
    const missed = await paidBooking(service.id, open[1]?.id ?? '');
    let markedBy = admin;
    const mark = (id: string, path: string, caller: TestUser = markedBy) =>
      t.app.inject(asUser(caller, { method: 'POST', url: `/api/bookings/${id}/${path}` }));

    const early = await mark(done.id, 'complete');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(BOOKING_MESSAGES.notStarted);

    vi.useFakeTimers({ toFake: ['Date'], now: (open[1]?.startsAt.getTime() ?? 0) + 60_000 });
    // A token issued under the moved clock: the shared one of the suite is never issued ahead of real time.
    markedBy = await signedInAgain(admin);
    const forbidden = await mark(done.id, 'complete', await signedInAgain(done.customer));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(GENERIC_ERROR_MESSAGES.forbidden);
    const completed = await mark(done.id, 'complete');
    expect(completed.json()).toMatchObject({ message: BOOKING_MESSAGES.completed, data: { status: 'completed' } });
    const noShow = await mark(missed.id, 'no-show');
    expect(noShow.json()).toMatchObject({ message: BOOKING_MESSAGES.noShow, data: { status: 'no_show' } });
    expect(await stored(missed.id)).toMatchObject({ status: 'no_show' });

    const twice = await mark(done.id, 'no-show');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(BOOKING_MESSAGES.alreadyEnded.completed);
    const cancelLater = await cancel(markedBy, missed.id);
    expect(cancelLater.json().message).toBe(BOOKING_MESSAGES.alreadyEnded.no_show);
    expect((await mark(crypto.randomUUID(), 'complete')).statusCode).toBe(404);
  });
});

describe('a customer rescheduling', () => {
  it('moves the booking to a free slot of its service, keeping its payment, and frees the old one', async () => {
    const { service, slots: open } = await serviceStartingIn(72, { slotCount: 3 });
    const { customer, id } = await paidBooking(service.id, open[0]?.id ?? '');

    const moved = await reschedule(customer, id, open[2]?.id);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      message: BOOKING_MESSAGES.rescheduled,
      data: { _id: id, status: 'confirm', payment: 'paid', slot: { _id: open[2]?.id } },
    });
    expect(await stored(id)).toMatchObject({
      slotId: open[2]?.id,
      occupiedFrom: open[2]?.startsAt,
      occupiedUntil: open[2]?.endsAt,
    });
    // The move is kept: the customer's own, so no reason.
    expect(await movesOf(id)).toEqual([
      expect.objectContaining({
        fromSlotId: open[0]?.id,
        toSlotId: open[2]?.id,
        movedBy: customer.id,
        reason: null,
        reasonText: null,
      }),
    ]);
    const other = await t.app.inject(
      asUser(await signedInUser(t.app), {
        method: 'POST',
        url: '/api/bookings',
        payload: { service: service.id, slot: open[0]?.id },
      }),
    );
    expect(other.statusCode).toBe(201);
  });

  it('refuses a full, past, cancelled, unknown or other service slot and leaves the booking as it was', async () => {
    const { service, slots: open } = await serviceStartingIn(80, { slotCount: 4 });
    const other = await serviceStartingIn(90);
    const { customer, id } = await paidBooking(service.id, open[0]?.id ?? '');
    await paidBooking(service.id, open[1]?.id ?? '');
    await t.app.db
      .update(slots)
      .set({ status: 'cancel' })
      .where(eq(slots.id, open[2]?.id ?? ''));
    await t.app.db
      .update(slots)
      .set({ startsAt: new Date(Date.now() - HOUR) })
      .where(eq(slots.id, open[3]?.id ?? ''));
    const before = await stored(id);

    const cases = [
      [open[1]?.id, 409, BOOKING_MESSAGES.slotFull],
      [open[2]?.id, 409, BOOKING_MESSAGES.slotCancelled],
      [open[3]?.id, 409, BOOKING_MESSAGES.slotPast],
      [other.slots[0]?.id, 409, BOOKING_MESSAGES.rescheduleOtherService],
      [crypto.randomUUID(), 404, BOOKING_MESSAGES.slotUnknown],
      [open[0]?.id, 409, BOOKING_MESSAGES.rescheduleSameSlot],
    ] as const;
    for (const [slot, status, message] of cases) {
      const response = await reschedule(customer, id, slot);
      expect(response.statusCode, message).toBe(status);
      expect(response.json()).toEqual({ success: false, message });
    }
    expect(await stored(id)).toEqual(before);
    const malformed = await reschedule(customer, id, 'tomorrow');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(BOOKING_MESSAGES.slotRequired);
  });

  it('is refused past the cut-off, for an unpaid booking and for another customer', async () => {
    const { service, slots: open } = await serviceStartingIn(20, { slotCount: 2 });
    const { customer, id } = await paidBooking(service.id, open[0]?.id ?? '');
    const late = await reschedule(customer, id, open[1]?.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(BOOKING_MESSAGES.pastCutoff(CUTOFF_HOURS, CONTACT));
    const stranger = await signedInUser(t.app);
    expect((await reschedule(stranger, id, open[1]?.id)).statusCode).toBe(404);
    // The shop may move it, but says why.
    const asAdmin = await reschedule(admin, id, open[1]?.id);
    expect(asAdmin.statusCode).toBe(400);
    expect(asAdmin.json().message).toBe(FRONT_DESK_MESSAGES.reasonRequired);
    expect((await stored(id))?.slotId).toBe(open[0]?.id);
    expect(await movesOf(id)).toEqual([]);
  });

  it('may move onto time its own bay holds: the booking does not block itself', async () => {
    const { service, slots: open } = await serviceStartingIn(100, { slotCount: 2 });
    // With a 90-minute buffer the booking holds its one bay for 2 h 30; the next slot starts 2 h later.
    await t.app.db.update(services).set({ bufferMinutes: 90 }).where(eq(services.id, service.id));
    const { customer, id } = await paidBooking(service.id, open[0]?.id ?? '');
    const moved = await reschedule(customer, id, open[1]?.id);
    expect(moved.statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({
      slotId: open[1]?.id,
      occupiedFrom: open[1]?.startsAt,
      occupiedUntil: new Date((open[1]?.endsAt.getTime() ?? 0) + 90 * 60_000),
    });
  });
});

describe('the shop moving a booking', () => {
  it('moves it inside the cut-off, where the customer cannot, and keeps who moved it and why', async () => {
    const { service, slots: open } = await serviceStartingIn(30, { slotCount: 3 });
    const { customer, id } = await paidBooking(service.id, open[0]?.id ?? '');
    const startsAt = open[0]?.startsAt.getTime() ?? 0;

    // One minute past the cut-off: the customer is sent to the shop; staff move it.
    vi.useFakeTimers({ toFake: ['Date'], now: startsAt - CUTOFF_HOURS * HOUR + 60_000 });
    const late = await reschedule(await signedInAgain(customer), id, open[1]?.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ success: false, message: BOOKING_MESSAGES.pastCutoff(CUTOFF_HOURS, CONTACT) });
    expect(await movesOf(id)).toEqual([]);

    const staffNow = await signedInAgain(staff);
    const moved = await reschedule(staffNow, id, open[1]?.id, { reason: 'weather', reasonText: '  Heavy rain  ' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      success: true,
      message: FRONT_DESK_MESSAGES.movedByShop,
      data: { _id: id, status: 'confirm', payment: 'paid', amountPaid: 60, balanceDue: 0, slot: { _id: open[1]?.id } },
    });
    expect(await stored(id)).toMatchObject({ slotId: open[1]?.id, occupiedFrom: open[1]?.startsAt });
    expect(await movesOf(id)).toEqual([
      expect.objectContaining({
        bookingId: id,
        fromSlotId: open[0]?.id,
        toSlotId: open[1]?.id,
        movedBy: staff.id,
        reason: 'weather',
        reasonText: 'Heavy rain',
      }),
    ]);
    // Nothing was charged or given back: the payment moved with it.
    expect(await refundsOf(id)).toEqual([]);

    // The administrator moves it again, an hour before it starts, for a reason of their own.
    vi.setSystemTime((open[1]?.startsAt.getTime() ?? 0) - HOUR);
    const again = await reschedule(await signedInAgain(admin), id, open[2]?.id, {
      reason: 'other',
      reasonText: 'Bay 2 is being repaired',
    });
    expect(again.statusCode).toBe(200);
    expect((await movesOf(id)).map((move) => [move.toSlotId, move.reason, move.reasonText])).toEqual([
      [open[1]?.id, 'weather', 'Heavy rain'],
      [open[2]?.id, 'other', 'Bay 2 is being repaired'],
    ]);
  });

  it('needs a reason, and words for other; never moves into the past; and finds any booking', async () => {
    const { service, slots: open } = await serviceStartingIn(40, { slotCount: 2 });
    const { id } = await paidBooking(service.id, open[0]?.id ?? '');
    const before = await stored(id);
    const cases = [
      [{}, FRONT_DESK_MESSAGES.reasonRequired, 'reason'],
      [{ reason: 'other' }, FRONT_DESK_MESSAGES.reasonRequired, 'reasonText'],
      [{ reason: 'other', reasonText: '   ' }, FRONT_DESK_MESSAGES.reasonRequired, 'reasonText'],
      [{ reason: 'rain' }, FRONT_DESK_MESSAGES.reasonInvalid, 'reason'],
      [{ reason: 'shop', reasonText: 'x'.repeat(201) }, FRONT_DESK_MESSAGES.reasonTextTooLong, 'reasonText'],
    ] as const;
    for (const [why, message, path] of cases) {
      const response = await reschedule(staff, id, open[1]?.id, why);
      expect(response.statusCode, JSON.stringify(why)).toBe(400);
      expect(response.json(), JSON.stringify(why)).toEqual({ success: false, message, errors: [{ path, message }] });
    }
    await t.app.db
      .update(slots)
      .set({ startsAt: new Date(Date.now() - HOUR) })
      .where(eq(slots.id, open[1]?.id ?? ''));
    const past = await reschedule(staff, id, open[1]?.id, { reason: 'shop' });
    expect(past.statusCode).toBe(409);
    expect(past.json()).toEqual({ success: false, message: BOOKING_MESSAGES.slotPast });
    expect(await stored(id)).toEqual(before);
    expect(await movesOf(id)).toEqual([]);
    const unknown = await reschedule(staff, crypto.randomUUID(), open[1]?.id, { reason: 'shop' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(BOOKING_MESSAGES.notFound);
  });

  it('answers a customer who sends a reason as any customer: their move, and no reason kept', async () => {
    const { service, slots: open } = await serviceStartingIn(120, { slotCount: 2 });
    const { customer, id } = await paidBooking(service.id, open[0]?.id ?? '');
    const moved = await reschedule(customer, id, open[1]?.id, { reason: 'weather' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().message).toBe(BOOKING_MESSAGES.rescheduled);
    expect((await movesOf(id)).map((move) => [move.movedBy, move.reason])).toEqual([[customer.id, null]]);
  });
});

describe('cancellation reasons', () => {
  it('staff cancel any booking after the cut-off too, keeping the money when asked, with the reason chosen', async () => {
    const { service, slots: open } = await serviceStartingIn(3, { slotCount: 2 });
    const kept = await paidBooking(service.id, open[0]?.id ?? '');
    const refunded = await paidBooking(service.id, open[1]?.id ?? '');

    const withoutRefund = await cancel(staff, kept.id, { refund: false, reason: CANCEL_REASONS[1] });
    expect(withoutRefund.statusCode).toBe(200);
    expect(withoutRefund.json()).toMatchObject({
      message: BOOKING_MESSAGES.cancelled,
      data: {
        booking: { status: 'cancel', payment: 'paid', refund: null, cancelReason: 'Weather', amountPaid: 60 },
        refund: { amount: 0, status: 'none' },
      },
    });
    expect(await stored(kept.id)).toMatchObject({ status: 'cancel', cancelReason: 'Weather' });
    expect(await refundsOf(kept.id)).toEqual([]);

    const withRefund = await cancel(staff, refunded.id, { reason: '  The owner is ill  ' });
    expect(withRefund.json().data).toMatchObject({
      booking: { status: 'cancel', cancelReason: 'The owner is ill', amountPaid: 0 },
      refund: { amount: 60, status: 'refunded' },
    });
    expect(await stored(refunded.id)).toMatchObject({ cancelReason: 'The owner is ill' });
  });

  it("keeps the customer's reason, none when they give none, and refuses one too long", async () => {
    const { service, slots: open } = await serviceStartingIn(70, { slotCount: 3 });
    const first = await paidBooking(service.id, open[0]?.id ?? '');
    const second = await paidBooking(service.id, open[1]?.id ?? '');

    const tooLong = await cancel(first.customer, first.id, { reason: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      success: false,
      message: FRONT_DESK_MESSAGES.cancelReasonTooLong,
      errors: [{ path: 'reason', message: FRONT_DESK_MESSAGES.cancelReasonTooLong }],
    });
    expect(await stored(first.id)).toMatchObject({ status: 'confirm', cancelReason: null });

    const withReason = await cancel(first.customer, first.id, { reason: CANCEL_REASONS[0] });
    expect(withReason.json().data.booking.cancelReason).toBe('Customer changed plans');
    expect(await stored(first.id)).toMatchObject({ status: 'cancel', cancelReason: 'Customer changed plans' });
    const without = await cancel(second.customer, second.id);
    expect(without.statusCode).toBe(200);
    expect(await stored(second.id)).toMatchObject({ status: 'cancel', cancelReason: null });
  });

  it('says why the system ended an unpaid booking, and keeps the reason staff give for ending one', async () => {
    const { service, slots: open } = await serviceStartingIn(90, { slotCount: 2 });
    const book = async (slotId: string) => {
      const created = await t.app.inject(
        asUser(await signedInUser(t.app), {
          method: 'POST',
          url: '/api/bookings',
          payload: { service: service.id, slot: slotId },
        }),
      );
      return created.json().data.booking._id as string;
    };
    const swept = await book(open[0]?.id ?? '');
    const ended = await book(open[1]?.id ?? '');
    // The first hold has run out; the second has not.
    await t.app.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(bookings.id, swept));
    expect(await expireStaleHolds(t.app.db, t.app.payments, t.app.log)).toBe(1);
    expect(await stored(swept)).toMatchObject({
      status: 'cancel',
      payment: 'unpaid',
      cancelReason: HOLD_CANCEL_REASONS.paymentNotCompleted,
    });
    const response = await cancel(staff, ended, { reason: CANCEL_REASONS[4] });
    expect(response.json().data.booking).toMatchObject({ status: 'cancel', cancelReason: 'Booked by mistake' });
    expect(await stored(ended)).toMatchObject({ status: 'cancel', cancelReason: 'Booked by mistake' });
  });
});
