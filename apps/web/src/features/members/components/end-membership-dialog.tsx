import type { Member } from '@carcare/contracts/memberships';
import { useState } from 'react';
import { ConfirmChangeDialog } from '@/components/feedback/confirm-change-dialog';
import { Button } from '@/components/ui/button';
import { PlanRefusalNotice } from '@/features/plans/components/plan-refusal-notice';
import { useEndMembership } from '../hooks/use-member-saves';
import { memberName } from '../member-facts';
import { MEMBERS_WORDS } from '../members-words';

/**
 * Ending a membership in two clicks: End membership, then the confirmation that it ends now and nothing more is
 * billed. The dialog stays open until the server has answered; a refusal is said in it and in a toast.
 */
export const EndMembershipDialog = ({ member }: { member: Member }) => {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { end, isEnding } = useEndMembership(member);
  const name = memberName(member);

  const confirm = async () => {
    const refused = await end();
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
        <Button size="sm" variant="outline" aria-label={MEMBERS_WORDS.endLabel(name, member.plan.name)}>
          {MEMBERS_WORDS.end}
        </Button>
      }
      title={MEMBERS_WORDS.endPrompt(name, member.plan.name)}
      description={MEMBERS_WORDS.endNotice}
      confirmLabel={MEMBERS_WORDS.end}
      dismissLabel={MEMBERS_WORDS.keep}
      busy={isEnding}
      onConfirm={confirm}
    >
      <PlanRefusalNotice message={refusal} />
    </ConfirmChangeDialog>
  );
};
