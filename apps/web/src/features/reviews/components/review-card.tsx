import type { Review } from '@carcare/contracts/reviews';
import { REVIEW_MESSAGES } from '@carcare/contracts/reviews-constants';
import { BadgeCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { useDisplayFormat } from '@/lib/use-display-format';
import { StarRating } from './star-rating';

type ReviewCardProps = { review: Review; avatar: ReactNode };

/** Avatar, first name, date, stars and comment (SPEC section 2, /testimonials), and whether the author paid for a booking. */
export const ReviewCard = ({ review, avatar }: ReviewCardProps) => {
  const { instantDay } = useDisplayFormat();
  return (
    <li className="flex flex-col gap-3 rounded-2xl border bg-card p-5 text-card-foreground shadow-sm">
      <div className="flex items-center gap-3">
        {avatar}
        <div className="min-w-0">
          <p className="truncate font-semibold">{review.user.firstName}</p>
          <time dateTime={review.createdAt} className="text-muted-foreground text-xs">
            {instantDay(review.createdAt)}
          </time>
          {review.verified ? (
            <Badge variant="secondary" className="mt-1 gap-1" title={REVIEW_MESSAGES.verifiedDescription}>
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              {REVIEW_MESSAGES.verified}
            </Badge>
          ) : null}
        </div>
        <StarRating rating={review.rating} className="ml-auto" />
      </div>
      <p className="break-words text-muted-foreground text-sm leading-relaxed">{review.comment}</p>
    </li>
  );
};
