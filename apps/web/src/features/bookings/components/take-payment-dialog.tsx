import { type Booking, counterPaymentSchema } from '@carcare/contracts/bookings';
import { COUNTER_METHODS, FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
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
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useRecordPaymentMutation } from '../api/record-payment';
import { bookingFailureMessage } from '../booking-failure-message';
import { FRONT_DESK_WORDS, PAYMENT_METHOD_WORDS } from '../front-desk-words';

type CounterMethod = (typeof COUNTER_METHODS)[number];

/** The balance as the amount field starts: '45', '12.5' → '12.50'. */
const amountText = (amount: number) => (Number.isInteger(amount) ? String(amount) : amount.toFixed(2));

/**
 * Take payment: cash or card at the counter, the amount prefilled with the balance due; the contract's checks
 * before sending, the server's refusal (more than the balance, nothing due) shown in the dialog.
 */
type TakePaymentDialogProps = {
  booking: Booking;
  /** The booking as the payment left it, for a screen that does not read the bookings again. */
  onPaid?: (booking: Booking) => void;
};

export const TakePaymentDialog = ({ booking, onPaid }: TakePaymentDialogProps) => {
  const currency = useCurrency();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<CounterMethod>('cash');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [recordPayment, { isLoading }] = useRecordPaymentMutation();
  const customer = `${booking.customer.firstName} ${booking.customer.lastName}`.trim();

  const openChange = (next: boolean) => {
    if (next) {
      setMethod('cash');
      setAmount(amountText(booking.balanceDue));
      setAmountError(undefined);
      setRefusal(null);
    }
    setOpen(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const parsed = counterPaymentSchema.safeParse({
      method,
      amount: amount.trim() === '' ? Number.NaN : Number(amount),
    });
    if (!parsed.success) {
      setAmountError(parsed.error.issues[0]?.message ?? FRONT_DESK_MESSAGES.amountInvalid);
      return;
    }
    setAmountError(undefined);
    try {
      const paid = await recordPayment({ id: booking._id, body: parsed.data }).unwrap();
      toast.success(FRONT_DESK_MESSAGES.paymentRecorded, {
        description: `${formatPrice(parsed.data.amount, currency)} · ${PAYMENT_METHOD_WORDS[parsed.data.method]}`,
      });
      setOpen(false);
      onPaid?.(paid);
    } catch (error) {
      setRefusal(bookingFailureMessage(error));
    }
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button size="sm" disabled={booking.balanceDue <= 0 || booking.status === 'cancel'}>
          {FRONT_DESK_WORDS.takePayment}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{FRONT_DESK_WORDS.takePaymentTitle(customer)}</DialogTitle>
          <DialogDescription>
            {FRONT_DESK_WORDS.balanceDue}: {formatPrice(booking.balanceDue, currency)}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="mb-2 font-medium text-sm">{FRONT_DESK_WORDS.method}</legend>
            <div className="flex flex-wrap gap-4">
              {COUNTER_METHODS.map((each) => (
                <div key={each} className="flex items-center gap-2">
                  <input
                    type="radio"
                    id={`${id}-${each}`}
                    name={`${id}-method`}
                    value={each}
                    checked={method === each}
                    onChange={() => setMethod(each)}
                    className="size-4 accent-primary"
                  />
                  <Label htmlFor={`${id}-${each}`}>{PAYMENT_METHOD_WORDS[each]}</Label>
                </div>
              ))}
            </div>
          </fieldset>
          <TextField
            id={`${id}-amount`}
            label={`${FRONT_DESK_WORDS.amount} (${currency})`}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={amountError}
          />
          <FieldError id={`${id}-refusal`} message={refusal ?? undefined} />
          <DialogFormFooter submitLabel={FRONT_DESK_WORDS.recordPayment} submitting={isLoading} />
        </form>
      </DialogContent>
    </Dialog>
  );
};
