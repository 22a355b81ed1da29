import type { AddOn } from '@carcare/contracts/add-ons';
import { ADD_ON_SCREEN } from '@carcare/contracts/add-ons-constants';
import { useDeactivateAddOn } from '../hooks/use-add-on-saves';
import { RefusableActionDialog } from './refusable-action-dialog';

/** Deactivating an add-on asks first; a refusal is said in the dialog. */
export const DeactivateAddOnDialog = ({ addOn }: { addOn: AddOn }) => {
  const { deactivate, isDeactivating } = useDeactivateAddOn(addOn);
  return (
    <RefusableActionDialog
      action="Deactivate"
      name={addOn.name}
      warning={ADD_ON_SCREEN.deactivateWarning}
      run={deactivate}
      pending={isDeactivating}
    />
  );
};
