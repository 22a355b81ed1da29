import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { useId } from 'react';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { isPastCutoff } from '../change-cutoff';
import { type ChangePolicy, useChangePolicy } from '../hooks/use-change-policy';
import { useNow } from '../hooks/use-now';
import { AddToCalendarButton } from './add-to-calendar-button';
import { CancelBookingDialog, type LateCancellation, lateCostText } from './cancel-booking-dialog';
import { RescheduleBookingDialog } from './reschedule-booking-dialog';

/**
 * What a customer can do with a confirmed booking that lies ahead: cancel or move it up to the shop's cut-off
 * (past it both are disabled and the card says why and whom to call), and add it to their calendar. When the
 * terms the customer accepted let them cancel late at a cost, Cancel stays, and the card says what it costs.
 */
export const BookingActions = ({ booking }: { booking: Booking }) => {
  const now = useNow();
  const policy = useChangePolicy();
  const reasonId = useId();
  const currency = useCurrency();
  if (Date.parse(booking.slot.startsAt) <= now) return null;

  const locked = policy !== null && isPastCutoff(booking.slot.startsAt, policy.cutoffHours, now);
  const late = locked ? booking.lateCancellation : null;
  const reason = lockedReason(policy, locked, late, (dollars) => formatPrice(dollars, currency));

  return (
    <div className="space-y-2 border-t pt-3">
      <div className="flex flex-wrap gap-2">
        <CancelBookingDialog
          booking={booking}
          disabled={locked && late === null}
          late={late}
          reasonId={reason ? reasonId : undefined}
        />
        <RescheduleBookingDialog booking={booking} disabled={locked} reasonId={reason ? reasonId : undefined} />
        <AddToCalendarButton bookingId={booking._id} />
      </div>
      {reason ? (
        <p id={reasonId} className="text-muted-foreground text-sm">
          {reason}
        </p>
      ) : null}
    </div>
  );
};

/** Why a change is closed past the cut-off: both, or moving alone with what a late cancellation costs; null before. */
function lockedReason(
  policy: ChangePolicy | null,
  locked: boolean,
  late: LateCancellation | null,
  money: (dollars: number) => string,
): string | null {
  if (!locked || policy === null) return null;
  if (late === null) return BOOKING_MESSAGES.pastCutoff(policy.cutoffHours, policy.contact);
  return `${BOOKING_MESSAGES.lateMoveOnly(policy.cutoffHours, policy.contact)} ${lateCostText(late, money)}`;
}
