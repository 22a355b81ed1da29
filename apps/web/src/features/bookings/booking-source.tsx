import type { PublicConfig } from '@carcare/contracts/app-config';
import type { Quote, QuoteInput } from '@carcare/contracts/quotes';
import type { Calendar } from '@carcare/contracts/shop-settings';
import type { Slot } from '@carcare/contracts/slots';
import type { Vehicle, VehicleClass } from '@carcare/contracts/vehicles';
import { createContext, type ReactNode, use, useState, useSyncExternalStore } from 'react';
import { askApi, askIsland, type QueryAnswer, queryString, useIslandQuery } from '@/lib/islands/island-query';
import { paths } from '@/lib/paths';
import { rememberRedirect } from '@/lib/redirect-cookie';
import { useShopConfig } from '@/lib/shop-config';
import type { CalendarParams } from './api/get-service-calendar';
import type { AvailabilityParams } from './api/get-slot-availability';
import type { BookingJob } from './booking-job';
import { type BookingState, initialBookingState } from './booking-state';
import { loadStoredBooking, saveBooking } from './booking-storage';

/** Next available's search: the call, and whether it is under way. */
export type NextAvailableSearch = {
  find: (params: CalendarParams) => Promise<Calendar | undefined>;
  isFetching: boolean;
};

/**
 * Where the service page's booking reads what it shows and keeps what is chosen: hooks, the same for the life
 * of the tree. The app's (`BOOKING_FROM_STORE`) come from its store, session and router; an island's
 * (decision 049), the defaults here, from the API, sessionStorage and plain navigation. A visitor is never
 * signed in on a page served as islands: a signed-in one has the app.
 */
export type BookingSource = {
  useConfig: () => QueryAnswer<PublicConfig>;
  useSignedIn: () => boolean;
  /** The booking being chosen (SPEC section 3), kept across the sign-in. */
  useChoice: () => BookingState;
  useUpdateChoice: () => (change: Partial<BookingState>) => void;
  useClasses: () => QueryAnswer<VehicleClass[]>;
  /** The signed-in customer's garage; nothing is asked when `wanted` is false. */
  useVehicles: (wanted: boolean) => QueryAnswer<Vehicle[]>;
  useCalendar: (params: CalendarParams | null) => QueryAnswer<Calendar>;
  useNextAvailable: () => NextAvailableSearch;
  useSlots: (params: AvailabilityParams | null) => QueryAnswer<Slot[]>;
  useQuote: (input: QuoteInput | null) => QueryAnswer<Quote>;
  /** Book This Service: keeps the choice, then goes on to pay (SPEC section 4), by way of /login for a visitor. */
  useBook: () => (service: string, slot: string, job: BookingJob) => void;
};

// The island's choice: sessionStorage's, as the app's store keeps it, so that signing in midway keeps it.
const choiceListeners = new Set<() => void>();
let storedChoice: BookingState | undefined;
const readChoice = () => {
  storedChoice ??= loadStoredBooking();
  return storedChoice;
};
const updateChoice = (change: Partial<BookingState>) => {
  storedChoice = { ...readChoice(), ...change };
  saveBooking(storedChoice);
  for (const listener of choiceListeners) listener();
};
const onChoice = (listener: () => void) => {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
};

const calendarOf = (params: CalendarParams) => askApi<Calendar>(`/slots/calendar?${queryString(params)}`);
const slotsOf = (params: AvailabilityParams) => askApi<Slot[]>(`/slots/availability?${queryString(params)}`);
const quoteOf = (input: QuoteInput) => askApi<Quote>('/bookings/quote', { method: 'POST', body: input });
const classesOf = () => askApi<VehicleClass[]>('/vehicle-classes');

const NOTHING_ASKED: QueryAnswer<never> = { isFetching: false, isError: false };

/** The island's answers: the call names are the store's, so that each starts from the page's own answer. */
const FROM_THE_API: BookingSource = {
  useConfig: () => {
    const data = useShopConfig();
    return { data, isFetching: false, isError: data === undefined };
  },
  useSignedIn: () => false,
  useChoice: () => useSyncExternalStore(onChoice, readChoice, () => initialBookingState),
  useUpdateChoice: () => updateChoice,
  useClasses: () => useIslandQuery('getOfferedVehicleClasses', undefined, classesOf),
  useVehicles: () => NOTHING_ASKED,
  useCalendar: (params) => useIslandQuery('getServiceCalendar', params, calendarOf),
  useNextAvailable: () => {
    const [isFetching, setFetching] = useState(false);
    return {
      isFetching,
      find: async (params) => {
        setFetching(true);
        try {
          return await askIsland('getServiceCalendar', params, calendarOf);
        } catch {
          return undefined;
        } finally {
          setFetching(false);
        }
      },
    };
  },
  useSlots: (params) => useIslandQuery('getSlotAvailability', params, slotsOf),
  useQuote: (input) => useIslandQuery('getQuote', input, quoteOf),
  useBook: () => (service, slot, job) => {
    updateChoice({ service, slot, ...job });
    rememberRedirect(paths.proceedBooking);
    window.location.assign(paths.login);
  },
};

const BookingSourceContext = createContext<BookingSource>(FROM_THE_API);

/** Has the booking in what it holds read and keep its choice through `source` (the app's store). */
export const BookingSourceProvider = ({ source, children }: { source: BookingSource; children: ReactNode }) => (
  <BookingSourceContext value={source}>{children}</BookingSourceContext>
);

export const useBookingSource = () => use(BookingSourceContext);
