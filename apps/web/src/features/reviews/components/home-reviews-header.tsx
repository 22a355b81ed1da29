import { PenLineIcon } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { LazyReviewForm } from './lazy-review-form';

/**
 * The home page's reviews heading, its link to all reviews and its Write a review button, which opens the
 * form under it: an island of its own (decision 049). The link is a plain one, as between all public pages.
 */
export const HomeReviewsHeader = () => {
  const [writing, setWriting] = useState(false);
  return (
    <>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h2 id="home-reviews-heading" className="font-bold text-3xl tracking-tight">
            What our customers say
          </h2>
          <p className="text-muted-foreground">Honest ratings from drivers who booked with us.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={paths.testimonials} className={buttonVariants({ variant: 'outline' })}>
            Read all reviews
          </a>
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
    </>
  );
};
