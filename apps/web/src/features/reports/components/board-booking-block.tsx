import { paymentWord, READY_WORD, statusWord } from '@carcare/contracts/booking-words';
import type { Booking } from '@carcare/contracts/bookings';
import { Badge } from '@/components/ui/badge';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { cn } from '@/lib/utils';
import {
  BLOCK_STYLES,
  balanceDueText,
  blockLabel,
  boardVehicle,
  customerName,
  PAYMENT_BADGES,
  STATUS_BADGES,
  slotSpan,
} from '../board-booking';
import { type BoardHours, heightOf, heldMinutes, offsetOf } from '../board-layout';

const COMPACT_BELOW_MINUTES = 45;

type BoardBookingBlockProps = {
  booking: Booking;
  hours: BoardHours;
  /** The business's time zone, in which the bay's hold is placed on the day. */
  timeZone: string;
  onOpen: (booking: Booking, opener: HTMLElement) => void;
};

/**
 * One booking in its bay's column, as long as it holds the bay (the job's minutes and the buffer, which may run past
 * its slot); pressing it opens the booking.
 */
export const BoardBookingBlock = ({ booking, hours, timeZone, onOpen }: BoardBookingBlockProps) => {
  const { start, end } = heldMinutes(booking, timeZone);
  const vehicle = boardVehicle(booking);
  const currency = useCurrency();
  const due = balanceDueText(booking, (amount) => formatPrice(amount, currency));
  // A short booking has room for one line: the customer's name first and in full where it fits, then smaller
  // badges that give way (clipped) before the name does, then the service where there is room left.
  const compact = end - start < COMPACT_BELOW_MINUTES;
  const badgeSize = compact ? 'px-1 py-0 text-[0.625rem] leading-4' : undefined;
  return (
    <li className="absolute inset-x-1" style={{ top: offsetOf(start, hours), height: heightOf(end - start) }}>
      <button
        type="button"
        aria-label={due ? `${blockLabel(booking)}, ${due}` : blockLabel(booking)}
        data-layout={compact ? 'compact' : 'full'}
        onClick={(event) => onOpen(booking, event.currentTarget)}
        className={cn(
          'flex size-full cursor-pointer justify-start overflow-hidden rounded-md border px-2 text-left text-xs outline-none transition-shadow hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50',
          compact ? 'flex-row items-center gap-1.5 py-0' : 'flex-col items-stretch gap-0.5 py-1',
          BLOCK_STYLES[booking.status],
        )}
      >
        <span className={cn('truncate font-semibold', compact && 'min-w-0 max-w-full shrink-0')}>
          {customerName(booking)}
        </span>
        <span
          className={cn('flex gap-1', compact ? 'min-w-0 shrink overflow-hidden' : 'order-last flex-wrap')}
          data-part="badges"
        >
          <Badge variant={STATUS_BADGES[booking.status]} className={badgeSize}>
            {statusWord(booking.status)}
          </Badge>
          {booking.readyAt ? (
            <Badge variant="success" className={badgeSize}>
              {READY_WORD}
            </Badge>
          ) : null}
          <Badge variant={PAYMENT_BADGES[booking.payment]} className={badgeSize}>
            {paymentWord(booking)}
          </Badge>
          {due ? (
            <Badge variant="outline" className={cn('border-destructive/60 font-semibold', badgeSize)} data-part="due">
              {due}
            </Badge>
          ) : null}
        </span>
        <span className={cn('truncate', compact && 'hidden min-w-0 shrink-[2] sm:inline')}>
          {booking.service.name} · {slotSpan(booking)}
        </span>
        {vehicle ? (
          <span className={cn('truncate font-medium', compact && 'min-w-0 shrink-[3]')} data-part="vehicle">
            {vehicle}
          </span>
        ) : null}
      </button>
    </li>
  );
};
