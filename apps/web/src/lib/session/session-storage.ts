import { AUTH_STORAGE_KEY } from '@carcare/contracts/session-constants';
import { initialSessionState, type SessionState } from './session-slice';
import { readStoredSession } from './stored-session';

/** Reads `{ user, token }` back from localStorage; loading always starts true until the auth state is checked. */
export const loadStoredSession = (storage: Storage = window.localStorage): SessionState => {
  const { user, token } = readStoredSession(storage);
  return { ...initialSessionState, user, token };
};

export const saveSession = (session: SessionState, storage: Storage = window.localStorage) => {
  try {
    const { user, token, isLoading } = session;
    storage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user, token, isLoading }));
  } catch {
    // Storage may be full or disabled (private mode); the session still lives in memory.
  }
};
