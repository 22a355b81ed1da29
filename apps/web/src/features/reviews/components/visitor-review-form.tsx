import { siteHref } from '@carcare/contracts/site-routes';
import { useState } from 'react';
import { ReviewFormFields } from './review-form-fields';

/**
 * The review form of a page served as islands (decision 049), where nobody is signed in: a signed-in visitor
 * gets the app. As the app's form does for a visitor, it sends them to sign in and brings them back after;
 * with nothing to check or send, it needs neither the form library nor the schema.
 */
export const VisitorReviewForm = () => {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  return (
    <ReviewFormFields
      onSubmit={(event) => {
        event.preventDefault();
        window.location.assign(siteHref('login', {}, { redirect: window.location.pathname }));
      }}
      rating={rating}
      onRatingChange={setRating}
      comment={{ name: 'comment', value: comment, onChange: (event) => setComment(event.target.value) }}
    />
  );
};
