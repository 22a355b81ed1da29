import type { User } from '@carcare/contracts/users';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type SessionState = {
  user: User | null;
  token: string | null;
  isLoading: boolean;
  /** True right after a logout in this tab, so that guards send the visitor home, not to /login. Never stored. */
  signedOut: boolean;
};

type SessionRootState = { session: SessionState };

export const initialSessionState: SessionState = { user: null, token: null, isLoading: true, signedOut: false };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** Login, registration and a successful token refresh all hand over a user and an access token. */
    sessionStarted: (state, action: PayloadAction<{ user: User; token: string }>) => {
      state.user = action.payload.user;
      state.token = action.payload.token;
      state.isLoading = false;
      state.signedOut = false;
    },
    /** A refreshed access token (and fresh user data) replaces the old one without touching loading. */
    tokenRefreshed: (state, action: PayloadAction<{ user: User; token: string }>) => {
      state.user = action.payload.user;
      state.token = action.payload.token;
    },
    authStateRequested: (state) => {
      state.isLoading = true;
    },
    authStateLoaded: (state, action: PayloadAction<User>) => {
      state.user = action.payload;
      state.isLoading = false;
    },
    authStateFailed: (state) => {
      state.user = null;
      state.isLoading = false;
    },
    /** Nothing to restore: there is no token, so nobody is signed in. */
    authStateSkipped: (state) => {
      state.isLoading = false;
    },
    /** The refresh credential was refused: the visitor is signed out. */
    sessionExpired: (state) => {
      state.user = null;
      state.token = null;
    },
    loggedOut: () => ({ user: null, token: null, isLoading: false, signedOut: true }),
  },
});

export const {
  sessionStarted,
  tokenRefreshed,
  authStateRequested,
  authStateLoaded,
  authStateFailed,
  authStateSkipped,
  sessionExpired,
  loggedOut,
} = sessionSlice.actions;

export const selectSession = (state: SessionRootState) => state.session;
export const selectToken = (state: SessionRootState) => state.session.token;
