import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { useState } from 'react';
import { ConfirmChangeDialog } from '@/components/feedback/confirm-change-dialog';
import { Button } from '@/components/ui/button';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useCancelBooking } from '../hooks/use-cancel-booking';
import { CancelReasonField, CUSTOMER_CANCEL_REASONS, cancelReasonOf, NO_CANCEL_REASON } from './cancel-reason-field';

/** What a cancellation after the cut-off costs under the customer's accepted terms (Booking's `lateCancellation`). */
export type LateCancellation = NonNullable<Booking['lateCancellation']>;

type CancelBookingDialogProps = {
  booking: Booking;
  disabled: boolean;
  reasonId?: string;
  /** Set when cancelling now is late, and the terms the customer accepted allow it at this cost. */
  late?: LateCancellation | null;
};

/** The customer's own question: why they cancel, if they care to say. */
export const CUSTOMER_REASON_LABEL = 'Why are you cancelling? (optional)';

/** What a late cancellation costs, in a sentence: the fee charged, or the deposit kept. */
export const lateCostText = (late: LateCancellation, money: (dollars: number) => string) =>
  late.kind === 'fee'
    ? BOOKING_MESSAGES.lateCancelFee(money(late.amount))
    : BOOKING_MESSAGES.lateCancelKeepsDeposit(money(late.amount));

/**
 * What cancelling costs and gives back, as the customer reads it before confirming: the refund of what was
 * paid (all of it, or its deposit), and after the cut-off the fee charged or the deposit kept.
 */
export function cancellationTerms(booking: Booking, late: LateCancellation | null, money: (dollars: number) => string) {
  if (late?.kind === 'keepDeposit') {
    const back = Math.max(0, booking.amountPaid - late.amount);
    const kept = lateCostText(late, money);
    return back > 0 ? `${kept} ${BOOKING_MESSAGES.cancelPartRefundNotice(money(back))}` : kept;
  }
  const refund = BOOKING_MESSAGES.cancelRefundNotice(money(booking.amountPaid));
  if (late?.kind === 'fee') {
    const fee = lateCostText(late, money);
    return booking.amountPaid > 0 ? `${fee} ${refund}` : fee;
  }
  return refund;
}

/**
 * The customer's Cancel: asks first, saying what will be refunded (what the booking was paid: all of it, or
 * its deposit) and, past the cut-off, what the accepted terms take; the customer may say why.
 */
export const CancelBookingDialog = ({ booking, disabled, reasonId, late = null }: CancelBookingDialogProps) => {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState(NO_CANCEL_REASON);
  const { cancel, isCancelling } = useCancelBooking();
  const currency = useCurrency();
  const when = `${booking.service.name}, ${useDisplayFormat().when(booking.slot)}.`;
  const terms = cancellationTerms(booking, late, (dollars) => formatPrice(dollars, currency));

  const confirm = () => {
    const written = cancelReasonOf(reason);
    return cancel(booking._id, written === null ? undefined : { reason: written });
  };

  return (
    <ConfirmChangeDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setReason(NO_CANCEL_REASON);
      }}
      trigger={
        <Button size="sm" variant="outline" disabled={disabled} aria-describedby={reasonId}>
          Cancel
        </Button>
      }
      title={BOOKING_MESSAGES.cancelPrompt}
      description={`${when} ${terms}`}
      confirmLabel="Cancel booking"
      dismissLabel="Keep booking"
      busy={isCancelling}
      onConfirm={confirm}
    >
      <CancelReasonField
        value={reason}
        onChange={setReason}
        label={CUSTOMER_REASON_LABEL}
        reasons={CUSTOMER_CANCEL_REASONS}
      />
    </ConfirmChangeDialog>
  );
};
