import { AUTH_STORAGE_KEY } from '@carcare/contracts/session-constants';
import { initialSessionState, type SessionState } from './session-slice';
import { isStoredUser } from './stored-session';

/** Reads `{ user, token }` back from localStorage; loading always starts true until the auth state is checked. */
export const loadStoredSession = (storage: Storage = window.localStorage): SessionState => {
  try {
    const raw = storage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return initialSessionState;
    const stored: unknown = JSON.parse(raw);
    if (typeof stored !== 'object' || stored === null) return initialSessionState;
    const user = 'user' in stored && isStoredUser(stored.user) ? stored.user : null;
    const token = 'token' in stored && typeof stored.token === 'string' ? stored.token : null;
    return { user, token, isLoading: true, signedOut: false };
  } catch {
    return initialSessionState;
  }
};

export const saveSession = (session: SessionState, storage: Storage = window.localStorage) => {
  try {
    const { user, token, isLoading } = session;
    storage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user, token, isLoading }));
  } catch {
    // Storage may be full or disabled (private mode); the session still lives in memory.
  }
};
