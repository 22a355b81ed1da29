import { useNavigate } from 'react-router';
import { rememberRedirect } from '@/lib/redirect-cookie';
import { useAppDispatch } from '@/lib/redux-hooks';
import { useSession } from '@/lib/session/use-session';
import { bookingUpdated } from '../booking-slice';

export const PROCEED_BOOKING_PATH = '/proceed-booking';

/** SPEC section 4: store the choice, then go to /proceed-booking, by way of /login for a visitor. */
export const useBookService = () => {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { user, token } = useSession();

  return (service: string, slot: string) => {
    dispatch(bookingUpdated({ service, slot }));
    if (user && token) {
      void navigate(PROCEED_BOOKING_PATH);
      return;
    }
    rememberRedirect(PROCEED_BOOKING_PATH);
    void navigate('/login');
  };
};
