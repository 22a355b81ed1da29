import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { useGetPublicConfigQuery } from '@/lib/api/get-public-config';
import { bookedJobQuery } from '../booking-job';
import { businessToday } from '../business-date';
import { useRescheduleBooking } from '../hooks/use-reschedule-booking';
import { SlotDayPicker } from './slot-day-picker';

type RescheduleBookingDialogProps = { booking: Booking; disabled: boolean; reasonId?: string };

/**
 * The customer's Reschedule: the service page's calendar and slots for the booking's class and add-ons, the
 * booking's own slot left out.
 */
export const RescheduleBookingDialog = ({ booking, disabled, reasonId }: RescheduleBookingDialogProps) => {
  const [open, setOpen] = useState(false);
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const [chosenSlot, setChosenSlot] = useState('');
  const { reschedule, isRescheduling } = useRescheduleBooking();
  const { data: config } = useGetPublicConfigQuery();
  const today = businessToday(config?.timeZone);
  // It opens on the booking's own day (never past: the booking lies ahead), the likeliest to move within.
  const date = chosenDate ?? booking.slot.date;

  // Each opening starts afresh; resetting on close instead would ask the server for the old day once more.
  const openChange = (next: boolean) => {
    if (next) {
      setChosenDate(null);
      setChosenSlot('');
    }
    setOpen(next);
  };

  const chooseDate = (day: string) => {
    setChosenDate(day);
    setChosenSlot('');
  };

  const move = async () => {
    if (await reschedule(booking._id, chosenSlot)) openChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={disabled} aria-describedby={reasonId}>
          Reschedule
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{BOOKING_MESSAGES.reschedulePrompt}</DialogTitle>
          <DialogDescription>{BOOKING_MESSAGES.rescheduleNotice}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-6 md:grid-cols-[auto_1fr]">
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
        <DialogFooter>
          <Button disabled={!chosenSlot || isRescheduling} onClick={() => void move()}>
            Move booking
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
};
