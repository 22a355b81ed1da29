import { lazy, Suspense } from 'react';
import { useInIsland } from '@/lib/islands/island';
import { useHydrated } from '@/lib/ssr/use-hydrated';
import { UI_MESSAGES } from '@/lib/ui-messages';

// The form brings react-hook-form and zod: pages download it only where it is shown.
const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));
// An island has no app around it: its form is the visitor's, which needs no router, store or session.
const VisitorReviewForm = lazy(() => import('./visitor-review-form').then((m) => ({ default: m.VisitorReviewForm })));

/** Holds the form's own height (its stars, text box and button): nothing under it moves when it arrives. */
const Loading = () => (
  <p role="status" className="flex min-h-[16.625rem] items-center justify-center text-muted-foreground text-sm">
    {UI_MESSAGES.loadingScreen}
  </p>
);

/**
 * The review form, shown once the page is live in the browser: a server-rendered form typed into before
 * its script runs would be submitted by the browser itself and the review lost.
 */
export const LazyReviewForm = () => {
  const hydrated = useHydrated();
  const Form = useInIsland() ? VisitorReviewForm : ReviewForm;
  if (!hydrated) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      <Form />
    </Suspense>
  );
};
