import type { Review } from '@carcare/contracts/reviews';
import { TESTIMONIALS_PAGE_SIZE } from '@carcare/contracts/reviews-constants';
import { useEffect, useRef, useState } from 'react';
import { PageButtons } from '@/components/lists/page-buttons';
import { apiBaseUrl } from '@/lib/api/api-url';
import { ReviewCard } from './review-card';
import { ReviewerAvatar } from './reviewer-avatar';

/** A page of reviews as the list shows it. */
export type ReviewsPage = { reviews: Review[]; totalDoc: number };

type ReviewPagesProps = {
  /** The first page, as the page was drawn with it (and as the app's store keeps it up to date). */
  first: ReviewsPage;
};

/** Asks the API for a further page of reviews; null when it cannot be had. */
async function fetchReviews(page: number): Promise<ReviewsPage | null> {
  try {
    const response = await fetch(`${apiBaseUrl}/review/get?page=${page}&limit=${TESTIMONIALS_PAGE_SIZE}`);
    if (!response.ok) return null;
    const { data, totalDoc } = (await response.json()) as { data: Review[]; totalDoc: number };
    return { reviews: data, totalDoc };
  } catch {
    return null;
  }
}

/**
 * The testimonials' list and its page buttons (SPEC section 2): an island of its own (decision 049). The first
 * page comes with the page; a further one is asked for when its button is pressed, and the list shows the
 * page it has until the next one arrives.
 */
export const ReviewPages = ({ first }: ReviewPagesProps) => {
  const [page, setPage] = useState(1);
  const [further, setFurther] = useState<{ page: number; shown: ReviewsPage } | null>(null);
  const shown = page === 1 ? first : further?.page === page ? further.shown : (further?.shown ?? first);
  const fetching = page !== 1 && further?.page !== page;

  // The page the list last showed: where it stays when the one chosen cannot be had.
  const shownPage = useRef(1);
  useEffect(() => {
    if (page === 1) {
      shownPage.current = 1;
      return;
    }
    let current = true;
    void fetchReviews(page).then((answer) => {
      if (!current) return;
      if (!answer) return setPage(shownPage.current);
      shownPage.current = page;
      setFurther({ page, shown: answer });
    });
    return () => {
      current = false;
    };
  }, [page]);

  return (
    <div className="space-y-6">
      {shown.reviews.length === 0 ? (
        <p className="text-muted-foreground">No reviews yet. Be the first to share your experience.</p>
      ) : null}
      <ul aria-label="Reviews" aria-busy={fetching} className="grid gap-4 md:grid-cols-2">
        {shown.reviews.map((review) => (
          <ReviewCard key={review._id} review={review} avatar={<ReviewerAvatar user={review.user} />} />
        ))}
      </ul>
      <PageButtons page={page} totalDoc={shown.totalDoc} limit={TESTIMONIALS_PAGE_SIZE} onChange={setPage} />
    </div>
  );
};
