import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { baseApi } from '../api/base-api';
import { paths } from '../paths';
import { useAppDispatch } from '../redux-hooks';
import { useLogoutMutation } from './logout-api';
import { loggedOut } from './session-slice';

/** Revokes the refresh token on the server, then forgets the session and every cached response. */
export const useLogout = () => {
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const logOut = useCallback(async () => {
    try {
      await logout().unwrap();
    } catch {
      // The local session ends regardless; the server-side token simply expires.
    }
    // A guarded page sees `signedOut` and sends the visitor home instead of remembering it for /login.
    dispatch(loggedOut());
    dispatch(baseApi.util.resetApiState());
    await navigate(paths.home, { replace: true });
  }, [dispatch, logout, navigate]);

  return { logOut, isLoggingOut: isLoading };
};
