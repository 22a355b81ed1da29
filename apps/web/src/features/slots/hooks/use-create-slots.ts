import { SERVICE_MESSAGES } from '@carcare/contracts/services-constants';
import type { CreateSlotsInput } from '@carcare/contracts/slots';
import { SLOT_MESSAGES } from '@carcare/contracts/slots-constants';
import { toast } from 'sonner';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { toastError } from '@/lib/toast-message';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useCreateSlotsMutation } from '../api/create-slots';

/** SPEC sections 4 and 8: a loading toast, then 'Successfully created service' or the failure message. */
export const useCreateSlots = (onCreated: () => void) => {
  const [createSlots] = useCreateSlotsMutation();

  return async (values: CreateSlotsInput) => {
    const loadingToast = toast.loading(UI_MESSAGES.loadingToast);
    try {
      const { message, data } = await createSlots(values).unwrap();
      if (data.length === 0) {
        // Nothing to create (equal times, a range too short or already past): say why and keep the dialog open.
        toast.info(message);
        return;
      }
      toast.success(SERVICE_MESSAGES.created, { description: message });
      onCreated();
    } catch (error) {
      const reason = isFetchBaseQueryError(error) ? serverMessage(error) : null;
      toastError({ title: SLOT_MESSAGES.createFailed, description: reason ?? undefined });
    } finally {
      toast.dismiss(loadingToast);
    }
  };
};
