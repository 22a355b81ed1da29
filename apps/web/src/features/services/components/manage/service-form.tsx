import type { Bay } from '@carcare/contracts/bays';
import { BAY_MESSAGES } from '@carcare/contracts/bays-constants';
import { type Service, type ServiceInput, serviceInputSchema } from '@carcare/contracts/services';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CheckboxList } from '@/components/forms/checkbox-list';
import { DialogFormFooter } from '@/components/forms/dialog-form-footer';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { currencySymbol } from '@/lib/format-price';

type ServiceFormProps = {
  /** The service being edited; absent when adding one. */
  service?: Service;
  onSubmit: (values: ServiceInput) => Promise<void>;
  /** The business's currency, named in the price label. */
  currency: string;
  /** The shop's bays, which the service may be limited to. */
  bays: readonly Bay[];
  /** Said instead of the bay list while it cannot be offered (loading, a failed fetch). */
  baysStatus?: string;
};

/** What the inputs hold before the schema checks them: numbers may still be NaN (empty). */
type ServiceFormValues = z.input<typeof serviceInputSchema>;

const emptyValues: ServiceFormValues = {
  name: '',
  description: '',
  duration: Number.NaN,
  price: Number.NaN,
  bufferMinutes: 0,
  bays: [],
};

const valuesOf = (service: Service): ServiceFormValues => ({
  name: service.name,
  description: service.description,
  duration: service.duration,
  price: service.price,
  bufferMinutes: service.bufferMinutes,
  bays: service.bays,
});

const bayLabel = (bay: Bay) => (bay.active ? bay.name : `${bay.name} (inactive)`);

/** Add and edit form: SPEC section 5's four fields, then the bay settings; its messages are the contract's. */
export const ServiceForm = ({ service, onSubmit, currency, bays, baysStatus }: ServiceFormProps) => {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ServiceFormValues, unknown, ServiceInput>({
    resolver: zodResolver(serviceInputSchema),
    defaultValues: service ? valuesOf(service) : emptyValues,
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-2">
      <TextField id="service-name" label="Name" error={errors.name?.message} {...register('name')} />
      <TextAreaField
        id="service-description"
        label="Description"
        rows={4}
        className="min-h-24"
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          id="service-duration"
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errors.duration?.message}
          {...register('duration', { valueAsNumber: true })}
        />
        <TextField
          id="service-price"
          label={`Price (${currencySymbol(currency)})`}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          error={errors.price?.message}
          {...register('price', { valueAsNumber: true })}
        />
      </div>
      <TextField
        id="service-buffer"
        label="Buffer (minutes)"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        error={errors.bufferMinutes?.message}
        {...register('bufferMinutes', { valueAsNumber: true })}
      />
      <Controller
        control={control}
        name="bays"
        render={({ field }) => (
          <CheckboxList
            id="service-bays"
            legend="Bays"
            noneMeans={BAY_MESSAGES.anyBay}
            options={bays.map((bay) => ({ value: bay._id, label: bayLabel(bay) }))}
            value={field.value ?? []}
            onChange={field.onChange}
            status={baysStatus}
            error={errors.bays?.message}
          />
        )}
      />
      <DialogFormFooter submitLabel="Save Service" submitting={isSubmitting} className="pt-2" />
    </form>
  );
};
