import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { REVIEW_MESSAGES } from '@carcare/contracts/reviews-constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, refunds, reviews } from '../../src/db/schema';
import {
  asUser,
  createTestApp,
  paidBooking,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Posts a review as the customer and answers what the API said and what the database keeps. */
async function review(author: TestUser) {
  const response = await t.app.inject(
    asUser(author, {
      method: 'POST',
      url: '/api/review/create',
      payload: { rating: 5, comment: 'Spotless car and a friendly team' },
    }),
  );
  expect(response.statusCode).toBe(201);
  expect(response.json().message).toBe(REVIEW_MESSAGES.created);
  const [stored] = await t.database.db.select().from(reviews).where(eq(reviews.id, response.json().data._id));
  return { answered: response.json().data.verified, stored: stored?.verified };
}

/** A customer with one booking, paid at the sandbox checkout. */
async function customerWithPaidBooking() {
  const customer = await signedInUser(t.app);
  const { service, slots } = await serviceWithSlots(t.app, { slotCount: 1 });
  const booking = await paidBooking(t.app, customer, service.id, slots[0]?.id ?? '');
  return { customer, bookingId: booking.id };
}

const cancel = (customer: TestUser, bookingId: string) =>
  t.app.inject(asUser(customer, { method: 'POST', url: `/api/bookings/${bookingId}/cancel`, payload: {} }));

describe('a verified review', () => {
  it('is not given for a booking that was paid and then refunded in full', async () => {
    const { customer, bookingId } = await customerWithPaidBooking();
    const cancelled = await cancel(customer, bookingId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: BOOKING_MESSAGES.cancelled,
      data: { booking: { status: 'cancel', payment: 'paid' }, refund: { status: 'refunded', amount: 45.5 } },
    });

    expect(await review(customer)).toEqual({ answered: false, stored: false });
  });

  it('is not given while a refund of the booking is under way either', async () => {
    const { customer, bookingId } = await customerWithPaidBooking();
    await t.database.db.insert(refunds).values({ bookingId, provider: 'sandbox', amountCents: 4550 });

    expect(await review(customer)).toEqual({ answered: false, stored: false });
  });

  it('is given for a paid booking, kept or cancelled by the shop without a refund, and when a refund failed', async () => {
    const kept = await customerWithPaidBooking();
    expect(await review(kept.customer)).toEqual({ answered: true, stored: true });

    const admin = await signedInUser(t.app, 'admin');
    const unrefunded = await customerWithPaidBooking();
    const cancelled = await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: `/api/bookings/${unrefunded.bookingId}/cancel`,
        payload: { refund: false },
      }),
    );
    expect(cancelled.json().data).toMatchObject({ booking: { status: 'cancel' }, refund: { status: 'none' } });
    expect(await review(unrefunded.customer)).toEqual({ answered: true, stored: true });

    const failed = await customerWithPaidBooking();
    await t.database.db
      .insert(refunds)
      .values({ bookingId: failed.bookingId, provider: 'sandbox', amountCents: 4550, status: 'failed' });
    expect(await review(failed.customer)).toEqual({ answered: true, stored: true });
  });

  it('is given for a completed booking, even one settled at the counter, and not for an unpaid hold', async () => {
    const customer = await signedInUser(t.app);
    const { service, slots } = await serviceWithSlots(t.app, { slotCount: 1 });
    const held = await t.app.inject(
      asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: slots[0]?.id } }),
    );
    expect(held.statusCode).toBe(201);
    expect(await review(customer)).toEqual({ answered: false, stored: false });

    await t.database.db
      .update(bookings)
      .set({ status: 'completed', payment: 'unpaid' })
      .where(eq(bookings.id, held.json().data.booking._id));
    expect(await review(customer)).toEqual({ answered: true, stored: true });
  });

  it('is given when one booking was refunded and another is still paid for', async () => {
    const { customer, bookingId } = await customerWithPaidBooking();
    expect((await cancel(customer, bookingId)).statusCode).toBe(200);
    const { service, slots } = await serviceWithSlots(t.app, { slotCount: 1 });
    await paidBooking(t.app, customer, service.id, slots[0]?.id ?? '');

    expect(await review(customer)).toEqual({ answered: true, stored: true });
  });
});
