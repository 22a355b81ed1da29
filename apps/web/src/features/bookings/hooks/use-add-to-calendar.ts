import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { saveFile } from '@/lib/save-file';
import { useLazyGetBookingCalendarQuery } from '../api/get-booking-calendar';
import { runWithToasts } from './run-with-toasts';

const ICS_TYPE = 'text/calendar';

/** Downloads the booking's .ics with the session's token and saves it as a file, with toasts. */
export const useAddToCalendar = () => {
  const [getCalendar, { isFetching }] = useLazyGetBookingCalendarQuery();
  const addToCalendar = (id: string) =>
    runWithToasts(
      async () => {
        const { contents, fileName } = await getCalendar(id).unwrap();
        saveFile(contents, fileName, ICS_TYPE);
      },
      () => ({ title: BOOKING_MESSAGES.calendarSaved }),
    );
  return { addToCalendar, isDownloading: isFetching };
};
