import { REVIEW_MAX_LENGTH } from '@carcare/contracts/reviews-constants';
import { LoaderCircleIcon } from 'lucide-react';
import type { ComponentProps, FormEventHandler } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { StarRatingInput } from './star-rating-input';

type ReviewFormFieldsProps = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  rating: number;
  onRatingChange: (rating: number) => void;
  ratingError?: string;
  /** The comment box's value and handlers (a form library's registration, or a field's own state). */
  comment: Pick<ComponentProps<'textarea'>, 'name' | 'value' | 'onChange' | 'onBlur' | 'ref'>;
  commentError?: string;
  submitting?: boolean;
};

/** The review form as a customer sees it: the stars, the comment and the button, with what is wrong with each. */
export const ReviewFormFields = ({
  onSubmit,
  rating,
  onRatingChange,
  ratingError,
  comment,
  commentError,
  submitting = false,
}: ReviewFormFieldsProps) => (
  <form noValidate aria-label="Write a review" className="space-y-3" onSubmit={onSubmit}>
    <StarRatingInput
      value={rating}
      onChange={onRatingChange}
      invalid={Boolean(ratingError)}
      describedBy="rating-error"
    />
    <FieldError id="rating-error" message={ratingError} />
    <div>
      <Label htmlFor="comment" className="mb-2 block">
        Your review
      </Label>
      <Textarea
        id="comment"
        rows={4}
        maxLength={REVIEW_MAX_LENGTH}
        placeholder="Tell others about the wash, the staff and the result"
        aria-invalid={commentError ? true : undefined}
        aria-describedby="comment-error"
        {...comment}
      />
      <FieldError id="comment-error" message={commentError} className="mt-1" />
    </div>
    <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
      {submitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
      Submit Review
    </Button>
  </form>
);
