import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { useAppDispatch } from '@/lib/redux-hooks';
import { sessionStarted } from '@/lib/session/session-slice';
import { toastError } from '@/lib/toast-message';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { type RegisterPayload, useRegisterCustomerMutation } from '../api/register-customer';
import { registerFailureMessage } from '../auth-failure-messages';

/** SPEC section 4, registration: store the session, confirm, and go home. */
export const useRegister = () => {
  const [registerCustomer] = useRegisterCustomerMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  return async (values: RegisterPayload) => {
    const loadingToast = toast.loading(UI_MESSAGES.loadingToast);
    try {
      const response = await registerCustomer(values).unwrap();
      if (!response.success) {
        toastError({ title: response.message });
        return;
      }
      dispatch(sessionStarted({ user: response.data, token: response.accessToken }));
      toast.success(AUTH_MESSAGES.registered, { description: AUTH_MESSAGES.registeredDescription });
      await navigate(paths.home);
    } catch (error) {
      toastError(registerFailureMessage(error));
    } finally {
      toast.dismiss(loadingToast);
    }
  };
};
