import type { Booking } from '@carcare/contracts/bookings';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useGetPublicConfigQuery } from '@/lib/api/get-public-config';
import { bookedJobQuery } from '../booking-job';
import { businessToday } from '../business-date';
import { FRONT_DESK_WORDS } from '../front-desk-words';
import { useRescheduleBooking } from '../hooks/use-reschedule-booking';
import { moveReasonBody, NO_MOVE_REASON } from '../move-reason';
import { MoveReasonField } from './move-reason-field';
import { SlotDayPicker } from './slot-day-picker';

type ShopRescheduleDialogProps = { booking: Booking; onClose: () => void };

/**
 * The shop's Reschedule: another slot of the service for the booking's class and add-ons (past the cut-off
 * too), and why: the customer asked, the weather, the shop's request, or another reason in words.
 */
export const ShopRescheduleDialog = ({ booking, onClose }: ShopRescheduleDialogProps) => {
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const [chosenSlot, setChosenSlot] = useState('');
  const [why, setWhy] = useState(NO_MOVE_REASON);
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
    const checked = moveReasonBody(why);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(undefined);
    if (await reschedule(booking._id, chosenSlot, checked.body)) onClose();
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
        <MoveReasonField value={why} onChange={setWhy} error={error} />
        <DialogFooter>
          <Button disabled={!chosenSlot || isRescheduling} onClick={() => void move()}>
            Move booking
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
};
