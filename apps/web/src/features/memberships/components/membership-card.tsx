import type { Membership } from '@carcare/contracts/memberships';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useDisplayFormat } from '@/lib/use-display-format';
import { carWords, MEMBERSHIP_WORDS, priceWords, STATUS_WORDS } from '../membership-words';
import { CancelMembershipDialog } from './cancel-membership-dialog';

/** When it renews, ends or ended, as the card says it. */
function periodLine(membership: Membership): [string, string | null] {
  if (membership.status === 'ended') return [MEMBERSHIP_WORDS.ended, membership.endedAt];
  if (membership.plan.kind === 'pack') return [MEMBERSHIP_WORDS.validUntil, membership.periodEnd];
  return [membership.cancelAtPeriodEnd ? MEMBERSHIP_WORDS.ends : MEMBERSHIP_WORDS.renews, membership.periodEnd];
}

/**
 * One membership or pack: its plan and price, status, cars, washes left, when it renews or ends; a failed
 * renewal's notice with the card update; Cancel for a membership that still renews.
 */
export const MembershipCard = ({ membership }: { membership: Membership }) => {
  const currency = useCurrency();
  const { instantDay } = useDisplayFormat();
  const [periodTerm, periodAt] = periodLine(membership);
  const periodEnd = membership.periodEnd ? instantDay(membership.periodEnd) : '';
  const { plan } = membership;
  const washes =
    membership.washesLeft === null || plan.washes === null
      ? MEMBERSHIP_WORDS.unlimited
      : MEMBERSHIP_WORDS.washesLeft(membership.washesLeft, plan.washes, plan.kind === 'pack');
  const canCancel =
    plan.kind === 'membership' &&
    !membership.cancelAtPeriodEnd &&
    ['active', 'past_due', 'suspended', 'paused'].includes(membership.status);
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
        {periodAt ? (
          <>
            <dt className="text-muted-foreground">{periodTerm}</dt>
            <dd className="min-w-0 break-words">{instantDay(periodAt)}</dd>
          </>
        ) : null}
      </dl>
      {membership.cardUpdateUrl || canCancel ? (
        <div className="mt-auto flex flex-wrap gap-2">
          {membership.cardUpdateUrl ? (
            <a className={buttonVariants({ size: 'sm' })} href={membership.cardUpdateUrl}>
              {MEMBERSHIP_WORDS.updateCard}
            </a>
          ) : null}
          {canCancel ? <CancelMembershipDialog membership={membership} until={periodEnd} /> : null}
        </div>
      ) : null}
    </article>
  );
};
