import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { CalendarPlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAddToCalendar } from '../hooks/use-add-to-calendar';

/** Saves the booking's .ics, fetched with the session's token. */
export const AddToCalendarButton = ({ bookingId }: { bookingId: string }) => {
  const { addToCalendar, isDownloading } = useAddToCalendar();
  return (
    <Button size="sm" variant="outline" disabled={isDownloading} onClick={() => void addToCalendar(bookingId)}>
      <CalendarPlusIcon aria-hidden="true" />
      {BOOKING_MESSAGES.addToCalendar}
    </Button>
  );
};
