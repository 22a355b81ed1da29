import type { Membership } from '@carcare/contracts/memberships';
import { MEMBERSHIP_PAUSE_MONTHS, type MembershipPauseMonths } from '@carcare/contracts/plans-constants';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { useDisplayFormat } from '@/lib/use-display-format';
import { usePauseMembershipMutation } from '../api/change-membership';
import { CHANGE_WORDS } from '../membership-words';
import { refusalOf } from '../refusal';

/**
 * Pausing a monthly membership: the member chooses 1 to 3 months; it pauses at the end of the paid period and
 * renews on its own after. The server's refusal is shown in the dialog.
 */
export const PauseMembershipDialog = ({ membership }: { membership: Membership }) => {
  const id = useId();
  const { instantDay } = useDisplayFormat();
  const [open, setOpen] = useState(false);
  const [months, setMonths] = useState<MembershipPauseMonths>(1);
  const [problem, setProblem] = useState<string>();
  const [pause, { isLoading }] = usePauseMembershipMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    try {
      const paused = await pause({ id: membership._id, months }).unwrap();
      toast.success(CHANGE_WORDS.paused(instantDay(paused.periodEnd ?? ''), instantDay(paused.pausedUntil ?? '')));
      setOpen(false);
    } catch (error) {
      setProblem(refusalOf(error));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setProblem(undefined);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          {CHANGE_WORDS.pause}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{CHANGE_WORDS.pauseTitle(membership.plan.name)}</DialogTitle>
          <DialogDescription>{CHANGE_WORDS.pauseNotice(instantDay(membership.periodEnd ?? ''))}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4">
          <fieldset className="flex flex-wrap gap-4 text-sm" aria-describedby={`${id}-error`}>
            <legend className="mb-2 font-medium">{CHANGE_WORDS.pauseFor}</legend>
            {MEMBERSHIP_PAUSE_MONTHS.map((each) => (
              <label key={each} htmlFor={`${id}-${each}`} className="flex items-center gap-2">
                <input
                  id={`${id}-${each}`}
                  type="radio"
                  name={`${id}-months`}
                  checked={months === each}
                  onChange={() => setMonths(each)}
                />
                {CHANGE_WORDS.months(each)}
              </label>
            ))}
          </fieldset>
          <FieldError id={`${id}-error`} message={problem} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {CHANGE_WORDS.close}
            </Button>
            <Button type="submit" disabled={isLoading}>
              {CHANGE_WORDS.pauseConfirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
};
