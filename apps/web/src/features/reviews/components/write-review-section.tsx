import { Island } from '@/lib/islands/island';
import { LazyReviewForm } from './lazy-review-form';

export const WriteReviewSection = () => (
  <section
    id="write-review"
    aria-labelledby="write-review-heading"
    className="rounded-2xl border bg-card p-6 text-card-foreground shadow-sm"
  >
    <h2 id="write-review-heading" className="mb-1 font-semibold text-lg">
      Share your experience
    </h2>
    <p className="mb-4 text-muted-foreground text-sm">Rate your last visit and tell other drivers how it went.</p>
    <Island name="review-form" component={LazyReviewForm} props={{}} />
  </section>
);
