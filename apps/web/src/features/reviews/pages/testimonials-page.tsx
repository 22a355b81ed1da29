import { TESTIMONIALS_PAGE_SIZE } from '@carcare/contracts/reviews-constants';
import { useState } from 'react';
import { LoadingScreen } from '@/components/feedback/loading-screen';
import { PublicPage } from '@/components/layout/public-page';
import { PageButtons } from '@/components/lists/page-buttons';
import { PageHead } from '@/components/seo/page-head';
import { BusinessJsonLd } from '@/components/seo/structured-data';
import { paths } from '@/lib/paths';
import { useGetReviewsQuery } from '../api/get-reviews';
import { ReviewCard } from '../components/review-card';
import { ReviewSummary } from '../components/review-summary';
import { ReviewerAvatar } from '../components/reviewer-avatar';
import { WriteReviewSection } from '../components/write-review-section';

export const TestimonialsPage = () => {
  const [page, setPage] = useState(1);
  const { data, isLoading, isFetching } = useGetReviewsQuery({ page, limit: TESTIMONIALS_PAGE_SIZE });

  return (
    <PublicPage title="Customer Insights" description="What drivers say after their wash">
      <PageHead
        title="Customer reviews"
        description="What drivers say after their wash: ratings and reviews from customers who booked with us."
        path={paths.testimonials}
      />
      <BusinessJsonLd stats={data?.stats} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          {isLoading ? <LoadingScreen /> : null}
          {data && data.reviews.length === 0 ? (
            <p className="text-muted-foreground">No reviews yet. Be the first to share your experience.</p>
          ) : null}
          {data ? (
            <ul aria-label="Reviews" aria-busy={isFetching} className="grid gap-4 md:grid-cols-2">
              {data.reviews.map((review) => (
                <ReviewCard key={review._id} review={review} avatar={<ReviewerAvatar user={review.user} />} />
              ))}
            </ul>
          ) : null}
          {data ? (
            <PageButtons page={page} totalDoc={data.totalDoc} limit={TESTIMONIALS_PAGE_SIZE} onChange={setPage} />
          ) : null}
        </div>
        <aside className="space-y-6">
          {data ? <ReviewSummary stats={data.stats} /> : null}
          <WriteReviewSection />
        </aside>
      </div>
    </PublicPage>
  );
};
