import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { bookingSlice } from '@/features/bookings/booking-slice';
import { loadStoredBooking, persistBooking } from '@/features/bookings/booking-storage';
import { comparisonSlice } from '@/features/services/comparison-slice';
import { baseApi } from '@/lib/api/base-api';
import { type SessionState, sessionSlice } from '@/lib/session/session-slice';
import { loadStoredSession, saveSession } from '@/lib/session/session-storage';

const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  comparison: comparisonSlice.reducer,
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
