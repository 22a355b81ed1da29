import { describe, expect, it } from 'vitest';
import { makeApiStore } from '@/test/api-store';
import { aUser, jsonResponse, requestOf, signedIn } from '@/test/fixtures';
import { stubFetch } from '@/test/stub-fetch';
import { baseApi } from '../base-api';

const probeApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    probe: builder.query<{ ok: boolean }, string>({ query: (name) => `/probe/${name}` }),
  }),
});

const oldUser = aUser({ firstName: 'Old' });
const freshUser = aUser({ firstName: 'Fresh' });
const refreshed = {
  success: true,
  message: 'Token refreshed',
  data: { ...freshUser, accessToken: 'new-access', refreshToken: 'new-refresh', user: freshUser },
};

const fetchMock = stubFetch();
const calls = () => fetchMock.mock.calls.map(([input]) => requestOf(input));
const paths = () => calls().map((request) => new URL(request.url).pathname);

const fetchProbe = (store: ReturnType<typeof makeApiStore>, name = 'a') =>
  store.dispatch(probeApi.endpoints.probe.initiate(name, { subscribe: false }));

describe('401 refresh-and-retry base query', () => {
  it('refreshes once, stores the new user and token, and retries with the new token', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { success: false, message: 'You are not signed in' }))
      .mockResolvedValueOnce(jsonResponse(200, refreshed))
      .mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    const store = makeApiStore(signedIn(oldUser, 'old-access'));

    const result = await fetchProbe(store);

    expect(result.data).toEqual({ ok: true });
    expect(paths()).toEqual(['/api/probe/a', '/api/auth/refreshToken', '/api/probe/a']);
    const [first, refresh, retry] = calls();
    expect(first?.headers.get('authorization')).toBe('Bearer old-access');
    expect(refresh?.method).toBe('POST');
    expect(refresh?.credentials).toBe('include');
    expect(refresh?.headers.get('authorization')).toBeNull();
    expect(retry?.headers.get('authorization')).toBe('Bearer new-access');
    expect(store.getState().session).toEqual({
      user: freshUser,
      token: 'new-access',
      isLoading: false,
      signedOut: false,
    });
  });

  it('clears the session when the refresh fails and retries the original call exactly once', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { success: false, message: 'You are not signed in' }))
      .mockResolvedValueOnce(jsonResponse(401, { success: false, message: 'You are not signed in' }))
      .mockResolvedValueOnce(jsonResponse(401, { success: false, message: 'You are not signed in' }));
    const store = makeApiStore(signedIn(oldUser, 'old-access'));

    const result = await fetchProbe(store);

    expect(paths()).toEqual(['/api/probe/a', '/api/auth/refreshToken', '/api/probe/a']);
    expect(calls()[2]?.headers.get('authorization')).toBeNull();
    expect(result.error).toMatchObject({ status: 401 });
    expect(store.getState().session).toEqual({ user: null, token: null, isLoading: false, signedOut: false });
  });

  it('shares one refresh between calls that fail together', async () => {
    fetchMock.mockImplementation(async (input) => {
      const request = requestOf(input);
      const path = new URL(request.url).pathname;
      if (path === '/api/auth/refreshToken') return jsonResponse(200, refreshed);
      return request.headers.get('authorization') === 'Bearer new-access'
        ? jsonResponse(200, { ok: true })
        : jsonResponse(401, { success: false, message: 'You are not signed in' });
    });
    const store = makeApiStore(signedIn(oldUser, 'old-access'));

    const results = await Promise.all([fetchProbe(store, 'a'), fetchProbe(store, 'b'), fetchProbe(store, 'c')]);

    expect(results.map((result) => result.data)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(paths().filter((path) => path === '/api/auth/refreshToken')).toHaveLength(1);
    expect(store.getState().session.token).toBe('new-access');
  });

  it('does not refresh on other errors', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { success: false, message: 'Forbidden' }));
    const store = makeApiStore(signedIn(oldUser, 'old-access'));

    const result = await fetchProbe(store);

    expect(result.error).toMatchObject({ status: 403 });
    expect(paths()).toEqual(['/api/probe/a']);
    expect(store.getState().session.token).toBe('old-access');
  });
});
