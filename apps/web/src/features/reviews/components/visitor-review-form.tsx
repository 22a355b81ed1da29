import { siteHref } from '@carcare/contracts/site-routes';
import { StarReviewForm } from './star-review-form';

const neverSent = () => Promise.resolve(false);

/**
 * The review form of a page served as islands (decision 049), where nobody is signed in: a signed-in visitor
 * gets the app. As the app's form does for a visitor, it sends them to sign in and brings them back after.
 */
export const VisitorReviewForm = () => (
  <StarReviewForm
    submit={neverSent}
    onBlocked={() => window.location.assign(siteHref('login', {}, { redirect: window.location.pathname }))}
  />
);
