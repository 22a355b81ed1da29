import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { useState } from 'react';
import { ConfirmChangeDialog } from '@/components/feedback/confirm-change-dialog';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useDisplayFormat } from '@/lib/use-display-format';
import { FRONT_DESK_WORDS } from '../front-desk-words';
import { useCancelBooking } from '../hooks/use-cancel-booking';
import { useMarkOutcome } from '../hooks/use-mark-outcome';
import { CancelReasonField, cancelReasonOf, NO_CANCEL_REASON } from './cancel-reason-field';

export type BookingRowAction = 'cancelWithRefund' | 'cancelWithoutRefund' | 'complete' | 'noShow';

type BookingRowActionDialogProps = { booking: Booking; action: BookingRowAction; onClose: () => void };

/**
 * The confirmation of one row action: what it will do to which booking, then the call and its toasts. A
 * cancellation asks why (the list, or Other in words) and sends the reason with it.
 */
export const BookingRowActionDialog = ({ booking, action, onClose }: BookingRowActionDialogProps) => {
  const currency = useCurrency();
  const { cancel, isCancelling } = useCancelBooking();
  const { complete, markNoShow, isMarking } = useMarkOutcome();
  const customer = booking.customer.firstName;
  const which = `${booking.service.name}, ${useDisplayFormat().when(booking.slot)}.`;
  const [reason, setReason] = useState(NO_CANCEL_REASON);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const cancelWith = async (refund: boolean) => {
    const written = cancelReasonOf(reason);
    if (written === null) {
      setReasonError(FRONT_DESK_WORDS.cancelReasonRequired);
      return false;
    }
    setReasonError(undefined);
    return cancel(booking._id, { refund, reason: written });
  };

  const dialogs = {
    cancelWithRefund: {
      title: BOOKING_MESSAGES.adminCancelPrompt(customer),
      notice: BOOKING_MESSAGES.adminRefundNotice(formatPrice(booking.amountPaid, currency)),
      confirmLabel: 'Cancel with refund',
      confirmVariant: 'destructive',
      run: () => cancelWith(true),
    },
    cancelWithoutRefund: {
      title: BOOKING_MESSAGES.adminCancelPrompt(customer),
      notice: BOOKING_MESSAGES.adminNoRefundNotice,
      confirmLabel: 'Cancel without refund',
      confirmVariant: 'destructive',
      run: () => cancelWith(false),
    },
    complete: {
      title: BOOKING_MESSAGES.completePrompt(customer),
      notice: BOOKING_MESSAGES.outcomeNotice,
      confirmLabel: 'Mark completed',
      confirmVariant: 'default',
      run: () => complete(booking._id),
    },
    noShow: {
      title: BOOKING_MESSAGES.noShowPrompt(customer),
      notice: BOOKING_MESSAGES.outcomeNotice,
      confirmLabel: 'Mark no-show',
      confirmVariant: 'destructive',
      run: () => markNoShow(booking._id),
    },
  } as const;
  const dialog = dialogs[action];

  return (
    <ConfirmChangeDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={dialog.title}
      description={`${which} ${dialog.notice}`}
      confirmLabel={dialog.confirmLabel}
      confirmVariant={dialog.confirmVariant}
      dismissLabel="Back"
      busy={isCancelling || isMarking}
      onConfirm={dialog.run}
    >
      {action === 'cancelWithRefund' || action === 'cancelWithoutRefund' ? (
        <CancelReasonField value={reason} onChange={setReason} error={reasonError} />
      ) : null}
    </ConfirmChangeDialog>
  );
};
