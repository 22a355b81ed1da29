import type { AddOn, CreateAddOnInput, UpdateAddOnInput } from '@carcare/contracts/add-ons';
import { ADD_ON_MESSAGES, ADD_ON_SCREEN } from '@carcare/contracts/add-ons-constants';
import { useCreateAddOnMutation } from '../api/create-add-on';
import { useDeactivateAddOnMutation } from '../api/deactivate-add-on';
import { useUpdateAddOnMutation } from '../api/update-add-on';
import { saveWithToasts } from './save-with-toasts';

const failure = ADD_ON_SCREEN.saveFailed;

/** Adds an add-on; resolves to the server's refusal, or null once it was added. */
export const useCreateAddOn = () => {
  const [create] = useCreateAddOnMutation();
  return (values: CreateAddOnInput) =>
    saveWithToasts(() => create(values).unwrap(), { success: ADD_ON_MESSAGES.created, failure });
};

/** Saves an add-on's changes; `save` resolves to the refusal, or null once saved. */
export const useUpdateAddOn = (addOn: Pick<AddOn, '_id'>) => {
  const [update, { isLoading }] = useUpdateAddOnMutation();
  const save = (changes: UpdateAddOnInput) =>
    saveWithToasts(() => update({ id: addOn._id, changes }).unwrap(), { success: ADD_ON_MESSAGES.updated, failure });
  return { save, isSaving: isLoading };
};

/** Deactivates an add-on; `deactivate` resolves to the refusal, or null once it is no longer offered. */
export const useDeactivateAddOn = (addOn: Pick<AddOn, '_id'>) => {
  const [deactivateAddOn, { isLoading }] = useDeactivateAddOnMutation();
  const deactivate = () =>
    saveWithToasts(() => deactivateAddOn(addOn._id).unwrap(), { success: ADD_ON_MESSAGES.deactivated, failure });
  return { deactivate, isDeactivating: isLoading };
};
