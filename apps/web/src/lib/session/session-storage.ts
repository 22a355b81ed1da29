import { AUTH_STORAGE_KEY } from '../contract-constants';
import { userSchema } from '@carcare/contracts/users';
import { z } from 'zod';
import { initialSessionState, type SessionState } from './session-slice';

const storedSessionSchema = z.object({
  user: userSchema.nullable().catch(null),
  token: z.string().nullable().catch(null),
});

/** Reads `{ user, token }` back from localStorage; loading always starts true until the auth state is checked. */
export const loadStoredSession = (storage: Storage = window.localStorage): SessionState => {
  try {
    const raw = storage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return initialSessionState;
    const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return initialSessionState;
    return { ...parsed.data, isLoading: true };
  } catch {
    return initialSessionState;
  }
};

export const saveSession = (session: SessionState, storage: Storage = window.localStorage) => {
  try {
    storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Storage may be full or disabled (private mode); the session still lives in memory.
  }
};
