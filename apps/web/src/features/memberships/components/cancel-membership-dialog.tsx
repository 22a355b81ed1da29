import type { Membership } from '@carcare/contracts/memberships';
import type { MouseEvent } from 'react';
import { useState } from 'react';
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
import { Button, buttonVariants } from '@/components/ui/button';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { toastError } from '@/lib/toast-message';
import { useCancelMembershipMutation } from '../api/memberships-api';
import { MEMBERSHIP_WORDS } from '../membership-words';

type CancelMembershipDialogProps = { membership: Membership; until: string };

/**
 * Leaving in two clicks: Cancel membership, then the confirmation that says nothing more is charged and the
 * washes last to the end of the paid period. A refusal is shown as the server gives it.
 */
export const CancelMembershipDialog = ({ membership, until }: CancelMembershipDialogProps) => {
  const [open, setOpen] = useState(false);
  const [cancel, { isLoading }] = useCancelMembershipMutation();
  const confirm = async (event: MouseEvent) => {
    event.preventDefault();
    try {
      await cancel(membership._id).unwrap();
      toast.success(MEMBERSHIP_WORDS.cancelled, { description: MEMBERSHIP_WORDS.cancelNotice(until) });
      setOpen(false);
    } catch (error) {
      const message = isFetchBaseQueryError(error) && typeof error.status === 'number' ? serverMessage(error) : null;
      toastError({ title: message ?? MEMBERSHIP_WORDS.failed });
    }
  };
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm">
          {MEMBERSHIP_WORDS.cancel}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{MEMBERSHIP_WORDS.cancelPrompt(membership.plan.name)}</AlertDialogTitle>
          <AlertDialogDescription>{MEMBERSHIP_WORDS.cancelNotice(until)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{MEMBERSHIP_WORDS.keep}</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={isLoading}
            onClick={confirm}
          >
            {MEMBERSHIP_WORDS.cancel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
};
