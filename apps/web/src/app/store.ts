import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import { bookingSlice } from '@/features/bookings/booking-slice';
import { loadStoredBooking, persistBooking } from '@/features/bookings/booking-storage';
import { baseApi } from '@/lib/api/base-api';
import type { ApiExtra } from '@/lib/api/base-query';
import { type SessionState, sessionSlice } from '@/lib/session/session-slice';
import { loadStoredSession, saveSession } from '@/lib/session/session-storage';

const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  booking: bookingSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

/** Builds the store; the session starts from localStorage and is written back whenever it changes. */
export const makeStore = (session: SessionState = loadStoredSession()) => {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { session, booking: loadStoredBooking() },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });

  let saved = store.getState().session;
  store.subscribe(() => {
    const current = store.getState().session;
    if (current === saved) return;
    saved = current;
    saveSession(current);
  });

  persistBooking(store);
  return store;
};

export type AppStore = ReturnType<typeof makeStore>;

/**
 * The store a page is rendered with on the server: a visitor's (nobody signed in, nothing chosen), whose API
 * calls go through `fetch`, answered in process.
 */
type RootState = ReturnType<typeof rootReducer>;

/** Middleware that adds no dispatch overloads of its own. */
// biome-ignore lint/complexity/noBannedTypes: RTK's own way of saying "no dispatch overloads".
export type PlainMiddleware = Middleware<{}, RootState>;

const passThrough: PlainMiddleware = () => (next) => (action) => next(action);

export const makeServerStore = (fetch: typeof globalThis.fetch, first: PlainMiddleware = passThrough) =>
  configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { fetch } satisfies ApiExtra } })
        .prepend(first)
        .concat(baseApi.middleware),
  });

export type ServerStore = ReturnType<typeof makeServerStore>;
