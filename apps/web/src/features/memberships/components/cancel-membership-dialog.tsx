import type { Membership } from '@carcare/contracts/memberships';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmChangeDialog } from '@/components/feedback/confirm-change-dialog';
import { Button } from '@/components/ui/button';
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
  const confirm = async () => {
    try {
      await cancel(membership._id).unwrap();
      toast.success(MEMBERSHIP_WORDS.cancelled, { description: MEMBERSHIP_WORDS.cancelNotice(until) });
      return true;
    } catch (error) {
      const message = isFetchBaseQueryError(error) && typeof error.status === 'number' ? serverMessage(error) : null;
      toastError({ title: message ?? MEMBERSHIP_WORDS.failed });
      return false;
    }
  };
  return (
    <ConfirmChangeDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm">
          {MEMBERSHIP_WORDS.cancel}
        </Button>
      }
      title={MEMBERSHIP_WORDS.cancelPrompt(membership.plan.name)}
      description={MEMBERSHIP_WORDS.cancelNotice(until)}
      confirmLabel={MEMBERSHIP_WORDS.cancel}
      dismissLabel={MEMBERSHIP_WORDS.keep}
      busy={isLoading}
      onConfirm={confirm}
    />
  );
};
