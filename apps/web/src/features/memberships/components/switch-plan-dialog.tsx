import type { Membership } from '@carcare/contracts/memberships';
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
import { useGetPlansQuery } from '@/features/plans/api/get-plans';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useSwitchMembershipPlanMutation } from '../api/change-membership';
import { CHANGE_WORDS, priceWords } from '../membership-words';
import { refusalOf } from '../refusal';

/**
 * Switching to another membership plan on offer: the member chooses it, told that the unused part of the paid
 * period is credited and the rest charged now, a new period starting today. The server's refusal is shown.
 */
export const SwitchPlanDialog = ({ membership }: { membership: Membership }) => {
  const id = useId();
  const currency = useCurrency();
  const [open, setOpen] = useState(false);
  const [planId, setPlanId] = useState('');
  const [problem, setProblem] = useState<string>();
  const { data: plans = [], isSuccess } = useGetPlansQuery(undefined, { skip: !open });
  const [switchPlan, { isLoading }] = useSwitchMembershipPlanMutation();
  const others = plans.filter((plan) => plan.kind === 'membership' && plan._id !== membership.plan._id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    try {
      const switched = await switchPlan({ id: membership._id, plan: planId }).unwrap();
      toast.success(CHANGE_WORDS.switched(switched.plan.name));
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
        setPlanId('');
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          {CHANGE_WORDS.switchPlan}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{CHANGE_WORDS.switchTitle(membership.plan.name)}</DialogTitle>
          <DialogDescription>{CHANGE_WORDS.switchNotice}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4">
          <fieldset className="space-y-2 text-sm" aria-describedby={`${id}-error`}>
            <legend className="mb-2 font-medium">{CHANGE_WORDS.newPlan}</legend>
            {isSuccess && others.length === 0 ? (
              <p className="text-muted-foreground">{CHANGE_WORDS.noOtherPlans}</p>
            ) : null}
            {others.map((plan) => (
              <label key={plan._id} htmlFor={`${id}-${plan._id}`} className="flex min-w-0 items-center gap-3">
                <input
                  id={`${id}-${plan._id}`}
                  type="radio"
                  name={`${id}-plan`}
                  checked={planId === plan._id}
                  onChange={() => {
                    setPlanId(plan._id);
                    setProblem(undefined);
                  }}
                />
                <span className="min-w-0 break-words">
                  {plan.name} · {priceWords(plan, formatPrice(plan.price, currency))}
                </span>
              </label>
            ))}
          </fieldset>
          <FieldError id={`${id}-error`} message={problem} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {CHANGE_WORDS.close}
            </Button>
            <Button type="submit" disabled={isLoading || planId === ''}>
              {CHANGE_WORDS.switchConfirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
};
