import type { AddOnOffer } from '@carcare/contracts/add-ons';
import { JOB_WORDS } from '@carcare/contracts/quotes-constants';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';

type AddOnChoiceProps = {
  addOns: readonly AddOnOffer[];
  /** The class the job is priced by: each add-on's price and minutes for it. */
  vehicleClass: string;
  value: readonly string[];
  onChange: (ids: string[]) => void;
};

/** An add-on's price and minutes for a class: its own, or the add-on's. */
const priceFor = (addOn: AddOnOffer, vehicleClass: string) =>
  addOn.prices.find((each) => each.vehicleClass === vehicleClass) ?? addOn;

/** The add-ons offered with the service, as checkboxes with their price and extra minutes for the chosen class. */
export const AddOnChoice = ({ addOns, vehicleClass, value, onChange }: AddOnChoiceProps) => {
  const currency = useCurrency();
  const chosen = new Set(value);
  if (addOns.length === 0) return null;
  const toggle = (toggled: string, checked: boolean) =>
    onChange(addOns.filter((each) => (each._id === toggled ? checked : chosen.has(each._id))).map((each) => each._id));
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-2 font-medium text-sm">{JOB_WORDS.addOnsHeading}</legend>
      <ul className="space-y-2">
        {addOns.map((addOn) => {
          // A fixed id: the page is drawn on the server too, where useId numbers another tree.
          const boxId = `add-on-${addOn._id}`;
          const { price, minutes } = priceFor(addOn, vehicleClass);
          return (
            <li key={addOn._id} className="flex items-start gap-3 rounded-md border p-3">
              <Checkbox
                id={boxId}
                className="mt-0.5"
                checked={chosen.has(addOn._id)}
                onChange={(event) => toggle(addOn._id, event.target.checked)}
              />
              <div className="min-w-0 flex-1">
                <Label htmlFor={boxId} className="flex flex-wrap justify-between gap-x-3 gap-y-1">
                  <span className="break-words">{addOn.name}</span>
                  <span className="whitespace-nowrap text-muted-foreground">
                    {JOB_WORDS.extraPrice(formatPrice(price, currency))} · {JOB_WORDS.extraMinutes(minutes)}
                  </span>
                </Label>
                {addOn.description ? (
                  <p className="mt-1 break-words text-muted-foreground text-xs">{addOn.description}</p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
};
