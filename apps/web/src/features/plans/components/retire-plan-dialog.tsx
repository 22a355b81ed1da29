import type { Plan } from '@carcare/contracts/plans';
import { PLAN_SCREEN } from '@carcare/contracts/plans-constants';
import { useState } from 'react';
import { ConfirmChangeDialog } from '@/components/feedback/confirm-change-dialog';
import { Button } from '@/components/ui/button';
import { useRetirePlan } from '../hooks/use-plan-saves';
import { PlanRefusalNotice } from './plan-refusal-notice';

/** Retiring a plan asks first and stays open until the server has answered; a refusal is said in the dialog. */
export const RetirePlanDialog = ({ plan }: { plan: Plan }) => {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { retire, isRetiring } = useRetirePlan(plan);

  const confirm = async () => {
    const refused = await retire();
    setRefusal(refused?.message ?? null);
    return refused === null;
  };

  return (
    <ConfirmChangeDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setRefusal(null);
      }}
      trigger={
        <Button size="sm" variant="outline" aria-label={`Retire ${plan.name}`}>
          Retire
        </Button>
      }
      title={`Retire ${plan.name}?`}
      description={PLAN_SCREEN.retireWarning}
      confirmLabel="Retire"
      dismissLabel="Cancel"
      busy={isRetiring}
      onConfirm={confirm}
    >
      <PlanRefusalNotice message={refusal} />
    </ConfirmChangeDialog>
  );
};
