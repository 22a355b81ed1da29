import type { Plan } from '@carcare/contracts/plans';
import { PLAN_SCREEN, PLAN_WORDS } from '@carcare/contracts/plans-constants';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCurrency } from '@/lib/use-currency';
import { namesOf, planAllowance, planPrice } from '../plan-facts';
import { PlanRowActions } from './plan-row-actions';

type Named = { _id: string; name: string };
type PlansTableProps = { plans: readonly Plan[]; services: readonly Named[]; addOns: readonly Named[] };

const StatusBadge = ({ active }: { active: boolean }) => (
  <Badge variant={active ? 'default' : 'outline'}>{active ? PLAN_WORDS.active : PLAN_WORDS.retired}</Badge>
);

/** The services it covers, and the add-ons it includes under them when there are any. */
const Covered = ({ plan }: { plan: Plan }) => (
  <>
    <div>{namesOf(plan.services)}</div>
    {plan.addOns.length > 0 ? (
      <div className="text-xs">
        {PLAN_WORDS.addOns}: {namesOf(plan.addOns)}
      </div>
    ) : null}
  </>
);

/** The plans on a wide screen: name, kind, price, washes, what it covers, status and actions. */
export const PlansTable = ({ plans, services, addOns }: PlansTableProps) => {
  const currency = useCurrency();
  return (
    <Table aria-label={PLAN_SCREEN.title}>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Kind</TableHead>
          <TableHead>Price</TableHead>
          <TableHead>Washes</TableHead>
          <TableHead>Covers</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {plans.map((plan) => {
          const [washes, ...limits] = planAllowance(plan);
          return (
            <TableRow key={plan._id}>
              <TableCell className="max-w-48 whitespace-normal font-medium">{plan.name}</TableCell>
              <TableCell>{PLAN_WORDS.kind[plan.kind]}</TableCell>
              <TableCell>{planPrice(plan, currency)}</TableCell>
              <TableCell className="whitespace-normal">
                <div>{washes}</div>
                <div className="text-muted-foreground text-xs">{limits.join(' · ')}</div>
              </TableCell>
              <TableCell className="max-w-64 whitespace-normal text-muted-foreground">
                <Covered plan={plan} />
              </TableCell>
              <TableCell>
                <StatusBadge active={plan.active} />
              </TableCell>
              <TableCell className="text-right">
                <PlanRowActions plan={plan} services={services} addOns={addOns} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
};

/** The plans on a phone: one card each, nothing wider than the screen. */
export const PlanCards = ({ plans, services, addOns }: PlansTableProps) => {
  const currency = useCurrency();
  return (
    <ul aria-label={PLAN_SCREEN.title} className="space-y-3">
      {plans.map((plan) => (
        <li key={plan._id} aria-label={plan.name} className="space-y-2 rounded-xl border bg-card p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="break-words font-medium">{plan.name}</span>
            <StatusBadge active={plan.active} />
          </div>
          <p className="text-sm">
            {PLAN_WORDS.kind[plan.kind]} · {planPrice(plan, currency)}
          </p>
          <p className="text-sm">{planAllowance(plan).join(' · ')}</p>
          <div className="break-words text-muted-foreground text-sm">
            <Covered plan={plan} />
          </div>
          <PlanRowActions plan={plan} services={services} addOns={addOns} />
        </li>
      ))}
    </ul>
  );
};
