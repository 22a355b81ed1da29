import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { forgetRedirect, redirectTarget } from '@/lib/redirect-cookie';
import { useAppDispatch } from '@/lib/redux-hooks';
import { sessionStarted } from '@/lib/session/session-slice';
import { toastError } from '@/lib/toast-message';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { type LoginPayload, useLoginMutation } from '../api/login';
import { loginFailureMessage } from '../auth-failure-messages';

/** SPEC section 4, login: loading toast, store the session, greet, then go where the visitor was headed. */
export const useSignIn = () => {
  const [login] = useLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  return async (values: LoginPayload) => {
    const loadingToast = toast.loading(UI_MESSAGES.loadingToast);
    try {
      const response = await login(values).unwrap();
      if (!response.success) {
        toastError({ title: response.message });
        return;
      }
      dispatch(sessionStarted({ user: response.data, token: response.accessToken }));
      toast.success(AUTH_MESSAGES.loggedIn, { description: AUTH_MESSAGES.loggedInDescription });
      const target = redirectTarget(searchParams.get('redirect'));
      forgetRedirect();
      await navigate(target ?? paths.profile);
    } catch (error) {
      toastError(loginFailureMessage(error));
    } finally {
      toast.dismiss(loadingToast);
    }
  };
};
