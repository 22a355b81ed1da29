import { RATING_SCALE } from '@carcare/contracts/reviews-constants';
import { StarIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

type StarRatingProps = { rating: number; className?: string };

/** Read-only stars; screen readers hear the number instead of five icons. */
export const StarRating = ({ rating, className }: StarRatingProps) => (
  <span
    role="img"
    aria-label={`Rated ${rating} out of ${RATING_SCALE.length}`}
    className={cn('flex gap-0.5', className)}
  >
    {RATING_SCALE.map((star) => (
      <StarIcon
        key={star}
        aria-hidden="true"
        className={cn(
          'size-4',
          star <= Math.round(rating) ? 'fill-amber-400 text-amber-400' : 'fill-transparent text-muted-foreground/40',
        )}
      />
    ))}
  </span>
);
