import type { CompMembershipInput, Member } from '@carcare/contracts/memberships';
import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { toast } from 'sonner';
import { type PlanRefusal, planRefusal } from '@/features/plans/plan-refusal';
import { toastError } from '@/lib/toast-message';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useCompMembershipMutation } from '../api/comp-membership';
import { useEndMembershipMutation } from '../api/end-membership';
import { MEMBERS_WORDS } from '../members-words';

/**
 * A loading toast while `save` runs, then `success` or the server's refusal; resolves to the refusal (its message
 * and the fields it names), or null once done, so a dialog can close or say why not.
 */
async function saveWithToasts(save: () => Promise<unknown>, success: string): Promise<PlanRefusal | null> {
  const loadingToast = toast.loading(UI_MESSAGES.loadingToast);
  try {
    await save();
    toast.success(success);
    return null;
  } catch (error) {
    const refusal = planRefusal(error, MEMBERS_WORDS.failed);
    toastError({ title: refusal.message });
    return refusal;
  } finally {
    toast.dismiss(loadingToast);
  }
}

/** Ends a membership now; `end` resolves to the server's refusal, or null once it has ended. */
export const useEndMembership = (member: Pick<Member, '_id'>) => {
  const [endMembership, { isLoading }] = useEndMembershipMutation();
  const end = () => saveWithToasts(() => endMembership(member._id).unwrap(), MEMBERSHIP_MESSAGES.ended);
  return { end, isEnding: isLoading };
};

/** Gives a customer's cars a plan; resolves to the server's refusal, or null once given. */
export const useCompMembership = () => {
  const [comp] = useCompMembershipMutation();
  return (body: CompMembershipInput) => saveWithToasts(() => comp(body).unwrap(), MEMBERSHIP_MESSAGES.comped);
};
