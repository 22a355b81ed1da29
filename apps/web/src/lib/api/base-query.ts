import {
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { apiBaseUrl } from './api-url';
import { refreshSession, waitForRefresh } from './refresh-session';

/** Endpoints whose 401 is an answer, not an expired session (sign-in and registration). */
type ApiExtraOptions = { skipReauth?: boolean };

const readToken = (state: unknown): string | null => {
  if (typeof state !== 'object' || state === null || !('session' in state)) return null;
  const { session } = state;
  if (typeof session !== 'object' || session === null || !('token' in session)) return null;
  return typeof session.token === 'string' && session.token !== '' ? session.token : null;
};

const queryWith = (fetchFn?: typeof fetch) =>
  fetchBaseQuery({
    baseUrl: apiBaseUrl,
    credentials: 'include',
    prepareHeaders: (headers, { getState }) => {
      const token = readToken(getState());
      if (token) headers.set('authorization', `Bearer ${token}`);
      return headers;
    },
    ...(fetchFn ? { fetchFn } : {}),
  });

const browserBaseQuery = queryWith();

/** What a store's thunks receive: the server renders pages with a fetch of its own (answered in process). */
export type ApiExtra = { fetch?: typeof fetch };

const serverBaseQueries = new WeakMap<typeof fetch, ReturnType<typeof queryWith>>();

const rawBaseQuery: typeof browserBaseQuery = (args, api, extraOptions) => {
  const serverFetch = (api.extra as ApiExtra | undefined)?.fetch;
  if (!serverFetch) return browserBaseQuery(args, api, extraOptions);
  let query = serverBaseQueries.get(serverFetch);
  if (!query) {
    query = queryWith(serverFetch);
    serverBaseQueries.set(serverFetch, query);
  }
  return query(args, api, extraOptions);
};

/**
 * SPEC section 4: a 401 triggers one token refresh (shared by concurrent calls); the original call is then
 * retried once, with the new token if the refresh worked and signed out if it did not.
 */
export const baseQueryWithReauth: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions,
  FetchBaseQueryMeta
> = async (args, api, extraOptions = {}) => {
  await waitForRefresh();
  const tokenUsed = readToken(api.getState());
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status !== 401 || extraOptions.skipReauth) return result;

  const currentToken = readToken(api.getState());
  // Another call already refreshed while this one was in flight: just retry with the new token.
  if (currentToken === null || currentToken === tokenUsed) await refreshSession(api);
  return rawBaseQuery(args, api, extraOptions);
};
