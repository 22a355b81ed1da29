import { connect } from 'node:net';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { REVIEW_MESSAGES, REVIEWS_PER_DAY } from '@carcare/contracts/reviews-constants';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews, services } from '../../src/db/schema';
import { createReview } from '../../src/modules/reviews/reviews.service';
import {
  asUser,
  createTestApp,
  serviceWithSlots,
  signedInUser,
  slotAndBookings,
  type TestApp,
  type TestUser,
} from '../helper';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

describe('errors the router raises', () => {
  it('answer a path parameter over the length limit with 414 in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/services/${'a'.repeat(200)}` });
    expect(response.statusCode).toBe(414);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ success: false, message: 'The address is too long' });
  });

  it('answer a path that cannot be decoded with 400 in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/services/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'The address is not valid' });
  });

  it('answer a request whose address overflows the HTTP parser with 431 in the envelope', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/services?searchTerm=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      });
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString();
      });
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(body)).toEqual({
      success: false,
      message: 'The address or headers of the request are too large',
    });
  });
});

describe('booking a deleted service', () => {
  it('is refused with 404 and leaves the slot free, even when the slot was picked before the delete', async () => {
    const customer = await signedInUser(t.app);
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Soon Deleted' });
    // The customer's page showed the slot; the administrator then deletes the service.
    const removed = await t.app.inject(asUser(admin, { method: 'DELETE', url: `/api/services/${service.id}` }));
    expect(removed.statusCode).toBe(200);
    const response = await t.app.inject(
      asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: slot?.id } }),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(BOOKING_MESSAGES.serviceUnknown);
    expect(await slotAndBookings(t.database, service.id, slot?.id ?? '')).toEqual({
      slotStatus: 'available',
      bookings: 0,
    });
    const [deleted] = await t.database.db.select().from(services).where(eq(services.id, service.id));
    expect(deleted?.isDeleted).toBe(true);
  });
});

describe('reviews', () => {
  const post = (caller: TestUser, comment: string) =>
    t.app.inject(asUser(caller, { method: 'POST', url: '/api/review/create', payload: { rating: 4, comment } }));
  const reviewsBy = async (userId: string) =>
    (await t.database.db.select({ value: count() }).from(reviews).where(eq(reviews.userId, userId)))[0]?.value;

  it(`are at most ${REVIEWS_PER_DAY} a day per customer: the next is refused with 429 and a message`, async () => {
    const customer = await signedInUser(t.app);
    for (let n = 0; n < REVIEWS_PER_DAY; n++) {
      expect((await post(customer, `Thorough wash number ${n}`)).statusCode).toBe(201);
    }
    const refused = await post(customer, 'One review too many today');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: REVIEW_MESSAGES.tooMany });
    expect(await reviewsBy(customer.id)).toBe(REVIEWS_PER_DAY);
    // Another customer is not affected.
    expect((await post(await signedInUser(t.app), 'My own first review')).statusCode).toBe(201);
    // A day later the customer may write again.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
    const later = await createReview(
      t.database.db,
      customer.id,
      { rating: 5, comment: 'Back again the next day' },
      tomorrow,
    );
    expect(later.comment).toBe('Back again the next day');
  });

  it('cannot pass the daily limit by posting concurrently', async () => {
    const customer = await signedInUser(t.app);
    const responses = await Promise.all(
      Array.from({ length: REVIEWS_PER_DAY + 10 }, (_, n) => post(customer, `Concurrent review number ${n}`)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(REVIEWS_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(await reviewsBy(customer.id)).toBe(REVIEWS_PER_DAY);
  });

  it('are marked verified when their author has a paid booking', async () => {
    const payer = await signedInUser(t.app);
    const browser = await signedInUser(t.app);
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Verified Wash' });
    const booked = await t.app.inject(
      asUser(payer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: slot?.id } }),
    );
    // An unpaid booking does not count.
    const early = await post(payer, 'Reviewed before paying for it');
    expect(early.json().data.verified).toBe(false);
    const session = String(booked.json().data.payment_url).split('/pay/')[1];
    await t.app.inject({ method: 'POST', url: `/pay/${session}/pay` });

    const paid = await post(payer, 'Spotless after a paid booking');
    const unpaid = await post(browser, 'Never booked, just passing');
    expect(paid.json().data.verified).toBe(true);
    expect(unpaid.json().data.verified).toBe(false);
    const comments = ['Never booked, just passing', 'Spotless after a paid booking', 'Reviewed before paying for it'];
    const list: Array<{ comment: string; verified: boolean }> = (
      await t.app.inject({ method: 'GET', url: '/api/review/get?limit=100' })
    ).json().data;
    const theirs = list.filter((review) => comments.includes(review.comment));
    expect(theirs.map((review) => [review.comment, review.verified])).toEqual([
      ['Never booked, just passing', false],
      ['Spotless after a paid booking', true],
      ['Reviewed before paying for it', false],
    ]);
  });
});
