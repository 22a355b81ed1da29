import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { type ReviewFormInput, type ReviewFormValues, reviewFormSchema } from '../review-form-schema';
import { ReviewFormFields } from './review-form-fields';

const emptyReview: ReviewFormInput = { rating: 0, comment: '' };

type StarReviewFormProps = {
  /** Sends the review; true when it was stored, and the form is emptied. */
  submit: (values: ReviewFormValues) => Promise<boolean>;
  /** Called instead of checking and sending when the review cannot be sent yet (a visitor must sign in). */
  onBlocked?: () => void;
};

/** The stars and the comment, checked against the contract's review schema before `submit` is called. */
export const StarReviewForm = ({ submit, onBlocked }: StarReviewFormProps) => {
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFormInput, unknown, ReviewFormValues>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: emptyReview,
  });

  const onValid = async (values: ReviewFormValues) => {
    if (await submit(values)) reset(emptyReview);
  };

  return (
    <Controller
      control={control}
      name="rating"
      render={({ field }) => (
        <ReviewFormFields
          onSubmit={(event) => {
            if (!onBlocked) return handleSubmit(onValid)(event);
            event.preventDefault();
            return onBlocked();
          }}
          rating={field.value}
          onRatingChange={field.onChange}
          ratingError={errors.rating?.message}
          comment={register('comment')}
          commentError={errors.comment?.message}
          submitting={isSubmitting}
        />
      )}
    />
  );
};
