import { z } from 'zod';
import {
  RATING_MAX,
  RATING_MIN,
  REVIEW_DEFAULT_LIMIT,
  REVIEW_LIST_MAX_LIMIT,
  REVIEW_MAX_LENGTH,
  REVIEW_MESSAGES,
  REVIEW_MIN_LENGTH,
  REVIEW_REQUEST_MESSAGES,
} from './reviews-constants';
import { TEXT_LIMITS } from './text-limits';

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
 * `limit=10page=2`: the older client's testimonials page glues its page to its limit (it forgets the `&`), so
 * the query has one `limit` of `10page=2` and no `page`. Read as the limit and the page it meant; a `page`
 * given on its own wins.
 */
const GLUED_PAGE = /^\s*\d+page=(.*)$/;

function unglueReviewPaging(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  const { limit, page } = query as Record<string, unknown>;
  const glued = typeof limit === 'string' ? GLUED_PAGE.exec(limit) : null;
  return glued && page === undefined ? { ...query, page: glued[1] } : query;
}

/** A limit that is not a number but starts with digits (`99999page=1`) is read by its leading digits. */
const leadingDigits = (value: unknown) =>
  typeof value === 'string' && Number.isNaN(Number(value)) ? (/^\s*(\d+)/.exec(value)?.[1] ?? value) : value;

/** A limit above the review list's largest answer, however written (`99999`, `1e309`), is read as that answer. */
const capAtReviewListMax = (value: unknown) => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && number > REVIEW_LIST_MAX_LIMIT ? REVIEW_LIST_MAX_LIMIT : value;
};

/**
 * The review list never refuses its paging: the home page asks for `limit=99999page=1` (its leading digits,
 * capped at REVIEW_LIST_MAX_LIMIT, so that it counts every review) and the testimonials page sends `limit=10page=2` (page 2 of ten); a limit or
 * page that is still not a whole number of at least 1 falls back to SPEC's default (limit 2, page 1).
 */
export const reviewListQuerySchema = z.preprocess(
  unglueReviewPaging,
  z.object({
    // `.default` as well as `.catch`: the same value, but the API document then shows both as optional.
    limit: z
      .preprocess(
        (value) => capAtReviewListMax(leadingDigits(value)),
        z.coerce.number().int().min(1).max(REVIEW_LIST_MAX_LIMIT),
      )
      .catch(REVIEW_DEFAULT_LIMIT)
      .default(REVIEW_DEFAULT_LIMIT),
    page: z.coerce.number().int().min(1).catch(1).default(1),
  }),
);

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

/** `/api/review/requests/:token`: the review request's signed link is the credential. */
export const reviewRequestParamsSchema = z.object({
  token: z
    .string({ error: REVIEW_REQUEST_MESSAGES.invalid })
    .min(1, { error: REVIEW_REQUEST_MESSAGES.invalid })
    .max(TEXT_LIMITS.token, { error: REVIEW_REQUEST_MESSAGES.invalid }),
});

/** What the review request's page shows: the visit it asks about, and whether it was answered or turned off. */
const reviewRequestSchema = z.object({
  booking: z.object({
    _id: z.uuid(),
    service: z.object({ _id: z.uuid(), name: z.string() }),
    date: z.string(),
    startTime: z.string(),
  }),
  customer: z.object({ firstName: z.string() }),
  /** A review was already written from this request: the link is used. */
  reviewed: z.boolean(),
  /** The customer asked not to be sent review requests. */
  optedOut: z.boolean(),
});

export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

export const reviewRequestResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: reviewRequestSchema,
});
