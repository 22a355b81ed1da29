import { type BookingState, initialBookingState } from './booking-state';

const STORAGE_KEY = 'booking';

const FIELDS = ['email', 'name', 'service', 'slot', 'user', 'vehicle', 'vehicleClass', 'addOns'] as const;

/** Reads the stored choice back, keeping only string fields: anything else in storage is ignored. */
export const loadStoredBooking = (): BookingState => {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return initialBookingState;
    const restored = { ...initialBookingState };
    for (const field of FIELDS) {
      const value: unknown = Reflect.get(parsed, field);
      if (typeof value === 'string') restored[field] = value;
    }
    return restored;
  } catch {
    return initialBookingState;
  }
};

export const saveBooking = (booking: BookingState) => {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(booking));
  } catch {
    // Storage full or disabled: the choice then lives only as long as the page.
  }
};

type BookingStore = { getState: () => { booking: BookingState }; subscribe: (listener: () => void) => unknown };

/** Writes the booking choice to sessionStorage whenever it changes, so signing in midway keeps it. */
export const persistBooking = (store: BookingStore) => {
  let saved = store.getState().booking;
  store.subscribe(() => {
    const current = store.getState().booking;
    if (current === saved) return;
    saved = current;
    saveBooking(current);
  });
};
