import { type Booking, waiveFeeSchema } from '@carcare/contracts/bookings';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { DialogFormFooter } from '@/components/forms/dialog-form-footer';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { TextAreaField } from '@/components/ui/text-area-field';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useWaiveFeeMutation } from '../api/waive-fee';
import { bookingFailureMessage } from '../booking-failure-message';
import { FEE_KIND_WORDS, FEE_STATUS_WORDS, FRONT_DESK_WORDS } from '../front-desk-words';

type Fee = Booking['fees'][number];

type WaiveFeeDialogProps = { bookingId: string; fee: Fee };

/**
 * Waive: asks why (required, the contract's checks before sending), posts the reason, toasts the server's
 * message, and shows its refusal (already waived, no such fee) in the dialog, which stays open.
 */
export const WaiveFeeDialog = ({ bookingId, fee }: WaiveFeeDialogProps) => {
  const currency = useCurrency();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [waiveFee, { isLoading }] = useWaiveFeeMutation();
  const title = FRONT_DESK_WORDS.waiveTitle(FEE_KIND_WORDS[fee.kind]);

  const openChange = (next: boolean) => {
    if (next) {
      setReason('');
      setReasonError(undefined);
      setRefusal(null);
    }
    setOpen(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const parsed = waiveFeeSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    setReasonError(undefined);
    try {
      const { message } = await waiveFee({ id: bookingId, feeId: fee._id, body: parsed.data }).unwrap();
      toast.success(message, { description: `${FEE_KIND_WORDS[fee.kind]} · ${formatPrice(fee.amount, currency)}` });
      setOpen(false);
    } catch (error) {
      setRefusal(bookingFailureMessage(error));
    }
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={title}>
          {FRONT_DESK_WORDS.waive}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {formatPrice(fee.amount, currency)} · {FEE_STATUS_WORDS[fee.status]}
            {fee.status === 'charged' ? `. ${FRONT_DESK_WORDS.waiveRefundNotice}` : null}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <TextAreaField
            id={`${id}-reason`}
            label={FRONT_DESK_WORDS.waiveReason}
            rows={2}
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={reasonError}
          />
          <FieldError id={`${id}-refusal`} message={refusal ?? undefined} />
          <DialogFormFooter submitLabel={FRONT_DESK_WORDS.waiveFee} submitting={isLoading} />
        </form>
      </DialogContent>
    </Dialog>
  );
};
