import { ADD_ON_SCREEN } from '@carcare/contracts/add-ons-constants';
import type { ServiceName } from '@carcare/contracts/services';
import type { VehicleClass } from '@carcare/contracts/vehicles';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { CheckboxList } from '@/components/forms/checkbox-list';
import { DialogFormFooter } from '@/components/forms/dialog-form-footer';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field-error';
import { inputClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { currencySymbol } from '@/lib/format-price';
import { cn } from '@/lib/utils';
import { AddOnClassPricesField } from './add-on-class-prices-field';
import { type AddOnFormInput, type AddOnFormValues, addOnFormSchema } from './add-on-form-schema';

type AddOnFormProps = {
  defaultValues: AddOnFormInput;
  /** The live services, which the add-on may be offered with. */
  services: readonly ServiceName[];
  /** The live vehicle classes, which may have a price of their own. */
  classes: readonly VehicleClass[];
  currency: string;
  onSubmit: (values: AddOnFormValues) => Promise<void>;
};

/** An add-on's name, description, price and minutes, whether it is offered, with which services, and class prices. */
export const AddOnForm = ({ defaultValues, services, classes, currency, onSubmit }: AddOnFormProps) => {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AddOnFormInput, unknown, AddOnFormValues>({
    resolver: zodResolver(addOnFormSchema),
    defaultValues,
  });
  const sign = currencySymbol(currency);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <TextField id="add-on-name" label="Name" error={errors.name?.message} {...register('name')} />
      <div>
        <Label htmlFor="add-on-description" className="mb-2 block">
          Description
        </Label>
        <textarea
          id="add-on-description"
          rows={3}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby="add-on-description-error"
          className={cn(inputClassName, 'h-auto min-h-20 resize-y')}
          {...register('description')}
        />
        <FieldError id="add-on-description-error" message={errors.description?.message} className="mt-1" />
      </div>
      <div className="grid grid-cols-2 gap-x-4">
        <TextField
          id="add-on-price"
          label={`Price (${sign})`}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          error={errors.price?.message}
          {...register('price', { valueAsNumber: true })}
        />
        <TextField
          id="add-on-minutes"
          label="Extra minutes"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errors.minutes?.message}
          {...register('minutes', { valueAsNumber: true })}
        />
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id="add-on-active" {...register('active')} />
        <Label htmlFor="add-on-active" className="font-normal">
          Active: customers can pick it
        </Label>
      </div>
      <Controller
        control={control}
        name="services"
        render={({ field }) => (
          <CheckboxList
            id="add-on-services"
            legend="Services"
            noneMeans={ADD_ON_SCREEN.noService}
            options={services.map((service) => ({ value: service._id, label: service.name }))}
            value={field.value ?? []}
            onChange={field.onChange}
            error={errors.services?.message}
          />
        )}
      />
      <AddOnClassPricesField
        control={control}
        register={register}
        errors={errors}
        classes={classes}
        currencySign={sign}
      />
      <DialogFormFooter submitLabel="Save Add-on" submitting={isSubmitting} />
    </form>
  );
};
