import type { PayWith } from '@carcare/contracts/front-desk-constants';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { PAY_WITH_CHOICES } from '@/features/bookings/front-desk-words';
import { NEW_BOOKING_WORDS } from '../front-desk-words';

/** The order the front desk offers them: the commonest first; the card on file last, only when there is one. */
const OFFERED: readonly PayWith[] = ['counter', 'link', 'online', 'card'];

type PayWithChoiceProps = { value: PayWith; onChange: (value: PayWith) => void; cardOnFile: boolean };

/** How the booking is paid; "Card on file" is shown disabled, with why, for a customer without a saved card. */
export const PayWithChoice = ({ value, onChange, cardOnFile }: PayWithChoiceProps) => {
  const id = useId();
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-2 font-medium text-sm">{NEW_BOOKING_WORDS.payment}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {OFFERED.map((each) => {
          const disabled = each === 'card' && !cardOnFile;
          return (
            <div key={each} className="flex items-start gap-2 rounded-md border p-3">
              <input
                type="radio"
                id={`${id}-${each}`}
                name={`${id}-pay-with`}
                value={each}
                checked={value === each}
                disabled={disabled}
                aria-describedby={disabled ? `${id}-no-card` : undefined}
                onChange={() => onChange(each)}
                className="mt-0.5 size-4 accent-primary"
              />
              <div className="min-w-0">
                <Label htmlFor={`${id}-${each}`} className={disabled ? 'text-muted-foreground' : undefined}>
                  {PAY_WITH_CHOICES[each]}
                </Label>
                {disabled ? (
                  <p id={`${id}-no-card`} className="text-muted-foreground text-xs">
                    {NEW_BOOKING_WORDS.noCardHint}
                  </p>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
};
