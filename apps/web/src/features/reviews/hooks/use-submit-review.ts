import { REVIEW_MESSAGES } from '@carcare/contracts/reviews-constants';
import { siteHref } from '@carcare/contracts/site-routes';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { useSession } from '@/lib/session/use-session';
import { toastError } from '@/lib/toast-message';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useCreateReviewMutation } from '../api/create-review';
import type { ReviewFormValues } from '../review-form-schema';

/** SPEC section 6: only a signed-in user writes a review; a visitor is sent to /login and brought back after. */
export const useSubmitReview = () => {
  const { user } = useSession();
  const [createReview] = useCreateReviewMutation();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const goToLogin = () => navigate(siteHref('login', {}, { redirect: pathname }));

  const submit = async (values: ReviewFormValues) => {
    const loadingToast = toast.loading(UI_MESSAGES.loadingToast);
    try {
      await createReview(values).unwrap();
      toast.success(REVIEW_MESSAGES.created, { description: REVIEW_MESSAGES.createdDescription });
      return true;
    } catch (error) {
      // The server says why when it can (say, the daily limit); SPEC's title stays.
      const reason = isFetchBaseQueryError(error) ? serverMessage(error) : null;
      toastError({ title: REVIEW_MESSAGES.failed, description: reason ?? undefined });
      return false;
    } finally {
      toast.dismiss(loadingToast);
    }
  };

  return { isSignedIn: user !== null, goToLogin, submit };
};
