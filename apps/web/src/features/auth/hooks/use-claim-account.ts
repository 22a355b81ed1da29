import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { paths } from '@/lib/paths';
import { useAppDispatch } from '@/lib/redux-hooks';
import { sessionStarted } from '@/lib/session/session-slice';
import { toastError } from '@/lib/toast-message';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useClaimAccountMutation } from '../api/claim-account';
import type { ClaimAccountFormValues } from '../claim-account-form-schema';

/**
 * A customer the shop added sets their password from the link: the answer is a session, stored as a login
 * stores it, and the customer lands on their dashboard. A refusal (bad link, email needed or taken) is the
 * server's own message.
 */
export const useClaimAccount = (token: string) => {
  const [claimAccount] = useClaimAccountMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  return async ({ newPassword, email }: ClaimAccountFormValues) => {
    const loadingToast = toast.loading(UI_MESSAGES.loadingToast);
    try {
      const response = await claimAccount({ token, password: newPassword, email }).unwrap();
      if (!response.success) {
        toastError({ title: response.message });
        return;
      }
      dispatch(sessionStarted({ user: response.data, token: response.accessToken }));
      toast.success(FRONT_DESK_MESSAGES.claimed);
      await navigate(paths.userDashboard.home);
    } catch (error) {
      toastError({ title: (isFetchBaseQueryError(error) && serverMessage(error)) || AUTH_MESSAGES.somethingWrong });
    } finally {
      toast.dismiss(loadingToast);
    }
  };
};
