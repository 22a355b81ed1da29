import { z } from 'zod';
import { capAtMaxPageSize } from './pagination';
import { MAX_PAGE_SIZE } from './pagination-constants';
import {
  RATING_MAX,
  RATING_MIN,
  REVIEW_DEFAULT_LIMIT,
  REVIEW_MAX_LENGTH,
  REVIEW_MESSAGES,
  REVIEW_MIN_LENGTH,
} from './reviews-constants';

export const createReviewSchema = z.object({
  rating: z
    .number({ error: REVIEW_MESSAGES.ratingInvalid })
    .int({ error: REVIEW_MESSAGES.ratingInvalid })
    .min(RATING_MIN, { error: REVIEW_MESSAGES.ratingInvalid })
    .max(RATING_MAX, { error: REVIEW_MESSAGES.ratingInvalid }),
  comment: z
    .string({ error: REVIEW_MESSAGES.commentTooShort })
    .trim()
    .min(REVIEW_MIN_LENGTH, { error: REVIEW_MESSAGES.commentTooShort })
    .max(REVIEW_MAX_LENGTH, { error: REVIEW_MESSAGES.commentTooLong }),
});

export type CreateReviewInput = z.infer<typeof createReviewSchema>;

/**
 * The review list never refuses its paging: the home page asks for `limit=99999` (capped at the largest
 * page) and the testimonials page sends `limit=10page=1`; a limit or page that is not a whole number of
 * at least 1 falls back to SPEC's default (limit 2, page 1).
 */
export const reviewListQuerySchema = z.object({
  // `.default` as well as `.catch`: the same value, but the API document then shows both as optional.
  limit: z
    .preprocess(capAtMaxPageSize, z.coerce.number().int().min(1).max(MAX_PAGE_SIZE))
    .catch(REVIEW_DEFAULT_LIMIT)
    .default(REVIEW_DEFAULT_LIMIT),
  page: z.coerce.number().int().min(1).catch(1).default(1),
});

export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

const reviewSchema = z.object({
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
const reviewStatsSchema = z.object({
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
