import { afterEach, describe, expect, it } from 'vitest';
import {
  authStateFailed,
  authStateLoaded,
  authStateSkipped,
  initialSessionState,
  loggedOut,
  sessionStarted,
} from '@/lib/session/session-slice';
import { loadStoredSession } from '@/lib/session/session-storage';
import { aUser, signedIn } from '@/test/fixtures';
import { makeStore } from '../store';

const stored = () => JSON.parse(window.localStorage.getItem('auth') ?? 'null');

afterEach(() => window.localStorage.clear());

describe('session state', () => {
  it('starts signed out and loading when nothing is stored', () => {
    expect(loadStoredSession()).toEqual({ user: null, token: null, isLoading: true, signedOut: false });
    expect(initialSessionState.isLoading).toBe(true);
  });

  it("persists the session under localStorage 'auth' when it changes", () => {
    const store = makeStore(loadStoredSession());
    const user = aUser();
    store.dispatch(sessionStarted({ user, token: 'token-1' }));

    expect(store.getState().session).toEqual({ user, token: 'token-1', isLoading: false, signedOut: false });
    expect(stored()).toEqual({ user, token: 'token-1', isLoading: false });
  });

  it('restores user and token from localStorage, loading again until the auth state is checked', () => {
    const user = aUser({ firstName: 'Restored' });
    window.localStorage.setItem('auth', JSON.stringify({ user, token: 'token-2', isLoading: false }));

    const store = makeStore(loadStoredSession());
    expect(store.getState().session).toEqual({ user, token: 'token-2', isLoading: true, signedOut: false });
  });

  it.each(['admin', 'staff', 'user'] as const)('restores a stored %s, and no role other than these', (role) => {
    const user = aUser({ role });
    window.localStorage.setItem('auth', JSON.stringify({ user, token: 'token-4', isLoading: false }));
    expect(loadStoredSession()).toEqual({ user, token: 'token-4', isLoading: true, signedOut: false });

    const unknown = { ...user, role: 'owner', auth: { role: 'owner' } };
    window.localStorage.setItem('auth', JSON.stringify({ user: unknown, token: 'token-4', isLoading: false }));
    expect(loadStoredSession().user).toBeNull();
  });

  it('ignores a stored value that is not a session', () => {
    window.localStorage.setItem('auth', '{not json');
    expect(loadStoredSession()).toEqual(initialSessionState);

    window.localStorage.setItem('auth', JSON.stringify({ user: { firstName: 'No id' }, token: 7 }));
    expect(loadStoredSession()).toEqual({ user: null, token: null, isLoading: true, signedOut: false });
  });

  it('logout clears user and token, stops loading, and is persisted', () => {
    const store = makeStore(signedIn());
    store.dispatch(loggedOut());

    expect(store.getState().session).toEqual({ user: null, token: null, isLoading: false, signedOut: true });
    expect(stored()).toEqual({ user: null, token: null, isLoading: false });
  });

  it('auth state: success stores the user, failure clears it, no token just stops loading', () => {
    const store = makeStore({ user: null, token: 'token-3', isLoading: true, signedOut: false });
    const user = aUser();
    store.dispatch(authStateLoaded(user));
    expect(store.getState().session).toEqual({ user, token: 'token-3', isLoading: false, signedOut: false });

    store.dispatch(authStateFailed());
    expect(store.getState().session).toEqual({ user: null, token: 'token-3', isLoading: false, signedOut: false });

    const visitor = makeStore(initialSessionState);
    visitor.dispatch(authStateSkipped());
    expect(visitor.getState().session).toEqual({ user: null, token: null, isLoading: false, signedOut: false });
  });
});
