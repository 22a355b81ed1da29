import { REDIRECT_COOKIE } from '@carcare/contracts/session-constants';
import Cookies from 'js-cookie';
import { safeRedirectPath } from './redirect-target';

const cookieOptions = { path: '/', sameSite: 'lax' } as const;

/** A guard remembers where the visitor wanted to go before sending them to /login. */
export const rememberRedirect = (path: string) => Cookies.set(REDIRECT_COOKIE, path, cookieOptions);

export const forgetRedirect = () => Cookies.remove(REDIRECT_COOKIE, cookieOptions);

/** The explicit `?redirect=` wins over the guard's cookie; only same-site paths are accepted. */
export const redirectTarget = (queryRedirect: string | null) =>
  safeRedirectPath(queryRedirect) ?? safeRedirectPath(Cookies.get(REDIRECT_COOKIE));
