import { afterEach, describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import { signedOut } from '@/test/fixtures';
import { bookingCleared, bookingSlice, bookingUpdated } from '../booking-slice';
import { initialBookingState } from '../booking-state';

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('booking client state', () => {
  it('starts with every field an empty string', () => {
    expect(bookingSlice.reducer(undefined, { type: 'init' })).toEqual({
      email: '',
      name: '',
      service: '',
      slot: '',
      user: '',
      vehicle: '',
      vehicleClass: '',
      addOns: '',
    });
  });

  it('merges partial updates and clears back to empty', () => {
    const chosen = bookingSlice.reducer(initialBookingState, bookingUpdated({ service: 'svc', slot: 'slot-1' }));
    const named = bookingSlice.reducer(chosen, bookingUpdated({ name: 'Jane Doe' }));
    expect(named).toEqual({ ...initialBookingState, name: 'Jane Doe', service: 'svc', slot: 'slot-1' });
    expect(bookingSlice.reducer(named, bookingCleared())).toEqual(initialBookingState);
  });

  it('survives a reload of the tab through sessionStorage (the login round-trip)', () => {
    const store = makeStore(signedOut);
    store.dispatch(bookingUpdated({ service: 'svc', slot: 'slot-1' }));
    expect(JSON.parse(window.sessionStorage.getItem('booking') ?? '{}')).toMatchObject({
      service: 'svc',
      slot: 'slot-1',
    });

    expect(makeStore(signedOut).getState().booking).toEqual({ ...initialBookingState, service: 'svc', slot: 'slot-1' });
  });

  it('ignores stored values that are not strings', () => {
    window.sessionStorage.setItem('booking', JSON.stringify({ service: 42, slot: 'slot-1', extra: 'x' }));
    expect(makeStore(signedOut).getState().booking).toEqual({ ...initialBookingState, slot: 'slot-1' });
  });
});
