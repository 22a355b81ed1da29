import type { ReviewStats } from '@carcare/contracts/reviews';
import { formatAverage } from '../review-format';
import { RatingHistogram } from './rating-histogram';
import { StarRating } from './star-rating';

/** The average to 2 decimals and the count per star, both computed by the database. */
export const ReviewSummary = ({ stats }: { stats: ReviewStats }) => (
  <div className="space-y-4 rounded-2xl border bg-card p-6 text-card-foreground shadow-sm">
    <div className="flex items-end gap-3">
      <p className="font-bold text-5xl tabular-nums">
        <span className="sr-only">Average rating </span>
        <span data-testid="review-average">{formatAverage(stats.average)}</span>
      </p>
      <div className="pb-1">
        <StarRating rating={stats.average} />
        <p className="text-muted-foreground text-sm">
          {stats.count} {stats.count === 1 ? 'review' : 'reviews'}
        </p>
      </div>
    </div>
    <RatingHistogram stats={stats} />
  </div>
);
