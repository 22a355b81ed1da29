import type { CreateBayInput } from '@carcare/contracts/bays';
import { BAY_MESSAGES } from '@carcare/contracts/bays-constants';
import { useCreateBayMutation } from '../api/create-bay';
import { saveWithToasts } from './save-with-toasts';

/** A loading toast, then 'Bay created' or why not; resolves true when the bay was added, so the dialog can close. */
export const useCreateBay = () => {
  const [createBay] = useCreateBayMutation();
  return (values: CreateBayInput) => saveWithToasts(() => createBay(values).unwrap(), BAY_MESSAGES.created);
};
