import type { Member } from '@carcare/contracts/memberships';
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

  const confirm = async (event: MouseEvent) => {
    event.preventDefault();
    const refused = await end();
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
        <Button size="sm" variant="outline" aria-label={MEMBERS_WORDS.endLabel(name, member.plan.name)}>
          {MEMBERS_WORDS.end}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{MEMBERS_WORDS.endPrompt(name, member.plan.name)}</AlertDialogTitle>
          <AlertDialogDescription>{MEMBERS_WORDS.endNotice}</AlertDialogDescription>
        </AlertDialogHeader>
        <PlanRefusalNotice message={refusal} />
        <AlertDialogFooter>
          <AlertDialogCancel>{MEMBERS_WORDS.keep}</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={isEnding}
            onClick={confirm}
          >
            {MEMBERS_WORDS.end}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
};
