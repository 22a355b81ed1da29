import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import type { ToastMessage } from '@/lib/toast-message';

/** SPEC section 8, login: 401 wrong password, 404 unknown email, else the server's word; exceptions are generic. */
export const loginFailureMessage = (error: unknown): ToastMessage => {
  if (!isFetchBaseQueryError(error)) return { title: AUTH_MESSAGES.somethingWrong };
  if (error.status === 401) {
    return { title: AUTH_MESSAGES.wrongPassword, description: AUTH_MESSAGES.wrongPasswordDescription };
  }
  if (error.status === 404) {
    return { title: AUTH_MESSAGES.unknownEmail, description: AUTH_MESSAGES.unknownEmailDescription };
  }
  return { title: serverMessage(error) ?? AUTH_MESSAGES.unknownError };
};

/** SPEC section 8, registration: the server's message (409 email taken, 400 ...) or 'Something went wrong'. */
export const registerFailureMessage = (error: unknown): ToastMessage => ({
  title: (isFetchBaseQueryError(error) && serverMessage(error)) || AUTH_MESSAGES.somethingWrong,
});
