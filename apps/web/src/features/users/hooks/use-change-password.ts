import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { toast } from 'sonner';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { toastError } from '@/lib/toast-message';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useChangePasswordMutation } from '../api/change-password';
import type { ChangePasswordFormValues } from '../change-password-form-schema';

/** Returns whether the password changed; a refused old password shows the server's message. */
export const useChangePassword = () => {
  const [changePassword] = useChangePasswordMutation();

  return async ({ oldPassword, newPassword }: ChangePasswordFormValues) => {
    const loadingToast = toast.loading(UI_MESSAGES.loadingToast);
    try {
      await changePassword({ oldPassword, newPassword }).unwrap();
      toast.success(AUTH_MESSAGES.passwordChanged);
      return true;
    } catch (error) {
      const message = isFetchBaseQueryError(error) && error.status === 400 ? serverMessage(error) : null;
      toastError({ title: message ?? AUTH_MESSAGES.passwordChangeFailed });
      return false;
    } finally {
      toast.dismiss(loadingToast);
    }
  };
};
