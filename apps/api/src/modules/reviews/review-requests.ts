import type { CreateReviewInput, Review, ReviewRequest } from '@carcare/contracts/reviews';
import { REVIEW_MESSAGES, REVIEW_REQUEST_MESSAGES, REVIEWS_PER_DAY } from '@carcare/contracts/reviews-constants';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database, Executor } from '../../db/client';
import { violates } from '../../db/errors';
import { bookings, reviews, services, slots, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyLink } from '../../lib/signed-links';
import { reviewById, reviewsOfTheDay } from './reviews.service';

/** The one review a request's link may write (migration 0025). */
const ONE_REVIEW_PER_BOOKING = 'reviews_booking_key';

const bookingIdSchema = z.uuid();

type RequestedBooking = ReviewRequest & { customerId: string };

/**
 * The completed booking a review request's link names: 404 when the link was not signed with the key of
 * review requests (or was changed) or its booking is gone, 409 while the booking is not completed.
 */
async function requestedBooking(db: Executor, linkKey: Buffer, token: string): Promise<RequestedBooking> {
  const bookingId = bookingIdSchema.safeParse(verifyLink(linkKey, token));
  if (!bookingId.success) throw new AppError(404, REVIEW_REQUEST_MESSAGES.invalid);
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      serviceId: services.id,
      serviceName: services.name,
      date: slots.date,
      startTime: slots.startTime,
      customerId: users.id,
      firstName: users.firstName,
      optedOut: users.reviewRequestsOff,
      reviewId: reviews.id,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(users, eq(users.id, bookings.customerId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId.data));
  if (!row) throw new AppError(404, REVIEW_REQUEST_MESSAGES.invalid);
  if (row.status !== 'completed') throw new AppError(409, REVIEW_REQUEST_MESSAGES.notCompleted);
  return {
    booking: {
      _id: row.id,
      service: { _id: row.serviceId, name: row.serviceName },
      date: row.date,
      startTime: row.startTime,
    },
    customer: { firstName: row.firstName },
    reviewed: row.reviewId !== null,
    optedOut: row.optedOut,
    customerId: row.customerId,
  };
}

/** What the review request's page shows: the visit, the customer's first name, and whether it was answered. */
export async function reviewRequestOf(db: Executor, linkKey: Buffer, token: string): Promise<ReviewRequest> {
  const { customerId: _customerId, ...request } = await requestedBooking(db, linkKey, token);
  return request;
}

/**
 * The review a request's link writes for the booking's customer: verified (the booking is completed), counted
 * in the customer's REVIEWS_PER_DAY like any other, and once per booking. Once is the database's to keep
 * (reviews_booking_key): of two posts racing with one link, the second is refused with 409 when the first
 * commits, never stored twice.
 */
export async function reviewFromRequest(
  db: Database,
  linkKey: Buffer,
  token: string,
  input: CreateReviewInput,
  now: Date = new Date(),
): Promise<Review> {
  const { booking, customerId } = await requestedBooking(db, linkKey, token);
  try {
    const created = await db.transaction(async (tx) => {
      await lockUntilCommit(tx, 'customerReviews', customerId);
      const [review] = await tx
        .insert(reviews)
        .values({
          userId: customerId,
          bookingId: booking._id,
          rating: input.rating,
          comment: input.comment,
          verified: true,
          createdAt: now,
        })
        .returning({ id: reviews.id });
      // Counted after the insert, so that a used link is told it was used whatever the day's count.
      if ((await reviewsOfTheDay(tx, customerId, now)) > REVIEWS_PER_DAY) {
        throw new AppError(429, REVIEW_MESSAGES.tooMany);
      }
      return review;
    });
    if (!created) throw new Error('review was not stored');
    return await reviewById(db, created.id);
  } catch (error) {
    if (violates(error, ONE_REVIEW_PER_BOOKING)) throw new AppError(409, REVIEW_REQUEST_MESSAGES.alreadyReviewed);
    throw error;
  }
}

/** Turns review requests off for the customer of the request's booking. */
export async function optOutOfReviewRequests(db: Executor, linkKey: Buffer, token: string): Promise<void> {
  const { customerId } = await requestedBooking(db, linkKey, token);
  await db.update(users).set({ reviewRequestsOff: true }).where(eq(users.id, customerId));
}
