import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { useId } from 'react';
import { isPastCutoff } from '../change-cutoff';
import { useChangePolicy } from '../hooks/use-change-policy';
import { useNow } from '../hooks/use-now';
import { AddToCalendarButton } from './add-to-calendar-button';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { RescheduleBookingDialog } from './reschedule-booking-dialog';

/**
 * What a customer can do with a confirmed booking that lies ahead: cancel or move it up to the shop's cut-off
 * (past it both are disabled and the card says why and whom to call), and add it to their calendar.
 */
export const BookingActions = ({ booking }: { booking: Booking }) => {
  const now = useNow();
  const policy = useChangePolicy();
  const reasonId = useId();
  if (Date.parse(booking.slot.startsAt) <= now) return null;

  const locked = policy !== null && isPastCutoff(booking.slot.startsAt, policy.cutoffHours, now);
  const reason = locked ? BOOKING_MESSAGES.pastCutoff(policy.cutoffHours, policy.contact) : null;

  return (
    <div className="space-y-2 border-t pt-3">
      <div className="flex flex-wrap gap-2">
        <CancelBookingDialog booking={booking} disabled={locked} reasonId={reason ? reasonId : undefined} />
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
