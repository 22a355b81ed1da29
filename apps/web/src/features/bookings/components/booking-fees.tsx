import type { Booking } from '@carcare/contracts/bookings';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { FEE_KIND_WORDS, FEE_STATUS_WORDS, FRONT_DESK_WORDS } from '../front-desk-words';
import { WaiveFeeDialog } from './waive-fee-dialog';

/** Where a fee stands in words; a waived fee says why. */
const statusText = (fee: Booking['fees'][number]) =>
  fee.status === 'waived' && fee.waiveReason
    ? `${FEE_STATUS_WORDS.waived}: ${fee.waiveReason}`
    : FEE_STATUS_WORDS[fee.status];

/**
 * The booking's fees (a no-show, a late cancellation): each one's kind, amount and where it stands, and Waive for
 * any not waived yet. Nothing is shown for a booking without fees.
 */
export const BookingFees = ({ booking }: { booking: Booking }) => {
  const currency = useCurrency();
  if (booking.fees.length === 0) return null;
  return (
    <section aria-labelledby={`fees-${booking._id}`} className="space-y-2">
      <h3 id={`fees-${booking._id}`} className="font-semibold">
        {FRONT_DESK_WORDS.fees}
      </h3>
      <ul aria-label={FRONT_DESK_WORDS.fees} className="divide-y rounded-md border text-sm">
        {booking.fees.map((fee) => (
          <li key={fee._id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2">
            <span className="min-w-0" data-part="fee-kind">
              {FEE_KIND_WORDS[fee.kind]}
            </span>
            <span className="font-medium tabular-nums" data-part="fee-amount">
              {formatPrice(fee.amount, currency)}
            </span>
            <span
              className="min-w-0 flex-1 basis-40 break-words text-muted-foreground text-xs"
              data-part="fee-status"
              data-status={fee.status}
            >
              {statusText(fee)}
            </span>
            {fee.status === 'waived' ? null : <WaiveFeeDialog bookingId={booking._id} fee={fee} />}
          </li>
        ))}
      </ul>
    </section>
  );
};
