import { RATING_SCALE } from '@carcare/contracts/reviews-constants';
import { StarIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

type StarRatingInputProps = {
  value: number;
  onChange: (rating: number) => void;
  invalid?: boolean;
  describedBy?: string;
};

/** Five radio buttons drawn as stars; none checked means a rating of 0. */
export const StarRatingInput = ({ value, onChange, invalid, describedBy }: StarRatingInputProps) => (
  <fieldset aria-describedby={describedBy} aria-invalid={invalid ? true : undefined}>
    <legend className="mb-2 font-medium text-sm">Rating</legend>
    <div className="flex gap-1">
      {RATING_SCALE.map((star) => (
        <label
          key={star}
          className="relative cursor-pointer rounded-md p-0.5 focus-within:ring-[3px] focus-within:ring-ring/50"
        >
          <input
            type="radio"
            name="rating"
            value={star}
            checked={value === star}
            onChange={() => onChange(star)}
            aria-label={`${star} star${star === 1 ? '' : 's'}`}
            className="absolute inset-0 size-full cursor-pointer opacity-0"
          />
          <StarIcon
            aria-hidden="true"
            className={cn(
              'size-7 transition-colors',
              star <= value ? 'fill-amber-400 text-amber-400' : 'fill-transparent text-muted-foreground/50',
            )}
          />
        </label>
      ))}
    </div>
  </fieldset>
);
