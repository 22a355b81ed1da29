import type { CreatePlanInput, Plan, UpdatePlanInput } from '@carcare/contracts/plans';
import { PLAN_MESSAGES, PLAN_SCREEN } from '@carcare/contracts/plans-constants';
import { toast } from 'sonner';
import { toastError } from '@/lib/toast-message';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useCreatePlanMutation } from '../api/create-plan';
import { useRetirePlanMutation } from '../api/retire-plan';
import { useUpdatePlanMutation } from '../api/update-plan';
import { type PlanRefusal, planRefusal } from '../plan-refusal';

/**
 * A loading toast while `save` runs, then `success` or the server's refusal; resolves to the refusal, or null
 * once saved, so a dialog can close or say why not.
 */
async function saveWithToasts(save: () => Promise<unknown>, success: string): Promise<PlanRefusal | null> {
  const loadingToast = toast.loading(UI_MESSAGES.loadingToast);
  try {
    await save();
    toast.success(success);
    return null;
  } catch (error) {
    const refusal = planRefusal(error, PLAN_SCREEN.saveFailed);
    toastError({ title: refusal.message });
    return refusal;
  } finally {
    toast.dismiss(loadingToast);
  }
}

/** Makes a plan; resolves to the server's refusal, or null once it is made. */
export const useCreatePlan = () => {
  const [create] = useCreatePlanMutation();
  return (plan: CreatePlanInput) => saveWithToasts(() => create(plan).unwrap(), PLAN_MESSAGES.created);
};

/** Saves a plan's changes; resolves to the refusal, or null once saved. */
export const useUpdatePlan = (plan: Pick<Plan, '_id'> | undefined) => {
  const [update] = useUpdatePlanMutation();
  return (changes: UpdatePlanInput) =>
    saveWithToasts(() => update({ id: plan?._id ?? '', changes }).unwrap(), PLAN_MESSAGES.updated);
};

/** Retires a plan; `retire` resolves to the refusal, or null once it is off offer. */
export const useRetirePlan = (plan: Pick<Plan, '_id'>) => {
  const [retirePlan, { isLoading }] = useRetirePlanMutation();
  const retire = () => saveWithToasts(() => retirePlan(plan._id).unwrap(), PLAN_MESSAGES.retired);
  return { retire, isRetiring: isLoading };
};
