import { ADD_ON_SCREEN } from '@carcare/contracts/add-ons-constants';
import type { VehicleClass } from '@carcare/contracts/vehicles';
import { PlusIcon, XIcon } from 'lucide-react';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { inputClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { cn } from '@/lib/utils';
import type { AddOnFormInput } from './add-on-form-schema';

type AddOnClassPricesFieldProps = {
  control: Control<AddOnFormInput>;
  register: UseFormRegister<AddOnFormInput>;
  errors: FieldErrors<AddOnFormInput>;
  /** The live classes, in the shop's order. */
  classes: readonly VehicleClass[];
  currencySign: string;
};

/** The classes that pay their own price and take their own minutes for the add-on: one row each, any number. */
export const AddOnClassPricesField = ({
  control,
  register,
  errors,
  classes,
  currencySign,
}: AddOnClassPricesFieldProps) => {
  const { fields, append, remove } = useFieldArray({ control, name: 'prices' });
  const nameOf = new Map(classes.map((each) => [each._id, each.name]));
  const firstFree = () => classes.find((each) => !fields.some((row) => row.vehicleClass === each._id));

  return (
    <fieldset aria-describedby="add-on-prices-hint" className="space-y-2">
      <legend className="font-medium text-sm leading-none">Prices by vehicle class</legend>
      <p id="add-on-prices-hint" className="text-muted-foreground text-xs">
        {ADD_ON_SCREEN.classPricesHint}
      </p>
      <ul className="space-y-3">
        {fields.map((row, index) => {
          const rowErrors = errors.prices?.[index];
          return (
            <li
              key={row.id}
              className="grid grid-cols-2 gap-x-3 gap-y-1 rounded-md border p-3 sm:grid-cols-[1fr_6rem_6rem_auto]"
            >
              <div className="col-span-2 sm:col-span-1">
                <Label htmlFor={`add-on-price-class-${index}`} className="mb-2 block">
                  Class
                </Label>
                <select
                  id={`add-on-price-class-${index}`}
                  className={cn(inputClassName, 'h-9')}
                  {...register(`prices.${index}.vehicleClass`)}
                >
                  {classes.map((each) => (
                    <option key={each._id} value={each._id}>
                      {each.name}
                    </option>
                  ))}
                </select>
                <FieldError id={`add-on-price-class-${index}-error`} message={rowErrors?.vehicleClass?.message} />
              </div>
              <TextField
                id={`add-on-price-amount-${index}`}
                label={`Price (${currencySign})`}
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                error={rowErrors?.price?.message}
                {...register(`prices.${index}.price`, { valueAsNumber: true })}
              />
              <TextField
                id={`add-on-price-minutes-${index}`}
                label="Minutes"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                error={rowErrors?.minutes?.message}
                {...register(`prices.${index}.minutes`, { valueAsNumber: true })}
              />
              <Button
                type="button"
                size="icon"
                variant="ghost"
                className="col-span-2 justify-self-end sm:col-span-1 sm:mt-7"
                aria-label={`Remove the price of ${nameOf.get(row.vehicleClass) ?? 'this class'}`}
                onClick={() => remove(index)}
              >
                <XIcon />
              </Button>
            </li>
          );
        })}
      </ul>
      <FieldError id="add-on-prices-error" message={errors.prices?.message ?? errors.prices?.root?.message} />
      {fields.length < classes.length ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => {
            const free = firstFree();
            if (free) append({ vehicleClass: free._id, price: Number.NaN, minutes: Number.NaN });
          }}
        >
          <PlusIcon aria-hidden="true" />
          Add a class price
        </Button>
      ) : null}
    </fieldset>
  );
};
