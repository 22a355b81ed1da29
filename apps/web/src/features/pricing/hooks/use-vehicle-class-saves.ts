import type { CreateVehicleClassInput, UpdateVehicleClassInput, VehicleClass } from '@carcare/contracts/vehicles';
import { VEHICLE_CLASS_MESSAGES, VEHICLE_CLASS_SCREEN } from '@carcare/contracts/vehicles-constants';
import { useArchiveVehicleClassMutation } from '../api/archive-vehicle-class';
import { useCreateVehicleClassMutation } from '../api/create-vehicle-class';
import { useUpdateVehicleClassMutation } from '../api/update-vehicle-class';
import { saveWithToasts } from './save-with-toasts';

const failure = VEHICLE_CLASS_SCREEN.saveFailed;

/** Adds a class; resolves to the server's refusal, or null once it was added. */
export const useCreateVehicleClass = () => {
  const [create] = useCreateVehicleClassMutation();
  return (values: CreateVehicleClassInput) =>
    saveWithToasts(() => create(values).unwrap(), { success: VEHICLE_CLASS_MESSAGES.created, failure });
};

/** Renames, describes, makes the default or moves a class; `save` resolves to the refusal, or null once saved. */
export const useUpdateVehicleClass = (vehicleClass: Pick<VehicleClass, '_id'>) => {
  const [update, { isLoading }] = useUpdateVehicleClassMutation();
  const save = (changes: UpdateVehicleClassInput) =>
    saveWithToasts(() => update({ id: vehicleClass._id, changes }).unwrap(), {
      success: VEHICLE_CLASS_MESSAGES.updated,
      failure,
    });
  return { save, isSaving: isLoading };
};

/** Archives a class; `archive` resolves to the refusal (the default class, one customers' vehicles use), or null. */
export const useArchiveVehicleClass = (vehicleClass: Pick<VehicleClass, '_id'>) => {
  const [archiveClass, { isLoading }] = useArchiveVehicleClassMutation();
  const archive = () =>
    saveWithToasts(() => archiveClass(vehicleClass._id).unwrap(), {
      success: VEHICLE_CLASS_MESSAGES.archived,
      failure,
    });
  return { archive, isArchiving: isLoading };
};
