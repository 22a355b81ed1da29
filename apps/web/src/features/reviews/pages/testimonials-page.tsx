import { TESTIMONIALS_PAGE_SIZE } from '@carcare/contracts/reviews-constants';
import { LoadingScreen } from '@/components/feedback/loading-screen';
import { PublicPage } from '@/components/layout/public-page';
import { PageHead } from '@/components/seo/page-head';
import { BusinessJsonLd } from '@/components/seo/structured-data';
import { Island } from '@/lib/islands/island';
import { paths } from '@/lib/paths';
import { useGetReviewsQuery } from '../api/get-reviews';
import { ReviewPages } from '../components/review-pages';
import { ReviewSummary } from '../components/review-summary';
import { WriteReviewSection } from '../components/write-review-section';

export const TestimonialsPage = () => {
  const { data, isLoading } = useGetReviewsQuery({ page: 1, limit: TESTIMONIALS_PAGE_SIZE });

  return (
    <PublicPage title="Customer Insights" description="What drivers say after their wash">
      <PageHead
        title="Customer reviews"
        description="What drivers say after their wash: ratings and reviews from customers who booked with us."
        path={paths.testimonials}
      />
      <BusinessJsonLd stats={data?.stats} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        {isLoading ? <LoadingScreen /> : null}
        {data ? (
          <Island
            name="review-pages"
            component={ReviewPages}
            props={{ first: { reviews: data.reviews, totalDoc: data.totalDoc } }}
          />
        ) : null}
        <aside className="space-y-6">
          {data ? <ReviewSummary stats={data.stats} /> : null}
          <WriteReviewSection />
        </aside>
      </div>
    </PublicPage>
  );
};
