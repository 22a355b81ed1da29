import { paymentWord, statusWord } from '@carcare/contracts/booking-words';
import type { Booking } from '@carcare/contracts/bookings';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { BLOCK_STYLES, blockLabel, customerName, PAYMENT_BADGES, STATUS_BADGES, slotSpan } from '../board-booking';
import { type BoardHours, heightOf, offsetOf, slotMinutes } from '../board-layout';

const COMPACT_BELOW_MINUTES = 45;

type BoardBookingBlockProps = {
  booking: Booking;
  hours: BoardHours;
  onOpen: (booking: Booking, opener: HTMLElement) => void;
};

/** One booking in its bay's column, from its slot's start to its end; pressing it opens the booking. */
export const BoardBookingBlock = ({ booking, hours, onOpen }: BoardBookingBlockProps) => {
  const { start, end } = slotMinutes(booking.slot);
  // A short booking has room for one line: the customer, then the badges.
  const compact = end - start < COMPACT_BELOW_MINUTES;
  return (
    <li className="absolute inset-x-1" style={{ top: offsetOf(start, hours), height: heightOf(end - start) }}>
      <button
        type="button"
        aria-label={blockLabel(booking)}
        onClick={(event) => onOpen(booking, event.currentTarget)}
        className={cn(
          'flex size-full cursor-pointer justify-start gap-0.5 overflow-hidden rounded-md border px-2 py-1 text-left text-xs outline-none transition-shadow hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50',
          compact ? 'flex-row items-center gap-2' : 'flex-col items-stretch',
          BLOCK_STYLES[booking.status],
        )}
      >
        <span className="truncate font-semibold">{customerName(booking)}</span>
        <span className={cn('truncate', compact && 'hidden sm:inline')}>
          {booking.service.name} · {slotSpan(booking)}
        </span>
        <span className={cn('flex gap-1', compact ? 'shrink-0' : 'flex-wrap')}>
          <Badge variant={STATUS_BADGES[booking.status]}>{statusWord(booking.status)}</Badge>
          <Badge variant={PAYMENT_BADGES[booking.payment]}>{paymentWord(booking)}</Badge>
        </span>
      </button>
    </li>
  );
};
