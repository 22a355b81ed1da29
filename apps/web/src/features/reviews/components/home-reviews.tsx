import { REVIEW_DEFAULT_LIMIT } from '@carcare/contracts/reviews-constants';
import { PenLineIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { UserAvatar } from '@/components/user/user-avatar';
import { paths } from '@/lib/paths';
import { useGetReviewsQuery } from '../api/get-reviews';
import { LazyReviewForm } from './lazy-review-form';
import { ReviewCard } from './review-card';
import { ReviewSummary } from './review-summary';

/** SPEC section 2, "/": the two newest reviews beside the database's average and histogram (ADR 007). */
export const HomeReviews = () => {
  const { data } = useGetReviewsQuery({ page: 1, limit: REVIEW_DEFAULT_LIMIT });
  const [writing, setWriting] = useState(false);

  return (
    <section aria-labelledby="home-reviews-heading" className="mx-auto max-w-7xl space-y-8 px-4 py-16 sm:px-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h2 id="home-reviews-heading" className="font-bold text-3xl tracking-tight">
            What our customers say
          </h2>
          <p className="text-muted-foreground">Honest ratings from drivers who booked with us.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.testimonials} className={buttonVariants({ variant: 'outline' })}>
            Read all reviews
          </Link>
          <Button onClick={() => setWriting((open) => !open)} aria-expanded={writing} aria-controls="home-review-form">
            <PenLineIcon aria-hidden="true" />
            Write a review
          </Button>
        </div>
      </header>
      {writing ? (
        <div id="home-review-form" className="rounded-2xl border bg-card p-6 shadow-sm">
          <LazyReviewForm />
        </div>
      ) : null}
      {data ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <ReviewSummary stats={data.stats} />
          <ul aria-label="Latest reviews" className="grid gap-4 md:grid-cols-2">
            {data.reviews.map((review) => (
              <ReviewCard
                key={review._id}
                review={review}
                avatar={<UserAvatar user={{ ...review.user, image: null }} className="size-10" />}
              />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
};
