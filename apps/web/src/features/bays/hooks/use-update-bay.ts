import type { Bay, UpdateBayInput } from '@carcare/contracts/bays';
import { BAY_MESSAGES } from '@carcare/contracts/bays-constants';
import { useUpdateBayMutation } from '../api/update-bay';
import { saveWithToasts } from './save-with-toasts';

/** A loading toast, then 'Bay updated' or the server's refusal; `save` resolves true when the change was made. */
export const useUpdateBay = (bay: Pick<Bay, '_id'>) => {
  const [updateBay, { isLoading }] = useUpdateBayMutation();
  const save = (changes: UpdateBayInput) =>
    saveWithToasts(() => updateBay({ id: bay._id, changes }).unwrap(), BAY_MESSAGES.updated);
  return { save, isSaving: isLoading };
};
