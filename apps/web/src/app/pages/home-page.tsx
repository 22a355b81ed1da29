import { AllServicesBanner } from '@/features/home/components/all-services-banner';
import { HomeHero } from '@/features/home/components/home-hero';
import { WhyChooseUs } from '@/features/home/components/why-choose-us';
import { HomeReviews } from '@/features/reviews/components/home-reviews';
import { PremiumServices } from '@/features/services/components/premium-services';

/** SPEC section 2, "/": composed here because its sections come from several features. */
export const HomePage = () => (
  <>
    <HomeHero />
    <PremiumServices />
    <WhyChooseUs />
    <AllServicesBanner />
    <HomeReviews />
  </>
);
