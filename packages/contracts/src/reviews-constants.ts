/** Constants and messages only: importing them never loads a schema library. */
import { TEXT_LIMITS } from './text-limits';

export const REVIEW_MIN_LENGTH = 15;

export const REVIEW_MAX_LENGTH = TEXT_LIMITS.reviewComment;

export const REVIEW_DEFAULT_LIMIT = 2;

/** How many reviews one customer may post in 24 hours. */
export const REVIEWS_PER_DAY = 20;

export const TESTIMONIALS_PAGE_SIZE = 10;

/**
 * The most reviews one answer of the review list carries. Above the other lists' largest page (100): the
 * older client's home page asks for every review (`limit=99999`) and computes the average and the histogram
 * from them; a shop's own site gathers far fewer than this in years. A larger limit is read as this one.
 */
export const REVIEW_LIST_MAX_LIMIT = 5000;

/** Every rating a review can give, lowest first. The interface shows 0 to 5 stars; 0 means nothing chosen yet. */
export const RATING_SCALE = [1, 2, 3, 4, 5] as const;

export const RATING_MIN = Math.min(...RATING_SCALE);

export const RATING_MAX = Math.max(...RATING_SCALE);

export const REVIEW_MESSAGES = {
  commentTooShort: `Review should be at least ${REVIEW_MIN_LENGTH} characters`,
  commentTooLong: `Review should be at most ${REVIEW_MAX_LENGTH} characters`,
  ratingInvalid: `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`,
  ratingRequired: `Please choose a rating from ${RATING_MIN} to ${RATING_MAX} stars`,
  created: 'Review added',
  createdDescription: 'Thanks for your feedback',
  failed: 'Something went wrong while making this request',
  retrieved: 'Reviews retrieved',
  tooMany: `You can post at most ${REVIEWS_PER_DAY} reviews a day, please try again tomorrow`,
  verified: 'Verified customer',
  verifiedDescription: 'Reviewed after a paid booking',
} as const;

/** What the review request's link (`/review/:token`, texted or mailed after a completed booking) is told. */
export const REVIEW_REQUEST_MESSAGES = {
  retrieved: 'Review request retrieved',
  invalid: 'This review link is not valid. Please check that you opened the whole link from your message',
  notCompleted: 'This booking is not completed yet, so it cannot be reviewed',
  alreadyReviewed: 'This booking has already been reviewed. Thank you for your feedback',
  optedOut: 'We will not ask you for reviews again. You can turn review requests back on in your profile',
  /** The page's own words. */
  heading: 'How was your visit?',
  thanks: 'Thank you for your review!',
  thanksDescription: 'Your feedback helps us and other customers.',
  alreadyReviewedHeading: 'You have already reviewed this visit',
  invalidHeading: 'This link does not work',
  optOut: "Don't ask me for reviews",
  optedOutHeading: 'You will not be asked for reviews again',
} as const;
