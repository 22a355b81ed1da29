import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { useGetOfferedVehicleClassesQuery } from '@/features/garage/api/get-vehicle-classes';
import { useGetVehiclesQuery } from '@/features/garage/api/get-vehicles';
import { useGetPublicConfigQuery } from '@/lib/api/get-public-config';
import { paths } from '@/lib/paths';
import { rememberRedirect } from '@/lib/redirect-cookie';
import { useAppDispatch } from '@/lib/redux-hooks';
import { useSession } from '@/lib/session/use-session';
import { useGetQuoteQuery } from './api/get-quote';
import { useGetServiceCalendarQuery, useLazyGetServiceCalendarQuery } from './api/get-service-calendar';
import { useGetSlotAvailabilityQuery } from './api/get-slot-availability';
import { bookingUpdated, selectBooking } from './booking-slice';
import type { BookingSource } from './booking-source';
import type { BookingState } from './booking-state';

const useSignedIn = () => {
  const { user, token } = useSession();
  return Boolean(user && token);
};

/** The booking as the app reads it (decision 049): its answers from the store, its session, its router. */
export const BOOKING_FROM_STORE: BookingSource = {
  useConfig: () => useGetPublicConfigQuery(),
  useSignedIn,
  useChoice: () => useSelector(selectBooking),
  useUpdateChoice: () => {
    const dispatch = useAppDispatch();
    return useCallback((change: Partial<BookingState>) => dispatch(bookingUpdated(change)), [dispatch]);
  },
  useClasses: () => useGetOfferedVehicleClassesQuery(),
  useVehicles: (wanted) => useGetVehiclesQuery(wanted ? undefined : skipToken),
  useCalendar: (params) => useGetServiceCalendarQuery(params ?? skipToken),
  useNextAvailable: () => {
    const [findNext, { isFetching }] = useLazyGetServiceCalendarQuery();
    return { isFetching, find: async (params) => (await findNext(params, true)).data };
  },
  useSlots: (params) => useGetSlotAvailabilityQuery(params ?? skipToken),
  useQuote: (input) => useGetQuoteQuery(input ?? skipToken),
  useBook: () => {
    const update = BOOKING_FROM_STORE.useUpdateChoice();
    const navigate = useNavigate();
    const signedIn = useSignedIn();
    return (service, slot, job) => {
      update({ service, slot, ...job });
      if (signedIn) {
        void navigate(paths.proceedBooking);
        return;
      }
      rememberRedirect(paths.proceedBooking);
      void navigate(paths.login);
    };
  },
};
