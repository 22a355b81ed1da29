import type { Plan } from '@carcare/contracts/plans';
import { PLAN_SCREEN } from '@carcare/contracts/plans-constants';
import { type MouseEvent, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { useRetirePlan } from '../hooks/use-plan-saves';
import { PlanRefusalNotice } from './plan-refusal-notice';

/** Retiring a plan asks first and stays open until the server has answered; a refusal is said in the dialog. */
export const RetirePlanDialog = ({ plan }: { plan: Plan }) => {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { retire, isRetiring } = useRetirePlan(plan);

  const confirm = async (event: MouseEvent) => {
    event.preventDefault();
    const refused = await retire();
    setRefusal(refused?.message ?? null);
    if (refused === null) setOpen(false);
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setRefusal(null);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Retire ${plan.name}`}>
          Retire
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Retire {plan.name}?</AlertDialogTitle>
          <AlertDialogDescription>{PLAN_SCREEN.retireWarning}</AlertDialogDescription>
        </AlertDialogHeader>
        <PlanRefusalNotice message={refusal} />
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={isRetiring}
            onClick={confirm}
          >
            Retire
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
};
