import type { Bay } from '@carcare/contracts/bays';
import { BAY_MESSAGES } from '@carcare/contracts/bays-constants';
import { SERVICE_PAYMENT_MODES, type ServicePaymentMode } from '@carcare/contracts/payment-policy-constants';
import { type Service, type ServiceInput, serviceInputSchema } from '@carcare/contracts/services';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type DefaultValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CheckboxList } from '@/components/forms/checkbox-list';
import { DialogFormFooter } from '@/components/forms/dialog-form-footer';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
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

/**
 * A new service's form: its duration and price start with no value, so that their fields start empty (a NaN given
 * to a number field is a value the browser cannot parse, and says so). Left empty, they read as NaN.
 */
const emptyValues: DefaultValues<ServiceFormValues> = {
  name: '',
  description: '',
  bufferMinutes: 0,
  bays: [],
  paymentMode: 'full',
};

/** How a customer booking the service online pays, as the form offers it, with one line of help each. */
export const PAYMENT_MODE_CHOICES: Record<ServicePaymentMode, { label: string; help: string }> = {
  full: { label: 'In full', help: 'The customer pays the whole price online when booking.' },
  deposit: {
    label: 'A deposit',
    help: "The customer pays the shop's deposit online (see Settings) and the rest at the shop.",
  },
  card: {
    label: 'Nothing now, card saved',
    help: 'Nothing is taken online: the card is saved, and the job or a fee is charged to it later.',
  },
};

const valuesOf = (service: Service): ServiceFormValues => ({
  name: service.name,
  description: service.description,
  duration: service.duration,
  price: service.price,
  bufferMinutes: service.bufferMinutes,
  bays: service.bays,
  paymentMode: service.paymentMode,
});

const bayLabel = (bay: Bay) => (bay.active ? bay.name : `${bay.name} (inactive)`);

/**
 * Add and edit form: SPEC section 5's four fields, then the bay settings and how the service is paid online;
 * its messages are the contract's.
 */
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
        name="paymentMode"
        render={({ field }) => {
          const mode = field.value ?? 'full';
          return (
            <div className="min-w-0">
              <Label htmlFor="service-payment-mode" className="mb-2 block">
                Paid online
              </Label>
              <Select value={mode} onValueChange={field.onChange}>
                <SelectTrigger
                  id="service-payment-mode"
                  ref={field.ref}
                  aria-invalid={errors.paymentMode ? true : undefined}
                  aria-describedby={
                    errors.paymentMode
                      ? 'service-payment-mode-help service-payment-mode-error'
                      : 'service-payment-mode-help'
                  }
                  className="h-auto min-h-10 w-full min-w-0 whitespace-normal text-left"
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {SERVICE_PAYMENT_MODES.map((choice) => (
                    <SelectItem key={choice} value={choice}>
                      {PAYMENT_MODE_CHOICES[choice].label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <p id="service-payment-mode-help" className="mt-1 text-muted-foreground text-sm">
                {PAYMENT_MODE_CHOICES[mode].help}
              </p>
              <FieldError id="service-payment-mode-error" message={errors.paymentMode?.message} className="mt-1" />
            </div>
          );
        }}
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
