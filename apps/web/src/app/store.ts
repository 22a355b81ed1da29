import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { baseApi } from '@/lib/api/base-api';
import { type SessionState, sessionSlice } from '@/lib/session/session-slice';
import { loadStoredSession, saveSession } from '@/lib/session/session-storage';

const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Builds the store; the session starts from localStorage and is written back whenever it changes. */
export const makeStore = (session: SessionState = loadStoredSession()) => {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { session },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });

  let saved = store.getState().session;
  store.subscribe(() => {
    const current = store.getState().session;
    if (current === saved) return;
    saved = current;
    saveSession(current);
  });

  return store;
};

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
