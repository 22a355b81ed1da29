import type { Booking } from '@carcare/contracts/bookings';
import {
  FREE_MOVE_REASONS,
  FRONT_DESK_LIMITS,
  FRONT_DESK_MESSAGES,
  MOVE_REASONS,
  type MoveReason,
} from '@carcare/contracts/front-desk-constants';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { inputClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { useGetPublicConfigQuery } from '@/lib/api/get-public-config';
import { bookedJobQuery } from '../booking-job';
import { businessToday } from '../business-date';
import { FRONT_DESK_WORDS, MOVE_REASON_WORDS } from '../front-desk-words';
import { useRescheduleBooking } from '../hooks/use-reschedule-booking';
import { SlotDayPicker } from './slot-day-picker';

type ShopRescheduleDialogProps = { booking: Booking; onClose: () => void };

/**
 * The shop's Reschedule: another slot of the service for the booking's class and add-ons (past the cut-off
 * too), and why: the customer asked, the weather, the shop's request, or another reason in words. Weather and
 * the shop's request cost the customer nothing, which the dialog says under the reason.
 */
export const ShopRescheduleDialog = ({ booking, onClose }: ShopRescheduleDialogProps) => {
  const id = useId();
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const [chosenSlot, setChosenSlot] = useState('');
  const [reason, setReason] = useState<MoveReason | ''>('');
  const [reasonText, setReasonText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { reschedule, isRescheduling } = useRescheduleBooking();
  const { data: config } = useGetPublicConfigQuery();
  const today = businessToday(config?.timeZone);
  // The booking's own day, unless it lies in the past (a job the rain stopped): then today.
  const date = chosenDate ?? [booking.slot.date, today].toSorted().at(-1) ?? today;
  const customer = `${booking.customer.firstName} ${booking.customer.lastName}`.trim();

  const chooseDate = (day: string) => {
    setChosenDate(day);
    setChosenSlot('');
  };

  const move = async () => {
    if (reason === '') {
      setError(FRONT_DESK_MESSAGES.reasonRequired);
      return;
    }
    const text = reasonText.trim();
    if (reason === 'other' && text === '') {
      setError(FRONT_DESK_MESSAGES.reasonRequired);
      return;
    }
    setError(undefined);
    if (await reschedule(booking._id, chosenSlot, { reason, ...(text ? { reasonText: text } : {}) })) onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{`Move ${customer}'s booking`}</DialogTitle>
          <DialogDescription>{FRONT_DESK_WORDS.shopRescheduleNotice}</DialogDescription>
        </DialogHeader>
        <div className="grid min-w-0 gap-6 md:grid-cols-[auto_1fr]">
          <SlotDayPicker
            serviceId={booking.service._id}
            today={today}
            date={date}
            onDateChange={chooseDate}
            selectedSlot={chosenSlot}
            onSelect={setChosenSlot}
            excludedSlot={booking.slot._id}
            job={bookedJobQuery(booking)}
          />
        </div>
        <div className="space-y-3">
          <div>
            <Label htmlFor={`${id}-reason`} className="mb-2 block">
              {FRONT_DESK_WORDS.moveReason}
            </Label>
            <select
              id={`${id}-reason`}
              value={reason}
              aria-describedby={error ? `${id}-free ${id}-error` : `${id}-free`}
              onChange={(event) => setReason(event.target.value as MoveReason | '')}
              className={inputClassName}
            >
              <option value="">Choose a reason</option>
              {MOVE_REASONS.map((each) => (
                <option key={each} value={each}>
                  {MOVE_REASON_WORDS[each]}
                </option>
              ))}
            </select>
            <p id={`${id}-free`} className="mt-1 text-muted-foreground text-xs">
              {FRONT_DESK_WORDS.freeMoveNotice}
            </p>
          </div>
          {reason !== '' ? (
            <TextField
              id={`${id}-text`}
              label={
                reason === 'other'
                  ? FRONT_DESK_WORDS.moveReasonTextOther
                  : `${FRONT_DESK_WORDS.moveReasonText} (optional)`
              }
              maxLength={FRONT_DESK_LIMITS.reason}
              value={reasonText}
              onChange={(event) => setReasonText(event.target.value)}
            />
          ) : null}
          {reason !== '' && FREE_MOVE_REASONS.includes(reason) ? (
            <p role="status" className="text-sm">
              No charge to the customer for this move.
            </p>
          ) : null}
          <FieldError id={`${id}-error`} message={error} />
        </div>
        <DialogFooter>
          <Button disabled={!chosenSlot || isRescheduling} onClick={() => void move()}>
            Move booking
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
};
