import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useCancelBooking } from '../hooks/use-cancel-booking';
import { ConfirmChangeDialog } from './confirm-change-dialog';

type CancelBookingDialogProps = { booking: Booking; disabled: boolean; reasonId?: string };

/** The customer's Cancel: asks first, saying what will be refunded (what the booking was paid: all of it, or its deposit). */
export const CancelBookingDialog = ({ booking, disabled, reasonId }: CancelBookingDialogProps) => {
  const [open, setOpen] = useState(false);
  const { cancel, isCancelling } = useCancelBooking();
  const currency = useCurrency();
  const when = `${booking.service.name}, ${useDisplayFormat().when(booking.slot)}.`;

  return (
    <ConfirmChangeDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="outline" disabled={disabled} aria-describedby={reasonId}>
          Cancel
        </Button>
      }
      title={BOOKING_MESSAGES.cancelPrompt}
      description={`${when} ${BOOKING_MESSAGES.cancelRefundNotice(formatPrice(booking.amountPaid, currency))}`}
      confirmLabel="Cancel booking"
      dismissLabel="Keep booking"
      busy={isCancelling}
      onConfirm={() => cancel(booking._id)}
    />
  );
};
