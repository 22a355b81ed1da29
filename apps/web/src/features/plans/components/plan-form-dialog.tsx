import type { Plan } from '@carcare/contracts/plans';
import { type ReactNode, useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { useCurrency } from '@/lib/use-currency';
import { useCreatePlan, useUpdatePlan } from '../hooks/use-plan-saves';
import type { PlanRefusal } from '../plan-refusal';
import { PlanForm } from './plan-form';
import { newPlanSchema, planChangesSchema } from './plan-form-values';

type Named = { _id: string; name: string };

type PlanFormDialogProps = {
  /** The plan to edit; absent for Add Plan. */
  plan?: Plan;
  services: readonly Named[];
  addOns: readonly Named[];
  trigger: ReactNode;
};

const TEXTS = {
  add: { title: 'Add Plan', description: 'On offer on the Wash club page as soon as it is saved.' },
  edit: { title: 'Edit Plan', description: 'Its members get the new washes, vehicles and services at once.' },
} as const;

/** The add and edit dialogs: they close once the plan is saved; the form shows the server's refusal otherwise. */
export const PlanFormDialog = ({ plan, services, addOns, trigger }: PlanFormDialogProps) => {
  const [open, setOpen] = useState(false);
  const currency = useCurrency();
  const create = useCreatePlan();
  const update = useUpdatePlan(plan);
  const texts = plan ? TEXTS.edit : TEXTS.add;

  /** Closes the dialog once `saved` resolves to no refusal. */
  const closingOn = async (saved: Promise<PlanRefusal | null>) => {
    const refused = await saved;
    if (refused === null) setOpen(false);
    return refused;
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        {plan ? (
          <PlanForm
            plan={plan}
            schema={planChangesSchema}
            services={services}
            addOns={addOns}
            currency={currency}
            onSubmit={(changes) => closingOn(update(changes))}
          />
        ) : (
          <PlanForm
            schema={newPlanSchema}
            services={services}
            addOns={addOns}
            currency={currency}
            onSubmit={(created) => closingOn(create(created))}
          />
        )}
      </DialogContent>
    </Dialog>
  );
};
