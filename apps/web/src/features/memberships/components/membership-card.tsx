import type { Membership } from '@carcare/contracts/memberships';
import { Fragment } from 'react';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useDisplayFormat } from '@/lib/use-display-format';
import { membershipActions } from '../membership-actions';
import { carWords, MEMBERSHIP_WORDS, priceWords, STATUS_WORDS } from '../membership-words';
import { CancelMembershipDialog } from './cancel-membership-dialog';
import { ChangeCarsDialog } from './change-cars-dialog';
import { MembershipHistory } from './membership-history';
import { PauseMembershipDialog } from './pause-membership-dialog';
import { ResumeMembershipDialog } from './resume-membership-dialog';
import { SwitchPlanDialog } from './switch-plan-dialog';

/** When it renews, ends, ended, pauses or resumes, as the card says it. */
function periodLines(membership: Membership): Array<[string, string]> {
  if (membership.status === 'ended') return membership.endedAt ? [[MEMBERSHIP_WORDS.ended, membership.endedAt]] : [];
  if (!membership.periodEnd) return [];
  if (membership.plan.kind === 'pack') return [[MEMBERSHIP_WORDS.validUntil, membership.periodEnd]];
  if (membership.status === 'paused' && membership.pausedUntil) {
    return [[MEMBERSHIP_WORDS.resumes, membership.pausedUntil]];
  }
  if (membership.pausedUntil) {
    return [
      [MEMBERSHIP_WORDS.pauses, membership.periodEnd],
      [MEMBERSHIP_WORDS.resumes, membership.pausedUntil],
    ];
  }
  return [[membership.cancelAtPeriodEnd ? MEMBERSHIP_WORDS.ends : MEMBERSHIP_WORDS.renews, membership.periodEnd]];
}

/**
 * One membership or pack: its plan and price, status, cars, washes left, when it renews, ends, pauses or
 * resumes; a failed renewal's notice with the card update; the member's changes (pause, resume, cars, plan) and
 * Cancel, where they apply.
 */
export const MembershipCard = ({ membership }: { membership: Membership }) => {
  const currency = useCurrency();
  const { instantDay } = useDisplayFormat();
  const actions = membershipActions(membership);
  const periodEnd = membership.periodEnd ? instantDay(membership.periodEnd) : '';
  const { plan } = membership;
  const washes =
    membership.washesLeft === null || plan.washes === null
      ? MEMBERSHIP_WORDS.unlimited
      : MEMBERSHIP_WORDS.washesLeft(membership.washesLeft, plan.washes, plan.kind === 'pack');
  return (
    <article
      aria-label={plan.name}
      className="flex w-full min-w-0 flex-col gap-3 rounded-lg border bg-card p-5 shadow-xs"
    >
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="break-words font-semibold text-lg">{plan.name}</h2>
          <p className="text-muted-foreground text-sm">{priceWords(plan, formatPrice(plan.price, currency))}</p>
        </div>
        <Badge variant={membership.status === 'active' ? 'default' : 'outline'}>
          {STATUS_WORDS[membership.status]}
        </Badge>
      </div>
      {membership.status === 'past_due' && membership.graceUntil ? (
        <p role="alert" className="text-destructive text-sm">
          {MEMBERSHIP_WORDS.graceNotice(instantDay(membership.graceUntil))}
        </p>
      ) : null}
      {membership.status === 'suspended' ? (
        <p role="alert" className="text-destructive text-sm">
          {MEMBERSHIP_WORDS.suspendedNotice}
        </p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{MEMBERSHIP_WORDS.cars}</dt>
        <dd className="min-w-0 break-words">{membership.vehicles.map(carWords).join(', ')}</dd>
        {membership.status !== 'pending' && membership.status !== 'ended' ? (
          <>
            <dt className="text-muted-foreground">{MEMBERSHIP_WORDS.washes}</dt>
            <dd className="min-w-0 break-words">{washes}</dd>
          </>
        ) : null}
        {periodLines(membership).map(([term, at]) => (
          <Fragment key={term}>
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="min-w-0 break-words">{instantDay(at)}</dd>
          </Fragment>
        ))}
      </dl>
      {membership.status !== 'pending' ? <MembershipHistory membershipId={membership._id} /> : null}
      {membership.cardUpdateUrl || Object.values(actions).some(Boolean) ? (
        <div className="mt-auto flex flex-wrap gap-2">
          {membership.cardUpdateUrl ? (
            <a className={buttonVariants({ size: 'sm' })} href={membership.cardUpdateUrl}>
              {MEMBERSHIP_WORDS.updateCard}
            </a>
          ) : null}
          {actions.resume ? <ResumeMembershipDialog membership={membership} /> : null}
          {actions.pause ? <PauseMembershipDialog membership={membership} /> : null}
          {actions.changeCars ? <ChangeCarsDialog membership={membership} /> : null}
          {actions.switchPlan ? <SwitchPlanDialog membership={membership} /> : null}
          {actions.cancel ? <CancelMembershipDialog membership={membership} until={periodEnd} /> : null}
        </div>
      ) : null}
    </article>
  );
};
