import type { Service } from '@carcare/contracts/services';
import { SERVICE_MESSAGES } from '@carcare/contracts/services-constants';
import { toast } from 'sonner';
import { toastError } from '@/lib/toast-message';
import { useDeleteServiceMutation } from '../api/delete-service';
import { deleteFailureMessage } from '../delete-failure-message';

/** Deletes the service and toasts the outcome (SPEC section 8); resolves true when it is gone. */
export const useDeleteService = () => {
  const [deleteService] = useDeleteServiceMutation();

  return async (service: Service) => {
    try {
      const response = await deleteService(service._id).unwrap();
      if (!response.success) {
        toastError({ title: response.message || SERVICE_MESSAGES.deleteFailed });
        return false;
      }
      toast.success(SERVICE_MESSAGES.deleted);
      return true;
    } catch (error) {
      toastError({ title: deleteFailureMessage(error) });
      return false;
    }
  };
};
