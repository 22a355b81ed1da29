import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { useAppDispatch } from '@/lib/redux-hooks';
import { toastError } from '@/lib/toast-message';
import { useCreateBookingMutation } from '../api/create-booking';
import { type BookingJob, jobBody } from '../booking-job';
import { bookingUpdated } from '../booking-slice';
import type { PersonalInfo } from '../components/personal-info-form';

type PayNowArgs = { service: string; slot: string; user: string; job: BookingJob };

/** Pay Now: create the booking (with its vehicle or class and add-ons), then hand the browser to the payment page. */
export const usePayNow = ({ service, slot, user, job }: PayNowArgs) => {
  const [createBooking] = useCreateBookingMutation();
  const dispatch = useAppDispatch();

  return async ({ name, email }: PersonalInfo) => {
    dispatch(bookingUpdated({ name, email, user }));
    try {
      const { payment_url } = await createBooking({ service, slot, customer: user, ...jobBody(job) }).unwrap();
      window.location.assign(payment_url);
    } catch (error) {
      const reason = isFetchBaseQueryError(error) ? serverMessage(error) : null;
      toastError({ title: BOOKING_MESSAGES.failed, description: reason ?? undefined });
    }
  };
};
