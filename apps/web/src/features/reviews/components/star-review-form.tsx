import { REVIEW_MAX_LENGTH } from '@carcare/contracts/reviews-constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { type ReviewFormInput, type ReviewFormValues, reviewFormSchema } from '../review-form-schema';
import { StarRatingInput } from './star-rating-input';

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
    <form
      noValidate
      aria-label="Write a review"
      className="space-y-3"
      onSubmit={(event) => {
        if (!onBlocked) return handleSubmit(onValid)(event);
        event.preventDefault();
        return onBlocked();
      }}
    >
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <StarRatingInput
            value={field.value}
            onChange={field.onChange}
            invalid={Boolean(errors.rating)}
            describedBy="rating-error"
          />
        )}
      />
      <FieldError id="rating-error" message={errors.rating?.message} />
      <div>
        <Label htmlFor="comment" className="mb-2 block">
          Your review
        </Label>
        <Textarea
          id="comment"
          rows={4}
          maxLength={REVIEW_MAX_LENGTH}
          placeholder="Tell others about the wash, the staff and the result"
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby="comment-error"
          {...register('comment')}
        />
        <FieldError id="comment-error" message={errors.comment?.message} className="mt-1" />
      </div>
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
        Submit Review
      </Button>
    </form>
  );
};
