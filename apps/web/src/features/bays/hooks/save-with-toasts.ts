import { toast } from 'sonner';
import { toastError } from '@/lib/toast-message';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { bayFailureMessage } from '../bay-failure-message';

/** A loading toast while `save` runs, then `success` or the server's refusal; resolves true when it was saved. */
export async function saveWithToasts(save: () => Promise<unknown>, success: string): Promise<boolean> {
  const loadingToast = toast.loading(UI_MESSAGES.loadingToast);
  try {
    await save();
    toast.success(success);
    return true;
  } catch (error) {
    toastError({ title: bayFailureMessage(error) });
    return false;
  } finally {
    toast.dismiss(loadingToast);
  }
}
