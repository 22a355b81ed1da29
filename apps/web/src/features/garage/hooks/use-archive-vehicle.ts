import { GARAGE_WORDS, VEHICLE_MESSAGES } from '@carcare/contracts/vehicles-constants';
import { toast } from 'sonner';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { toastError } from '@/lib/toast-message';
import { useArchiveVehicleMutation } from '../api/save-vehicle';

/** Removes a vehicle from the garage (the server archives it); resolves true once it is gone. */
export const useArchiveVehicle = () => {
  const [archiveVehicle] = useArchiveVehicleMutation();
  return async (id: string) => {
    try {
      await archiveVehicle(id).unwrap();
      toast.success(VEHICLE_MESSAGES.archived);
      return true;
    } catch (error) {
      toastError({ title: (isFetchBaseQueryError(error) ? serverMessage(error) : null) ?? GARAGE_WORDS.removeFailed });
      return false;
    }
  };
};
