import { SLOT_DATE_DISPLAY_FORMAT } from '@carcare/contracts/slots-constants';
import { format, parse, startOfToday } from 'date-fns';
import { CalendarIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';

const VALUE_FORMAT = 'yyyy-MM-dd';

type SlotDatePickerProps = { id: string; value: string; onChange: (date: string) => void };

/** One day, shown 'MMM dd yyyy' and kept as YYYY-MM-DD; clearing the selection picks today (SPEC section 5). */
export const SlotDatePicker = ({ id, value, onChange }: SlotDatePickerProps) => {
  const [open, setOpen] = useState(false);
  const selected = value ? parse(value, VALUE_FORMAT, new Date()) : undefined;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          className={cn('w-full justify-start font-normal', !selected && 'text-muted-foreground')}
        >
          <CalendarIcon aria-hidden="true" />
          {selected ? format(selected, SLOT_DATE_DISPLAY_FORMAT) : 'Pick a date'}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-2">
        <Calendar
          mode="single"
          selected={selected}
          defaultMonth={selected}
          disabled={{ before: startOfToday() }}
          onSelect={(day) => {
            onChange(format(day ?? startOfToday(), VALUE_FORMAT));
            setOpen(false);
          }}
        />
      </PopoverContent>
    </Popover>
  );
};
