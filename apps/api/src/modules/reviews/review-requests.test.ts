import { REVIEW_MESSAGES, REVIEW_REQUEST_MESSAGES, REVIEWS_PER_DAY } from '@carcare/contracts/reviews-constants';
import { TEXT_LIMITS } from '@carcare/contracts/text-limits';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  paidBooking,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../test/helper';
import { bookings, reviews, users } from '../../db/schema';
import { linkKeyFrom, signLink } from '../../lib/signed-links';

let t: TestApp;
let staff: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInUser(t.app, 'staff');
  admin = await signedInUser(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

const linkOf = (bookingId: string) => signLink(linkKeyFrom(t.config.jwtSecret, 'review-request'), bookingId);

/** A customer's paid booking of a service of its own, completed unless told otherwise, and its request's link. */
async function requested(status: 'completed' | 'confirm' | 'cancel' | 'no_show' = 'completed') {
  const customer = await signedInUser(t.app);
  const { service, slots } = await serviceWithSlots(t.app, { name: 'Ceramic Coat', slotCount: 1 });
  const slot = slots[0];
  if (!slot) throw new Error('no slot');
  const { id } = await paidBooking(t.app, customer, service.id, slot.id);
  await t.app.db.update(bookings).set({ status }).where(eq(bookings.id, id));
  return { customer, bookingId: id, token: linkOf(id), service, slot };
}

const as = (caller: TestUser | null, options: InjectOptions) =>
  t.app.inject(caller ? asUser(caller, options) : options);
const read = (token: string, caller: TestUser | null = null) =>
  as(caller, { method: 'GET', url: `/api/review/requests/${encodeURIComponent(token)}` });
const post = (token: string, payload: object, caller: TestUser | null = null) =>
  as(caller, { method: 'POST', url: `/api/review/requests/${encodeURIComponent(token)}`, payload });
const optOut = (token: string, caller: TestUser | null = null) =>
  as(caller, { method: 'POST', url: `/api/review/requests/${encodeURIComponent(token)}/opt-out`, payload: {} });

const praise = { rating: 5, comment: '  Spotless car and a friendly team  ' };

const storedFor = (bookingId: string) => t.app.db.select().from(reviews).where(eq(reviews.bookingId, bookingId));

describe('a review request', () => {
  it("shows the visitor the booking's service, day and time and the customer's first name", async () => {
    const { bookingId, token, service, slot } = await requested();
    const response = await read(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: REVIEW_REQUEST_MESSAGES.retrieved,
      data: {
        booking: {
          _id: bookingId,
          service: { _id: service.id, name: 'Ceramic Coat' },
          date: slot.date,
          startTime: slot.startTime,
        },
        customer: { firstName: 'Test' },
        reviewed: false,
        optedOut: false,
      },
    });
  });

  it("writes one verified review for the booking's customer, shown verified in the review list", async () => {
    const { customer, bookingId, token } = await requested();
    const response = await post(token, praise);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      message: REVIEW_MESSAGES.created,
      data: { rating: 5, comment: 'Spotless car and a friendly team', user: { firstName: 'Test' }, verified: true },
    });
    expect(await storedFor(bookingId)).toMatchObject([{ userId: customer.id, rating: 5, verified: true }]);
    const list = (await t.app.inject({ method: 'GET', url: '/api/review/get?limit=1' })).json();
    expect(list.data).toEqual([response.json().data]);
    expect((await read(token)).json().data.reviewed).toBe(true);
  });

  it('is usable once: the second review answers 409 and stores nothing', async () => {
    const { bookingId, token } = await requested();
    expect((await post(token, praise)).statusCode).toBe(201);
    const second = await post(token, { rating: 1, comment: 'Changed my mind about it' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ success: false, message: REVIEW_REQUEST_MESSAGES.alreadyReviewed });
    expect(await storedFor(bookingId)).toMatchObject([{ rating: 5 }]);
  });

  it.each([
    ['a token of another purpose', (id: string) => `${id}~${'A'.repeat(43)}`],
    ['a changed booking id', (id: string) => linkOf(id).replace(id.slice(0, 8), '00000000')],
    ['no mac at all', (id: string) => id],
    ['a signed id that is no booking', () => linkOf(crypto.randomUUID())],
    ['a signed text that is no id', () => linkOf('not-a-booking')],
  ])('refuses %s with 404 on every route, storing nothing', async (_label, tokenFor) => {
    const { bookingId } = await requested();
    const token = tokenFor(bookingId);
    for (const response of [await read(token), await post(token, praise), await optOut(token)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: REVIEW_REQUEST_MESSAGES.invalid });
    }
    expect(await storedFor(bookingId)).toEqual([]);
  });

  it("stops a token longer than any link at the router's limit of a path parameter", async () => {
    const response = await read('x'.repeat(TEXT_LIMITS.token + 1));
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ success: false, message: 'The address is too long' });
  });

  it.each(['confirm', 'cancel', 'no_show'] as const)(
    'refuses a %s booking with 409 on every route, storing nothing',
    async (status) => {
      const { customer, bookingId, token } = await requested(status);
      for (const response of [await read(token), await post(token, praise), await optOut(token)]) {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ success: false, message: REVIEW_REQUEST_MESSAGES.notCompleted });
      }
      expect(await storedFor(bookingId)).toEqual([]);
      const [stored] = await t.app.db.select().from(users).where(eq(users.id, customer.id));
      expect(stored?.reviewRequestsOff).toBe(false);
    },
  );

  it.each([
    [{ rating: 5, comment: 'Too short' }, REVIEW_MESSAGES.commentTooShort],
    [{ rating: 5, comment: 'x'.repeat(TEXT_LIMITS.reviewComment + 1) }, REVIEW_MESSAGES.commentTooLong],
    [{ rating: 0, comment: 'A perfectly long comment' }, REVIEW_MESSAGES.ratingInvalid],
    [{ rating: 6, comment: 'A perfectly long comment' }, REVIEW_MESSAGES.ratingInvalid],
    [{ comment: 'A perfectly long comment' }, REVIEW_MESSAGES.ratingInvalid],
  ])('refuses %j with 400, leaving the link usable', async (payload, message) => {
    const { bookingId, token } = await requested();
    const response = await post(token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await storedFor(bookingId)).toEqual([]);
    expect((await post(token, praise)).statusCode).toBe(201);
  });

  it("counts in the customer's reviews of the day: past the limit it answers 429 and stores nothing", async () => {
    const { customer, bookingId, token } = await requested();
    await t.app.db
      .insert(reviews)
      .values(Array.from({ length: REVIEWS_PER_DAY }, () => ({ userId: customer.id, rating: 4, comment: 'Earlier' })));
    const response = await post(token, praise);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ success: false, message: REVIEW_MESSAGES.tooMany });
    expect(await storedFor(bookingId)).toEqual([]);
  });

  it('is answered alike whoever calls: the link, not the caller, names the customer', async () => {
    const { customer, bookingId, token } = await requested();
    const stranger = await signedInUser(t.app);
    for (const caller of [null, stranger, staff, admin, customer]) {
      expect((await read(token, caller)).statusCode).toBe(200);
    }
    expect((await post(token, praise, staff)).statusCode).toBe(201);
    expect(await storedFor(bookingId)).toMatchObject([{ userId: customer.id }]);
  });

  it("turns review requests off for the booking's customer", async () => {
    const { customer, token } = await requested();
    const response = await optOut(token, null);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: REVIEW_REQUEST_MESSAGES.optedOut });
    const [stored] = await t.app.db.select().from(users).where(eq(users.id, customer.id));
    expect(stored?.reviewRequestsOff).toBe(true);
    expect((await read(token)).json().data.optedOut).toBe(true);
    // Turning it off again says the same.
    expect((await optOut(token, admin)).statusCode).toBe(200);
  });
});
