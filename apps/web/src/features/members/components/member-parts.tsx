import type { Member } from '@carcare/contracts/memberships';
import { Badge } from '@/components/ui/badge';
import { carWords, STATUS_WORDS } from '@/features/memberships/membership-words';
import { useDisplayFormat } from '@/lib/use-display-format';
import { periodOf, sinceOf } from '../member-facts';
import { MEMBERS_WORDS } from '../members-words';

/** Its plan's name, marked Given when the shop gave it. */
export const MemberPlan = ({ member }: { member: Member }) => (
  <span className="inline-flex flex-wrap items-center gap-1.5">
    <span className="break-words">{member.plan.name}</span>
    {member.comped ? <Badge variant="secondary">{MEMBERS_WORDS.given}</Badge> : null}
  </span>
);

const STATUS_BADGE: Record<Member['status'], 'default' | 'destructive' | 'outline'> = {
  pending: 'outline',
  active: 'default',
  past_due: 'destructive',
  suspended: 'destructive',
  paused: 'outline',
  ended: 'outline',
};

/** Where it stands; a failed renewal stands out. */
export const MemberStatus = ({ member }: { member: Member }) => (
  <Badge variant={STATUS_BADGE[member.status]}>{STATUS_WORDS[member.status]}</Badge>
);

/** Its cars with their plates, one a line. */
export const MemberCars = ({ member }: { member: Member }) => (
  <ul>
    {member.vehicles.map((vehicle) => (
      <li key={vehicle._id} className="break-words">
        {carWords(vehicle)}
      </li>
    ))}
  </ul>
);

/** The day it started and the day it renews, ends or ended, in the shop's date format. */
export const useMemberDays = (member: Member) => {
  const { instantDay } = useDisplayFormat();
  const period = periodOf(member);
  return {
    since: instantDay(sinceOf(member)),
    period: period ? `${period.term} ${instantDay(period.at)}` : MEMBERS_WORDS.none,
  };
};
