import { PageHeading } from '@/components/feedback/page-heading';
import { CARDS_MEDIA_QUERY } from '@/lib/breakpoints';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useMediaQuery } from '@/lib/use-media-query';
import { useGetMembersQuery } from '../api/get-members';
import { GiveMembershipDialog } from '../components/give-membership-dialog';
import { MemberStatusFilter } from '../components/member-status-filter';
import { MemberCards, MembersTable } from '../components/members-table';
import { useStatusInAddress } from '../hooks/use-status-in-address';
import { MEMBERS_WORDS } from '../members-words';

/**
 * The wash club's members: every membership and pack with its member, newest first, or those of one status; each
 * live one can be ended now, and the shop can give a customer's cars a plan. A table on a wide screen, cards on a
 * phone.
 */
export const MembersPage = () => {
  const [status, setStatus] = useStatusInAddress();
  const { data: members, isLoading, isFetching, isError } = useGetMembersQuery(status);
  const cards = useMediaQuery(CARDS_MEDIA_QUERY);
  const List = cards ? MemberCards : MembersTable;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading title={MEMBERS_WORDS.title} description={MEMBERS_WORDS.description} />
        <GiveMembershipDialog />
      </div>
      <MemberStatusFilter value={status} onChange={setStatus} />
      {isLoading ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? (
        <p role="alert" className="text-destructive">
          {MEMBERS_WORDS.loadFailed}
        </p>
      ) : null}
      {members && members.length === 0 ? (
        <p className="text-center text-muted-foreground">{status ? MEMBERS_WORDS.noneOfStatus : MEMBERS_WORDS.empty}</p>
      ) : null}
      {members && members.length > 0 ? (
        <div className={cards ? undefined : 'rounded-xl border bg-card'} aria-busy={isFetching}>
          <List members={members} />
        </div>
      ) : null}
    </div>
  );
};
