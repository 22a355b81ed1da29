import type { CreateVehicleInput, Vehicle } from '@carcare/contracts/vehicles';
import { GARAGE_WORDS, VEHICLE_MESSAGES } from '@carcare/contracts/vehicles-constants';
import { toast } from 'sonner';
import { isFetchBaseQueryError } from '@/lib/api/api-error';
import { useCreateVehicleMutation, useUpdateVehicleMutation } from '../api/save-vehicle';
import { errorsFromServer, type VehicleFormErrors } from '../vehicle-form-values';

type Saved = { vehicle: Vehicle; errors: null } | { vehicle: null; errors: VehicleFormErrors };

const refusal = (error: unknown): Saved => ({
  vehicle: null,
  errors: errorsFromServer(isFetchBaseQueryError(error) ? error.data : null, GARAGE_WORDS.saveFailed),
});

/** Adds a vehicle to the garage, or saves the one given: the saved vehicle, or the refusal as field errors. */
export const useSaveVehicle = (existing?: Vehicle) => {
  const [createVehicle] = useCreateVehicleMutation();
  const [updateVehicle] = useUpdateVehicleMutation();
  return async (input: CreateVehicleInput): Promise<Saved> => {
    try {
      const vehicle = existing
        ? await updateVehicle({ id: existing._id, body: input }).unwrap()
        : await createVehicle(input).unwrap();
      toast.success(existing ? VEHICLE_MESSAGES.updated : VEHICLE_MESSAGES.created);
      return { vehicle, errors: null };
    } catch (error) {
      return refusal(error);
    }
  };
};
