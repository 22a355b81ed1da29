import { REVIEW_MESSAGES } from '@carcare/contracts/reviews-constants';
import { useState } from 'react';
import { toast } from 'sonner';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { toastError } from '@/lib/toast-message';
import { useOptOutOfReviewRequestsMutation } from '../api/opt-out-of-review-requests';
import { useReviewFromRequestMutation } from '../api/review-from-request';
import type { ReviewFormValues } from '../review-form-schema';

/** What became of the request on this page: nothing yet, reviewed now, or found reviewed already (409). */
export type ReviewRequestOutcome = 'open' | 'thanked' | 'alreadyReviewed';

/** Sends the review a request's link asks for, and turns review requests off, from the link alone. */
export const useReviewRequest = (token: string) => {
  const [reviewFromRequest] = useReviewFromRequestMutation();
  const [optOutOfReviewRequests, { isLoading: isOptingOut }] = useOptOutOfReviewRequestsMutation();
  const [outcome, setOutcome] = useState<ReviewRequestOutcome>('open');
  const [optedOut, setOptedOut] = useState(false);

  const submit = async (review: ReviewFormValues) => {
    try {
      await reviewFromRequest({ token, review }).unwrap();
      setOutcome('thanked');
      return true;
    } catch (error) {
      if (isFetchBaseQueryError(error) && error.status === 409) {
        setOutcome('alreadyReviewed');
        return false;
      }
      const reason = isFetchBaseQueryError(error) ? serverMessage(error) : null;
      toastError({ title: REVIEW_MESSAGES.failed, description: reason ?? undefined });
      return false;
    }
  };

  const optOut = async () => {
    try {
      const { message } = await optOutOfReviewRequests(token).unwrap();
      toast.success(message);
      setOptedOut(true);
    } catch (error) {
      const reason = isFetchBaseQueryError(error) ? serverMessage(error) : null;
      toastError({ title: REVIEW_MESSAGES.failed, description: reason ?? undefined });
    }
  };

  return { outcome, submit, optedOut, optOut, isOptingOut };
};
