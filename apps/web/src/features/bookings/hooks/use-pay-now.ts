import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { PAYMENT_POLICY_MESSAGES } from '@carcare/contracts/payment-policy-constants';
import { siteHref } from '@carcare/contracts/site-routes';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { baseApi } from '@/lib/api/base-api';
import { useAppDispatch } from '@/lib/redux-hooks';
import { toastError } from '@/lib/toast-message';
import { useCreateBookingMutation } from '../api/create-booking';
import { type BookingJob, jobBody } from '../booking-job';
import { bookingUpdated } from '../booking-slice';
import type { PersonalInfo } from '../components/personal-info-form';

type PayNowArgs = {
  service: string;
  slot: string;
  user: string;
  job: BookingJob;
  /** The version of the shop's terms the customer accepted. */
  acceptPolicy?: number;
  /** Called when the server says the terms changed meanwhile: they are read again and must be accepted again. */
  onTermsChanged?: () => void;
  /** The customer's choice of texts about their bookings, when they changed it here; left out, it stays. */
  textsAccepted?: boolean;
};

/**
 * Pay Now: create the booking (with its vehicle or class and add-ons, and the terms accepted), then hand the
 * browser to the payment page, or to the booking's confirmation when nothing is left to pay.
 */
export const usePayNow = ({ service, slot, user, job, acceptPolicy, onTermsChanged, textsAccepted }: PayNowArgs) => {
  const [createBooking] = useCreateBookingMutation();
  const dispatch = useAppDispatch();

  return async ({ name, email }: PersonalInfo) => {
    dispatch(bookingUpdated({ name, email, user }));
    try {
      const { payment_url, booking } = await createBooking({
        service,
        slot,
        customer: user,
        ...jobBody(job),
        ...(acceptPolicy === undefined ? {} : { acceptPolicy }),
        ...(textsAccepted === undefined ? {} : { textsAccepted }),
      }).unwrap();
      // Nothing to pay (a member's plan paid it all): the booking is confirmed, and its page says so.
      window.location.assign(payment_url || siteHref('paymentSuccess', {}, { booking: booking._id }));
    } catch (error) {
      const reason = isFetchBaseQueryError(error) ? serverMessage(error) : null;
      if (reason === PAYMENT_POLICY_MESSAGES.policyChanged) {
        dispatch(baseApi.util.invalidateTags(['settings']));
        onTermsChanged?.();
      }
      toastError({ title: BOOKING_MESSAGES.failed, description: reason ?? undefined });
    }
  };
};
