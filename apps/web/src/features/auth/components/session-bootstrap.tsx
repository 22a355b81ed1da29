import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { useAppDispatch } from '@/lib/redux-hooks';
import {
  authStateFailed,
  authStateLoaded,
  authStateRequested,
  authStateSkipped,
  selectToken,
} from '@/lib/session/session-slice';
import { authStateApi } from '../api/get-auth-state';

/** SPEC section 4: on load, a stored token is checked against GET /auth/auth-state; no token, nothing to load. */
export const SessionBootstrap = () => {
  const dispatch = useAppDispatch();
  const token = useSelector(selectToken);
  const tokenAtLoad = useRef(token);

  useEffect(() => {
    if (!tokenAtLoad.current) {
      dispatch(authStateSkipped());
      return;
    }
    dispatch(authStateRequested());
    dispatch(authStateApi.endpoints.getAuthState.initiate(undefined, { subscribe: false }))
      .unwrap()
      .then(
        (response) => dispatch(authStateLoaded(response.data)),
        () => dispatch(authStateFailed()),
      );
  }, [dispatch]);

  return null;
};
