import type { Plan } from '@carcare/contracts/plans';
import { PencilIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PlanFormDialog } from './plan-form-dialog';
import { RetirePlanDialog } from './retire-plan-dialog';

type Named = { _id: string; name: string };
type PlanRowActionsProps = { plan: Plan; services: readonly Named[]; addOns: readonly Named[] };

/** Edit, and Retire while it is on offer (a retired plan stays retired: its members keep it). */
export const PlanRowActions = ({ plan, services, addOns }: PlanRowActionsProps) => (
  <div className="flex flex-wrap items-center justify-end gap-1">
    <PlanFormDialog
      plan={plan}
      services={services}
      addOns={addOns}
      trigger={
        <Button size="sm" variant="outline" aria-label={`Edit ${plan.name}`}>
          <PencilIcon aria-hidden="true" />
          Edit
        </Button>
      }
    />
    {plan.active ? <RetirePlanDialog plan={plan} /> : null}
  </div>
);
