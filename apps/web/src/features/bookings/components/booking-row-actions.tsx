import type { Booking } from '@carcare/contracts/bookings';
import { EllipsisIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { type BookingRowAction, BookingRowActionDialog } from './booking-row-action-dialog';

type ActionItemsProps = { booking: Booking; onChoose: (action: BookingRowAction) => void };

/** Rendered each time the menu opens, so "has the slot started" is judged at that moment. */
const ActionItems = ({ booking, onChoose }: ActionItemsProps) => {
  const started = Date.parse(booking.slot.startsAt) <= Date.now();
  return (
    <>
      <DropdownMenuItem variant="destructive" onSelect={() => onChoose('cancelWithRefund')}>
        Cancel with refund
      </DropdownMenuItem>
      <DropdownMenuItem variant="destructive" onSelect={() => onChoose('cancelWithoutRefund')}>
        Cancel without refund
      </DropdownMenuItem>
      {started ? (
        <>
          <DropdownMenuItem onSelect={() => onChoose('complete')}>Mark completed</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onChoose('noShow')}>Mark no-show</DropdownMenuItem>
        </>
      ) : null}
    </>
  );
};

/**
 * Booking Management's row actions, for confirmed bookings only: cancel with or without a refund, and once the
 * slot has started, mark it completed or a no-show. Each asks first.
 */
export const BookingRowActions = ({ booking }: { booking: Booking }) => {
  const [action, setAction] = useState<BookingRowAction | null>(null);
  if (booking.status !== 'confirm') return null;

  return (
    <>
      {/* Not modal: the menu closes into a dialog, which takes the focus itself. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            size="icon"
            variant="ghost"
            className="size-8"
            aria-label={`Actions for ${booking.customer.firstName}'s booking on ${booking.slot.date} at ${booking.slot.startTime}`}
          >
            <EllipsisIcon />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <ActionItems booking={booking} onChoose={setAction} />
        </DropdownMenuContent>
      </DropdownMenu>
      {action ? <BookingRowActionDialog booking={booking} action={action} onClose={() => setAction(null)} /> : null}
    </>
  );
};
