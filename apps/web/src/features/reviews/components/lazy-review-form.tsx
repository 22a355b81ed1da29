import { lazy, Suspense } from 'react';
import { UI_MESSAGES } from '@/lib/ui-messages';

// The form brings react-hook-form and zod: pages download it only where it is shown.
const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));

export const LazyReviewForm = () => (
  <Suspense
    fallback={
      <p role="status" className="py-8 text-center text-muted-foreground text-sm">
        {UI_MESSAGES.loadingScreen}
      </p>
    }
  >
    <ReviewForm />
  </Suspense>
);
