import type { Membership } from '@carcare/contracts/memberships';
import { type MouseEvent, useState } from 'react';
import { toast } from 'sonner';
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
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useResumeMembershipMutation } from '../api/change-membership';
import { CHANGE_WORDS } from '../membership-words';
import { refusalOf } from '../refusal';

/**
 * Ending a pause early: one under way restarts billing now (a new period, charged at once); one not yet begun
 * is called off and the membership renews as usual. The confirmation says which; a refusal is shown in it.
 */
export const ResumeMembershipDialog = ({ membership }: { membership: Membership }) => {
  const currency = useCurrency();
  const { instantDay } = useDisplayFormat();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [resume, { isLoading }] = useResumeMembershipMutation();
  const underWay = membership.status === 'paused';

  const confirm = async (event: MouseEvent) => {
    event.preventDefault();
    setProblem(undefined);
    try {
      await resume(membership._id).unwrap();
      toast.success(underWay ? CHANGE_WORDS.resumed : CHANGE_WORDS.calledOff);
      setOpen(false);
    } catch (error) {
      setProblem(refusalOf(error));
    }
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setProblem(undefined);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button size="sm">{CHANGE_WORDS.resume}</Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{CHANGE_WORDS.resumeTitle(membership.plan.name)}</AlertDialogTitle>
          <AlertDialogDescription>
            {underWay
              ? CHANGE_WORDS.resumeUnderWayNotice(formatPrice(membership.plan.price, currency))
              : CHANGE_WORDS.callOffNotice(instantDay(membership.periodEnd ?? ''))}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <FieldError id={`${membership._id}-resume-error`} message={problem} />
        <AlertDialogFooter>
          <AlertDialogCancel>{CHANGE_WORDS.keepPaused}</AlertDialogCancel>
          <AlertDialogAction disabled={isLoading} onClick={confirm}>
            {CHANGE_WORDS.resumeConfirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
};
