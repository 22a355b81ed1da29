import { type CreateBayInput, createBaySchema } from '@carcare/contracts/bays';
import type { ServiceName } from '@carcare/contracts/services';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogFormFooter } from '@/components/forms/dialog-form-footer';
import { TextField } from '@/components/ui/text-field';
import { BayServicesField } from './bay-services-field';

type AddBayFormProps = { services: readonly ServiceName[]; onSubmit: (values: CreateBayInput) => Promise<void> };

/** A new bay's name and the services it is limited to; the messages are the contract's. */
export const AddBayForm = ({ services, onSubmit }: AddBayFormProps) => {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof createBaySchema>, unknown, CreateBayInput>({
    resolver: zodResolver(createBaySchema),
    defaultValues: { name: '', services: [] },
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <TextField id="new-bay-name" label="Name" error={errors.name?.message} {...register('name')} />
      <Controller
        control={control}
        name="services"
        render={({ field }) => (
          <BayServicesField
            id="new-bay-services"
            services={services}
            value={field.value ?? []}
            onChange={field.onChange}
            error={errors.services?.message}
          />
        )}
      />
      <DialogFormFooter submitLabel="Save Bay" submitting={isSubmitting} />
    </form>
  );
};
