import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { rememberRedirect } from '@/lib/redirect-cookie';
import { useAppDispatch } from '@/lib/redux-hooks';
import { useSession } from '@/lib/session/use-session';
import type { BookingJob } from '../booking-job';
import { bookingUpdated } from '../booking-slice';

/** SPEC section 4: store the choice and its job, then go to /proceed-booking, by way of /login for a visitor. */
export const useBookService = () => {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { user, token } = useSession();

  return (service: string, slot: string, job: BookingJob) => {
    dispatch(bookingUpdated({ service, slot, ...job }));
    if (user && token) {
      void navigate(paths.proceedBooking);
      return;
    }
    rememberRedirect(paths.proceedBooking);
    void navigate(paths.login);
  };
};
