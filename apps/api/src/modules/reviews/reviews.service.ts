import type { CreateReviewInput, Review, ReviewStats } from '@carcare/contracts/reviews';
import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reviews, users } from '../../db/schema';

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
};

type ReviewRow = { id: string; rating: number; comment: string; createdAt: Date; firstName: string; lastName: string };

const toReviewDto = (row: ReviewRow): Review => ({
  _id: row.id,
  rating: row.rating,
  comment: row.comment,
  createdAt: row.createdAt.toISOString(),
  user: { firstName: row.firstName, lastName: row.lastName },
});

export async function createReview(db: Executor, userId: string, input: CreateReviewInput): Promise<Review> {
  const [created] = await db
    .insert(reviews)
    .values({ userId, rating: input.rating, comment: input.comment })
    .returning();
  if (!created) throw new Error('review was not stored');
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.id, created.id));
  if (!row) throw new Error('review vanished after creation');
  return toReviewDto(row);
}

/** Average and count per star over every review, in one grouped query. */
export async function reviewStats(db: Executor): Promise<ReviewStats> {
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
