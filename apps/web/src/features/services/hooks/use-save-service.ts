import type { Service, ServiceInput } from '@carcare/contracts/services';
import { SERVICE_MESSAGES } from '@carcare/contracts/services-constants';
import { toast } from 'sonner';
import { toastError } from '@/lib/toast-message';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useCreateServiceMutation } from '../api/create-service';
import { useUpdateServiceMutation } from '../api/update-service';

/**
 * SPEC sections 4 and 8: a loading toast, then 'Successfully created service' (for an update too) or the
 * failure toast. Resolves true when the service was saved, so the dialog can close.
 */
export const useSaveService = (service?: Service) => {
  const [createService] = useCreateServiceMutation();
  const [updateService] = useUpdateServiceMutation();

  return async (values: ServiceInput) => {
    const loadingToast = toast.loading(UI_MESSAGES.loadingToast);
    try {
      const response = service
        ? await updateService({ id: service._id, changes: values }).unwrap()
        : await createService(values).unwrap();
      if (!response.success) throw new Error(response.message);
      toast.success(SERVICE_MESSAGES.created);
      return true;
    } catch {
      toastError({ title: SERVICE_MESSAGES.saveFailed, description: SERVICE_MESSAGES.saveFailedDescription });
      return false;
    } finally {
      toast.dismiss(loadingToast);
    }
  };
};
