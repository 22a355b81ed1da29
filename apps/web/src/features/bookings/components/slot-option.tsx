import { BAY_MESSAGES } from '@carcare/contracts/bays-constants';
import type { Slot } from '@carcare/contracts/slots';
import { SLOT_MESSAGES } from '@carcare/contracts/slots-constants';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useDisplayFormat } from '@/lib/use-display-format';
import { isSlotBookable, showsBaysFree } from '../slot-rules';

type SlotOptionProps = { slot: Slot; selected: boolean; onSelect: (slotId: string) => void };

/**
 * One slot of the day: choosable, or disabled at half opacity with a 'Not available' tooltip. With more than one
 * bay for the service, the bays still free show under the time.
 */
export const SlotOption = ({ slot, selected, onSelect }: SlotOptionProps) => {
  const baysFreeId = useId();
  const label = useDisplayFormat().slotTimes(slot);
  const baysFree = showsBaysFree(slot) ? BAY_MESSAGES.remaining(slot.remaining, slot.capacity) : null;

  const option = isSlotBookable(slot) ? (
    <Button
      type="button"
      variant={selected ? 'default' : 'outline'}
      aria-pressed={selected}
      aria-describedby={baysFree ? baysFreeId : undefined}
      onClick={() => onSelect(slot._id)}
    >
      {label}
    </Button>
  ) : (
    // aria-disabled rather than disabled: the button stays hoverable and focusable, so its tooltip can show.
    <Tooltip>
      <TooltipTrigger asChild>
        <Button type="button" variant="outline" aria-disabled="true" className="cursor-not-allowed opacity-50">
          {label}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{SLOT_MESSAGES.notAvailable}</TooltipContent>
    </Tooltip>
  );

  if (!baysFree) return option;
  return (
    <div className="flex flex-col items-center gap-1">
      {option}
      <span id={baysFreeId} className="text-muted-foreground text-xs">
        {baysFree}
      </span>
    </div>
  );
};
