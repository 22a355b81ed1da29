import type { CreateReviewInput, Review, ReviewStats } from '@carcare/contracts/reviews';
import { REVIEW_MESSAGES, REVIEWS_PER_DAY } from '@carcare/contracts/reviews-constants';
import { and, avg, count, desc, eq, gt, gte, lt } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database, Executor } from '../../db/client';
import { reviews, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hasUnrefundedPurchase } from '../bookings/public';

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  verified: reviews.verified,
  firstName: users.firstName,
  lastName: users.lastName,
};

type ReviewRow = {
  id: string;
  rating: number;
  comment: string;
  createdAt: Date;
  verified: boolean;
  firstName: string;
  lastName: string;
};

const toReviewDto = (row: ReviewRow): Review => ({
  _id: row.id,
  rating: row.rating,
  comment: row.comment,
  createdAt: row.createdAt.toISOString(),
  user: { firstName: row.firstName, lastName: row.lastName },
  verified: row.verified,
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many reviews the customer wrote in the 24 hours before `now`. */
export async function reviewsOfTheDay(tx: Executor, userId: string, now: Date): Promise<number> {
  const [recent] = await tx
    .select({ value: count() })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), gt(reviews.createdAt, new Date(now.getTime() - DAY_MS))));
  return recent?.value ?? 0;
}

/** A stored review as the API answers it, with its author's name. */
export async function reviewById(db: Executor, id: string): Promise<Review> {
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.id, id));
  if (!row) throw new Error('review vanished after creation');
  return toReviewDto(row);
}

/**
 * Posts a review: at most REVIEWS_PER_DAY per customer in any 24 hours (counted under a per-customer
 * lock, so concurrent posts cannot slip past), marked verified when its author has a completed or paid booking
 * that was not refunded.
 */
export async function createReview(
  db: Database,
  userId: string,
  input: CreateReviewInput,
  now: Date = new Date(),
): Promise<Review> {
  const created = await db.transaction(async (tx) => {
    await lockUntilCommit(tx, 'customerReviews', userId);
    if ((await reviewsOfTheDay(tx, userId, now)) >= REVIEWS_PER_DAY) throw new AppError(429, REVIEW_MESSAGES.tooMany);
    const [review] = await tx
      .insert(reviews)
      .values({
        userId,
        rating: input.rating,
        comment: input.comment,
        verified: await hasUnrefundedPurchase(tx, userId),
        createdAt: now,
      })
      .returning();
    return review;
  });
  if (!created) throw new Error('review was not stored');
  return reviewById(db, created.id);
}

/** Average and count per star over every review, in one grouped query. */
async function reviewStats(db: Executor): Promise<ReviewStats> {
  const rows = await db.select({ rating: reviews.rating, count: count() }).from(reviews).groupBy(reviews.rating);
  const perRating = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let total = 0;
  let sum = 0;
  for (const row of rows) {
    if (row.rating >= 1 && row.rating <= 5) perRating[row.rating as keyof typeof perRating] = row.count;
    total += row.count;
    sum += row.rating * row.count;
  }
  return { average: total === 0 ? 0 : Math.round((sum / total) * 100) / 100, count: total, perRating };
}

export async function listReviews(db: Executor, page: number, limit: number) {
  const [rows, stats] = await Promise.all([
    db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset((page - 1) * limit),
    reviewStats(db),
  ]);
  return { reviews: rows.map(toReviewDto), totalDoc: stats.count, stats };
}

/** How many reviews were written in each of the periods `[start, end)`, and their average rating (null: none). */
export async function reviewStatsBetween(
  db: Executor,
  periods: Array<{ start: Date; end: Date }>,
): Promise<Array<{ reviews: number; averageRating: number | null }>> {
  return Promise.all(
    periods.map(async ({ start, end }) => {
      const [row] = await db
        .select({ reviews: count(), average: avg(reviews.rating).mapWith(Number) })
        .from(reviews)
        .where(and(gte(reviews.createdAt, start), lt(reviews.createdAt, end)));
      const total = row?.reviews ?? 0;
      return { reviews: total, averageRating: total > 0 ? Math.round((row?.average ?? 0) * 100) / 100 : null };
    }),
  );
}
