import { REVIEW_DEFAULT_LIMIT } from '@carcare/contracts/reviews-constants';
import { PageHead } from '@/components/seo/page-head';
import { BusinessJsonLd } from '@/components/seo/structured-data';
import { AllServicesBanner } from '@/features/home/components/all-services-banner';
import { HomeHero } from '@/features/home/components/home-hero';
import { WhyChooseUs } from '@/features/home/components/why-choose-us';
import { useGetReviewsQuery } from '@/features/reviews/api/get-reviews';
import { HomeReviews } from '@/features/reviews/components/home-reviews';
import { PremiumServices } from '@/features/services/components/premium-services';
import { paths } from '@/lib/paths';

export const HOME_DESCRIPTION =
  'Book car wash, detailing and car-care services online: pick a time that suits you and pay in minutes.';

/** SPEC section 2, "/": composed here because its sections come from several features. */
export const HomePage = () => {
  // The same call as the reviews section below: one answer, also the business's rating for search engines.
  const { data: reviews } = useGetReviewsQuery({ page: 1, limit: REVIEW_DEFAULT_LIMIT });
  return (
    <>
      <PageHead description={HOME_DESCRIPTION} path={paths.home} />
      <BusinessJsonLd stats={reviews?.stats} />
      <HomeHero />
      <PremiumServices />
      <WhyChooseUs />
      <AllServicesBanner />
      <HomeReviews />
    </>
  );
};
