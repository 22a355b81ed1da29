import { ADD_ON_SCREEN } from '@carcare/contracts/add-ons-constants';
import type { ServiceName } from '@carcare/contracts/services';
import type { VehicleClass } from '@carcare/contracts/vehicles';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type DefaultValues, useForm } from 'react-hook-form';
import { CheckboxList } from '@/components/forms/checkbox-list';
import { DialogFormFooter } from '@/components/forms/dialog-form-footer';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { currencySymbol } from '@/lib/format-price';
import { AddOnClassPricesField } from './add-on-class-prices-field';
import { type AddOnFormInput, type AddOnFormValues, addOnFormSchema } from './add-on-form-schema';

type AddOnFormProps = {
  defaultValues: DefaultValues<AddOnFormInput>;
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
      <TextAreaField
        id="add-on-description"
        label="Description"
        rows={3}
        className="min-h-20"
        error={errors.description?.message}
        {...register('description')}
      />
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
