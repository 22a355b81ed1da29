import type { Slot } from '@carcare/contracts/slots';
import { SLOT_MESSAGES } from '@carcare/contracts/slots-constants';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { formatSlotTime } from '../format';
import { isSlotBookable } from '../slot-rules';

type SlotOptionProps = { slot: Slot; selected: boolean; onSelect: (slotId: string) => void };

/** One slot of the day: choosable, or disabled at half opacity with a 'Not available' tooltip. */
export const SlotOption = ({ slot, selected, onSelect }: SlotOptionProps) => {
  const label = formatSlotTime(slot);
  if (isSlotBookable(slot)) {
    return (
      <Button
        type="button"
        variant={selected ? 'default' : 'outline'}
        aria-pressed={selected}
        onClick={() => onSelect(slot._id)}
      >
        {label}
      </Button>
    );
  }
  // aria-disabled rather than disabled: the button stays hoverable and focusable, so its tooltip can show.
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button type="button" variant="outline" aria-disabled="true" className="cursor-not-allowed opacity-50">
          {label}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{SLOT_MESSAGES.notAvailable}</TooltipContent>
    </Tooltip>
  );
};
