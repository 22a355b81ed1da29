import { z } from 'zod';
import { optionalQuery } from './pagination';
import { REVIEW_DEFAULT_LIMIT, REVIEW_MAX_LENGTH, REVIEW_MESSAGES, REVIEW_MIN_LENGTH } from './reviews-constants';

export const createReviewSchema = z.object({
  rating: z
    .number({ error: REVIEW_MESSAGES.ratingInvalid })
    .int({ error: REVIEW_MESSAGES.ratingInvalid })
    .min(1, { error: REVIEW_MESSAGES.ratingInvalid })
    .max(5, { error: REVIEW_MESSAGES.ratingInvalid }),
  comment: z
    .string({ error: REVIEW_MESSAGES.commentTooShort })
    .trim()
    .min(REVIEW_MIN_LENGTH, { error: REVIEW_MESSAGES.commentTooShort })
    .max(REVIEW_MAX_LENGTH, { error: REVIEW_MESSAGES.commentTooLong }),
});

export type CreateReviewInput = z.infer<typeof createReviewSchema>;

const wholeNumber = (message: string, max: number) =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message });

export const reviewListQuerySchema = z.object({
  limit: optionalQuery(wholeNumber('limit must be a whole number from 1 to 100', 100)).default(REVIEW_DEFAULT_LIMIT),
  page: optionalQuery(wholeNumber('page must be a whole number of at least 1', Number.MAX_SAFE_INTEGER)).default(1),
});

export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

export const reviewSchema = z.object({
  _id: z.uuid(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
  user: z.object({ firstName: z.string(), lastName: z.string() }),
  /** The author had a paid booking when writing it. */
  verified: z.boolean(),
});

export type Review = z.infer<typeof reviewSchema>;

/** Computed by the database over every review, so that no client downloads them all. */
export const reviewStatsSchema = z.object({
  average: z.number(),
  count: z.number().int(),
  /** How many reviews gave each rating, keyed "1" to "5". */
  perRating: z.object({
    1: z.number().int(),
    2: z.number().int(),
    3: z.number().int(),
    4: z.number().int(),
    5: z.number().int(),
  }),
});

export type ReviewStats = z.infer<typeof reviewStatsSchema>;

export const reviewListResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(reviewSchema),
  totalDoc: z.number().int(),
  stats: reviewStatsSchema,
});

export const reviewResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: reviewSchema });
