import { useSearchParams } from 'react-router';
import { PageHeading } from '@/components/feedback/page-heading';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useGetMyMembershipsQuery, useGetPlanToJoinQuery } from '../api/memberships-api';
import { JoinPlanForm } from '../components/join-plan-form';
import { MembershipCard } from '../components/membership-card';
import { MEMBERSHIP_WORDS } from '../membership-words';

/** A plan id as the link writes it; anything else joins nothing. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The customer's wash club: joining the plan the link names (`?plan=`), and every membership and pack they
 * have had, newest first, with what is left and when each renews or ends.
 */
export const MembershipPage = () => {
  const [params] = useSearchParams();
  const planId = params.get('plan') ?? '';
  const joining = UUID.test(planId);
  const plan = useGetPlanToJoinQuery(planId, { skip: !joining });
  const { data: memberships, isLoading, isError } = useGetMyMembershipsQuery(undefined);

  return (
    <div className="space-y-6">
      <PageHeading title={MEMBERSHIP_WORDS.title} description={MEMBERSHIP_WORDS.subtitle} />
      {joining && plan.data ? <JoinPlanForm plan={plan.data} /> : null}
      {joining && plan.isError ? <p className="text-destructive">{MEMBERSHIP_WORDS.planLoadFailed}</p> : null}
      {isLoading ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? <p className="text-destructive">{MEMBERSHIP_WORDS.loadFailed}</p> : null}
      {memberships?.length === 0 && !joining ? <p className="text-muted-foreground">{MEMBERSHIP_WORDS.empty}</p> : null}
      {memberships && memberships.length > 0 ? (
        <ul aria-label={MEMBERSHIP_WORDS.title} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {memberships.map((membership) => (
            <li key={membership._id} className="flex min-w-0">
              <MembershipCard membership={membership} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};
