import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { baseApi } from '@/lib/api/base-api';
import { type SessionState, sessionSlice } from '@/lib/session/session-slice';

/** A store of lib's own state (the session and the API cache), so that lib is tested without the app's features. */
export const makeApiStore = (session: SessionState) =>
  configureStore({
    reducer: combineReducers({ session: sessionSlice.reducer, [baseApi.reducerPath]: baseApi.reducer }),
    preloadedState: { session },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
