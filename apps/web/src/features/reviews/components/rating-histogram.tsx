import type { ReviewStats } from '@carcare/contracts/reviews';
import { RATING_SCALE } from '@carcare/contracts/reviews-constants';
import { StarIcon } from 'lucide-react';

/** One bar per star rating, 5 down to 1, from the counts the database computed. */
export const RatingHistogram = ({ stats }: { stats: ReviewStats }) => (
  <ul aria-label="Reviews per rating" className="space-y-2">
    {[...RATING_SCALE].reverse().map((star) => {
      const count = stats.perRating[star];
      const share = stats.count > 0 ? (count / stats.count) * 100 : 0;
      return (
        <li key={star} className="flex items-center gap-3 text-sm">
          <span className="flex w-8 items-center gap-1 font-medium">
            {star}
            <StarIcon className="size-3.5 fill-amber-400 text-amber-400" aria-hidden="true" />
          </span>
          <span className="h-2 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
          </span>
          <span className="w-10 text-right text-muted-foreground tabular-nums">
            <span className="sr-only">{`${star} star${star === 1 ? '' : 's'}: `}</span>
            {count}
          </span>
        </li>
      );
    })}
  </ul>
);
