import { REVIEW_REQUEST_MESSAGES } from '@carcare/contracts/reviews-constants';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, reviews } from '../../src/db/schema';
import { linkKeyFrom, signLink } from '../../src/lib/signed-links';
import { createTestApp, paidBooking, serviceWithSlots, signedInUser, type TestApp, waitForLockWaits } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A customer's completed booking and its review request's link. */
async function completedBookingLink() {
  const { service, slots } = await serviceWithSlots(t.app, { name: 'Raced Review', slotCount: 1 });
  const customer = await signedInUser(t.app);
  const { id } = await paidBooking(t.app, customer, service.id, slots[0]?.id ?? '');
  await t.app.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, id));
  return { id, customerId: customer.id, token: signLink(linkKeyFrom(t.config.jwtSecret, 'review-request'), id) };
}

const postReview = (token: string, index: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/review/requests/${token}`,
    payload: { rating: 5, comment: `Written at once, number ${index}` },
  });

function expectOneWritten(answers: Array<{ statusCode: number; json: () => unknown }>) {
  const statuses = answers.map((answer) => answer.statusCode);
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(answers.length - 1);
  for (const answer of answers.filter((one) => one.statusCode === 409)) {
    expect(answer.json()).toEqual({ success: false, message: REVIEW_REQUEST_MESSAGES.alreadyReviewed });
  }
}

describe("a review request's link used at once", () => {
  it('stores exactly one review of two concurrent posts', async () => {
    const { id, token } = await completedBookingLink();
    expectOneWritten(await Promise.all([postReview(token, 1), postReview(token, 2)]));
    expect(await t.app.db.select().from(reviews).where(eq(reviews.bookingId, id))).toHaveLength(1);
  });

  it("is held to one review by the database's unique index, not by a check that could see an uncommitted review", async () => {
    const { id, customerId, token } = await completedBookingLink();
    // Another transaction writes the booking's review and has not committed: no check would see it.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query(
      "insert into reviews (user_id, booking_id, rating, comment, verified) values ($1, $2, 1, 'Not kept', true)",
      [customerId, id],
    );
    const pending = Promise.all(Array.from({ length: 6 }, (_, index) => postReview(token, index)));
    try {
      // The first post waits on the index for the holder; the others wait for the customer's lock.
      await waitForLockWaits(holder, 2);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expectOneWritten(await pending);
    const stored = await t.app.db.select().from(reviews).where(eq(reviews.bookingId, id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.comment).toMatch(/^Written at once/);
  });
});
