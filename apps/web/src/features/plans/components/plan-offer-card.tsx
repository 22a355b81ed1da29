import type { Plan } from '@carcare/contracts/plans';
import { PLAN_WORDS, WASH_CLUB_PAGE } from '@carcare/contracts/plans-constants';
import { CheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { useCurrency } from '@/lib/use-currency';
import { namesOf, planAllowance, planPrice } from '../plan-facts';

/** A plan on the Wash club page: what it costs, its washes and vehicles, what it covers, and Join. */
export const PlanOfferCard = ({ plan }: { plan: Plan }) => {
  const currency = useCurrency();
  return (
    <article
      aria-labelledby={`plan-${plan._id}`}
      className="flex flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <p className="font-medium text-muted-foreground text-xs uppercase tracking-wide">
            {PLAN_WORDS.kind[plan.kind]}
          </p>
          <h2 id={`plan-${plan._id}`} className="break-words font-semibold text-lg leading-tight">
            {plan.name}
          </h2>
        </div>
        <p className="font-bold text-lg text-primary">{planPrice(plan, currency)}</p>
      </div>
      {plan.description ? <p className="text-muted-foreground text-sm">{plan.description}</p> : null}
      <ul className="space-y-1 text-sm">
        {planAllowance(plan).map((line) => (
          <li key={line} className="flex items-center gap-2">
            <CheckIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
            {line}
          </li>
        ))}
      </ul>
      <div className="flex-1 space-y-1 break-words text-sm">
        <p>
          <span className="font-medium">{PLAN_WORDS.covers}:</span> {namesOf(plan.services)}
        </p>
        {plan.addOns.length > 0 ? (
          <p>
            <span className="font-medium">{PLAN_WORDS.addOns}:</span> {namesOf(plan.addOns)}
          </p>
        ) : null}
      </div>
      <Link
        to={paths.userDashboard.membership.join(plan._id)}
        aria-label={`${WASH_CLUB_PAGE.join}: ${plan.name}`}
        className={buttonVariants()}
      >
        {WASH_CLUB_PAGE.join}
      </Link>
    </article>
  );
};
