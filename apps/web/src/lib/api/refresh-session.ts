import { REFRESH_TOKEN_COOKIE } from '@carcare/contracts/session-constants';
import { type BaseQueryApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import Cookies from 'js-cookie';
import { sessionExpired, tokenRefreshed } from '../session/session-slice';
import { apiBaseUrl } from './api-url';
import { schemaOnDemand, validOrNull } from './parse-on-demand';

// No prepareHeaders: the refresh call must not carry the (expired) access token as its bearer.
const refreshQuery = fetchBaseQuery({ baseUrl: apiBaseUrl, credentials: 'include' });

// Checked on demand: the schemas are not needed until a session actually expires.
const refreshResponse = schemaOnDemand(() => import('@carcare/contracts/auth'), 'refreshResponseSchema');

let refreshInFlight: Promise<boolean> | null = null;

const requestRefresh = async (api: BaseQueryApi): Promise<boolean> => {
  // The server's cookie is HttpOnly, so this is normally undefined and the cookie travels on its own.
  const readableRefreshToken = Cookies.get(REFRESH_TOKEN_COOKIE);
  const result = await refreshQuery(
    {
      url: '/auth/refreshToken',
      method: 'POST',
      headers: readableRefreshToken ? { authorization: `Bearer ${readableRefreshToken}` } : undefined,
    },
    api,
    {},
  );
  const refreshed = await validOrNull(refreshResponse, result.data);
  if (refreshed) {
    api.dispatch(tokenRefreshed({ user: refreshed.data.user, token: refreshed.data.accessToken }));
    return true;
  }
  api.dispatch(sessionExpired());
  return false;
};

/** Refreshes the session once however many calls ask at the same time; they all wait for the same answer. */
export const refreshSession = (api: BaseQueryApi): Promise<boolean> => {
  refreshInFlight ??= requestRefresh(api).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
};

/** Resolves when no refresh is running, so new calls do not go out with a token about to be replaced. */
export const waitForRefresh = async () => {
  if (refreshInFlight) await refreshInFlight;
};
