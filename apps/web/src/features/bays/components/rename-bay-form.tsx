import { type UpdateBayInput, updateBaySchema } from '@carcare/contracts/bays';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogFormFooter } from '@/components/forms/dialog-form-footer';
import { TextField } from '@/components/ui/text-field';

type RenameBayFormProps = { name: string; onSubmit: (changes: UpdateBayInput) => Promise<void> };

/** The bay's name alone, checked by the update's own schema. */
export const RenameBayForm = ({ name, onSubmit }: RenameBayFormProps) => {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof updateBaySchema>, unknown, UpdateBayInput>({
    resolver: zodResolver(updateBaySchema),
    defaultValues: { name },
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <TextField id="rename-bay-name" label="Name" error={errors.name?.message} {...register('name')} />
      <DialogFormFooter submitLabel="Save Name" submitting={isSubmitting} />
    </form>
  );
};
