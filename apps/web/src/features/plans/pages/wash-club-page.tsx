import { WASH_CLUB_PAGE } from '@carcare/contracts/plans-constants';
import { LoadingScreen } from '@/components/feedback/loading-screen';
import { PublicPage } from '@/components/layout/public-page';
import { PageHead } from '@/components/seo/page-head';
import { paths } from '@/lib/paths';
import { useGetPlansQuery } from '../api/get-plans';
import { PlanOfferCard } from '../components/plan-offer-card';

/** The wash club: the memberships and packs on offer, memberships first, each with its Join button. */
export const WashClubPage = () => {
  const { data: plans, isLoading, isError } = useGetPlansQuery();

  return (
    <PublicPage title={WASH_CLUB_PAGE.title} description={WASH_CLUB_PAGE.description}>
      <PageHead title={WASH_CLUB_PAGE.title} description={WASH_CLUB_PAGE.metaDescription} path={paths.plans} />
      {isLoading ? <LoadingScreen /> : null}
      {isError ? (
        <p role="alert" className="text-destructive">
          {WASH_CLUB_PAGE.loadFailed}
        </p>
      ) : null}
      {plans && plans.length === 0 ? <p className="text-muted-foreground">{WASH_CLUB_PAGE.empty}</p> : null}
      {plans && plans.length > 0 ? (
        <ul aria-label="Plans" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {plans.map((plan) => (
            <li key={plan._id} className="flex *:flex-1">
              <PlanOfferCard plan={plan} />
            </li>
          ))}
        </ul>
      ) : null}
    </PublicPage>
  );
};
