import { type Service, type ServiceInput, serviceInputSchema } from '@carcare/contracts/services';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { inputClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { currencySymbol } from '@/lib/format-price';
import { cn } from '@/lib/utils';

type ServiceFormProps = {
  /** The service being edited; absent when adding one. */
  service?: Service;
  onSubmit: (values: ServiceInput) => Promise<void>;
  /** The business's currency, named in the price label. */
  currency: string;
};

/** What the inputs hold before the schema checks them: numbers may still be NaN (empty). */
type ServiceFormValues = z.input<typeof serviceInputSchema>;

const emptyValues: ServiceFormValues = { name: '', description: '', duration: Number.NaN, price: Number.NaN };

/** Add and edit form; its messages are the contract's (SPEC section 5, service form). */
export const ServiceForm = ({ service, onSubmit, currency }: ServiceFormProps) => {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ServiceFormValues, unknown, ServiceInput>({
    resolver: zodResolver(serviceInputSchema),
    defaultValues: service
      ? { name: service.name, description: service.description, duration: service.duration, price: service.price }
      : emptyValues,
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-2">
      <TextField id="service-name" label="Name" error={errors.name?.message} {...register('name')} />
      <div>
        <Label htmlFor="service-description" className="mb-2 block">
          Description
        </Label>
        <textarea
          id="service-description"
          rows={4}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby="service-description-error"
          className={cn(inputClassName, 'h-auto min-h-24 resize-y')}
          {...register('description')}
        />
        <FieldError id="service-description-error" message={errors.description?.message} className="mt-1" />
      </div>
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
      <DialogFooter className="pt-2">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          Save Service
        </Button>
      </DialogFooter>
    </form>
  );
};
