import { toast } from 'sonner';
import { type ToastMessage, toastError } from '@/lib/toast-message';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { bookingFailureMessage } from '../booking-failure-message';

/**
 * A loading toast while `change` runs, then the success toast built from its result, or the server's refusal.
 * Resolves true when the change was made.
 */
export async function runWithToasts<Result>(
  change: () => Promise<Result>,
  success: (result: Result) => ToastMessage,
): Promise<boolean> {
  const loadingToast = toast.loading(UI_MESSAGES.loadingToast);
  try {
    const { title, description } = success(await change());
    toast.success(title, { description });
    return true;
  } catch (error) {
    toastError({ title: bookingFailureMessage(error) });
    return false;
  } finally {
    toast.dismiss(loadingToast);
  }
}
