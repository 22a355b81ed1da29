import { toast } from 'sonner';
import { toastError } from '@/lib/toast-message';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { pricingFailureMessage } from '../pricing-failure-message';

type SaveMessages = { success: string; failure: string };

/**
 * A loading toast while `save` runs, then `success` or the server's refusal (`failure` when it gave none);
 * resolves to the refusal's message, or null when it was saved, so a dialog can close or show why not.
 */
export async function saveWithToasts(save: () => Promise<unknown>, messages: SaveMessages): Promise<string | null> {
  const loadingToast = toast.loading(UI_MESSAGES.loadingToast);
  try {
    await save();
    toast.success(messages.success);
    return null;
  } catch (error) {
    const message = pricingFailureMessage(error, messages.failure);
    toastError({ title: message });
    return message;
  } finally {
    toast.dismiss(loadingToast);
  }
}
