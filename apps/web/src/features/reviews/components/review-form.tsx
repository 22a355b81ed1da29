import { useSubmitReview } from '../hooks/use-submit-review';
import { StarReviewForm } from './star-review-form';

/** The testimonials page's form: a signed-in customer's review; a visitor is sent to sign in first. */
export const ReviewForm = () => {
  const { isSignedIn, goToLogin, submit } = useSubmitReview();
  return <StarReviewForm submit={submit} onBlocked={isSignedIn ? undefined : goToLogin} />;
};
