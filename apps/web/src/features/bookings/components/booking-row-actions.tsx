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
import { FRONT_DESK_WORDS } from '../front-desk-words';
import { useMarkOutcome } from '../hooks/use-mark-outcome';
import { BookingDetailsDialog } from './booking-details-dialog';
import { type BookingRowAction, BookingRowActionDialog } from './booking-row-action-dialog';
import { ShopRescheduleDialog } from './shop-reschedule-dialog';

type RowChoice = BookingRowAction | 'details' | 'reschedule';

type ActionItemsProps = { booking: Booking; onChoose: (action: RowChoice) => void; onMarkReady: () => void };

/** Rendered each time the menu opens, so "has the slot started" is judged at that moment. */
const ActionItems = ({ booking, onChoose, onMarkReady }: ActionItemsProps) => {
  const started = Date.parse(booking.slot.startsAt) <= Date.now();
  const confirmed = booking.status === 'confirm';
  return (
    <>
      <DropdownMenuItem onSelect={() => onChoose('details')}>{FRONT_DESK_WORDS.detailsItem}</DropdownMenuItem>
      {confirmed || booking.status === 'pending' ? (
        <DropdownMenuItem onSelect={() => onChoose('reschedule')}>{FRONT_DESK_WORDS.rescheduleItem}</DropdownMenuItem>
      ) : null}
      {confirmed ? (
        <>
          <DropdownMenuItem variant="destructive" onSelect={() => onChoose('cancelWithRefund')}>
            Cancel with refund
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={() => onChoose('cancelWithoutRefund')}>
            Cancel without refund
          </DropdownMenuItem>
        </>
      ) : null}
      {confirmed && started && booking.readyAt === null ? (
        <DropdownMenuItem onSelect={onMarkReady}>{FRONT_DESK_WORDS.markReadyItem}</DropdownMenuItem>
      ) : null}
      {confirmed && started ? (
        <>
          <DropdownMenuItem onSelect={() => onChoose('complete')}>Mark completed</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onChoose('noShow')}>Mark no-show</DropdownMenuItem>
        </>
      ) : null}
    </>
  );
};

/**
 * Booking Management's row actions: every booking's payments and notes; a booking that holds its slot can be
 * moved with a reason; a confirmed one cancelled with or without a refund (with a reason), and once the slot has
 * started, marked ready to collect (at once: it only tells the customer), completed or a no-show. Every other
 * change asks first.
 */
export const BookingRowActions = ({ booking }: { booking: Booking }) => {
  const [action, setAction] = useState<RowChoice | null>(null);
  const close = () => setAction(null);
  const { markReady } = useMarkOutcome();

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
          <ActionItems booking={booking} onChoose={setAction} onMarkReady={() => markReady(booking._id)} />
        </DropdownMenuContent>
      </DropdownMenu>
      {action === 'details' ? <BookingDetailsDialog booking={booking} onClose={close} /> : null}
      {action === 'reschedule' ? <ShopRescheduleDialog booking={booking} onClose={close} /> : null}
      {action !== null && action !== 'details' && action !== 'reschedule' ? (
        <BookingRowActionDialog booking={booking} action={action} onClose={close} />
      ) : null}
    </>
  );
};
