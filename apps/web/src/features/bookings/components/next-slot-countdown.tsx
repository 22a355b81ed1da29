import { NEXT_SLOT_FILTER } from '@carcare/contracts/bookings-constants';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { TimerIcon } from 'lucide-react';
import { useSession } from '@/lib/session/use-session';
import { useGetMyBookingsQuery } from '../api/get-my-bookings';
import { countdownParts, formatNextSlot } from '../countdown';
import { useNow } from '../hooks/use-now';
import { nextSlotBooking } from '../next-slot';

/** The header's countdown to the end of the customer's next paid slot; nothing for visitors or without one. */
export const NextSlotCountdown = () => {
  const { user, token } = useSession();
  const { data } = useGetMyBookingsQuery(user && token ? NEXT_SLOT_FILTER : skipToken);
  if (!user || !token || !data) return null;
  return <NextSlotTicker bookings={data} />;
};

const NextSlotTicker = ({ bookings }: { bookings: Parameters<typeof nextSlotBooking>[0] }) => {
  const now = useNow();
  const next = nextSlotBooking(bookings, now);
  if (!next) return null;
  return (
    <p
      className="flex items-center gap-1.5 whitespace-nowrap rounded-md bg-secondary px-2 py-1 font-medium text-secondary-foreground text-xs tabular-nums"
      aria-live="off"
    >
      <TimerIcon className="size-3.5" aria-hidden="true" />
      {formatNextSlot(countdownParts(next.slot.endsAt, now))}
    </p>
  );
};
