import { createReviewSchema } from '@carcare/contracts/reviews';
import { RATING_MAX, RATING_MIN, REVIEW_MESSAGES } from '@carcare/contracts/reviews-constants';
import { z } from 'zod';

/** The interface scale is 0 to 5 stars; 0 (nothing chosen) is refused before anything is sent. */
export const reviewFormSchema = createReviewSchema.extend({
  rating: z
    .number()
    .int()
    .min(RATING_MIN, { error: REVIEW_MESSAGES.ratingRequired })
    .max(RATING_MAX, { error: REVIEW_MESSAGES.ratingInvalid }),
});

export type ReviewFormInput = z.input<typeof reviewFormSchema>;
export type ReviewFormValues = z.output<typeof reviewFormSchema>;
