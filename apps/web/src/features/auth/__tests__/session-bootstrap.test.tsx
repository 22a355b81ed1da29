import { render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import { aUser, jsonResponse, requestOf } from '@/test/fixtures';
import { stubFetch } from '@/test/stub-fetch';
import { SessionBootstrap } from '../components/session-bootstrap';

const fetchMock = stubFetch();

const boot = (token: string | null) => {
  const store = makeStore({ user: aUser({ firstName: 'Stored' }), token, isLoading: true, signedOut: false });
  render(
    <Provider store={store}>
      <SessionBootstrap />
    </Provider>,
  );
  return store;
};

describe('session bootstrap on app load', () => {
  it('checks a stored token against GET /api/auth/auth-state and stores the answer', async () => {
    const user = aUser({ firstName: 'Server' });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, message: 'Signed in', data: user }));
    const store = boot('stored-token');

    expect(store.getState().session.isLoading).toBe(true);
    await waitFor(() => expect(store.getState().session.isLoading).toBe(false));

    const request = requestOf(fetchMock.mock.calls[0]?.[0]);
    expect(new URL(request.url).pathname).toBe('/api/auth/auth-state');
    expect(request.headers.get('authorization')).toBe('Bearer stored-token');
    expect(store.getState().session).toEqual({ user, token: 'stored-token', isLoading: false, signedOut: false });
  });

  it('clears the user when the auth state cannot be loaded', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { success: false, message: 'Something went wrong on our side' }));
    const store = boot('stored-token');

    await waitFor(() => expect(store.getState().session.isLoading).toBe(false));
    expect(store.getState().session.user).toBeNull();
  });

  it('stops loading without a call when there is no token', async () => {
    const store = boot(null);

    await waitFor(() => expect(store.getState().session.isLoading).toBe(false));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
