import { createVehicleClassSchema, type VehicleClass } from '@carcare/contracts/vehicles';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DialogFormFooter } from '@/components/forms/dialog-form-footer';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field-error';
import { inputClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { cn } from '@/lib/utils';

/** The name and description (both the add and the edit form send them), and on adding whether it is the default. */
const vehicleClassFormSchema = z.object({
  name: createVehicleClassSchema.shape.name,
  description: createVehicleClassSchema.shape.description.unwrap(),
  isDefault: z.boolean(),
});

export type VehicleClassFormValues = z.output<typeof vehicleClassFormSchema>;

type VehicleClassFormProps = {
  /** The class being edited; absent when adding one. */
  vehicleClass?: VehicleClass;
  submitLabel: string;
  onSubmit: (values: VehicleClassFormValues) => Promise<void>;
};

/** A class's name and description; the messages are the contract's. */
export const VehicleClassForm = ({ vehicleClass, submitLabel, onSubmit }: VehicleClassFormProps) => {
  const idPrefix = vehicleClass ? `vehicle-class-${vehicleClass._id}` : 'new-vehicle-class';
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof vehicleClassFormSchema>, unknown, VehicleClassFormValues>({
    resolver: zodResolver(vehicleClassFormSchema),
    defaultValues: {
      name: vehicleClass?.name ?? '',
      description: vehicleClass?.description ?? '',
      isDefault: false,
    },
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <TextField id={`${idPrefix}-name`} label="Name" error={errors.name?.message} {...register('name')} />
      <div>
        <Label htmlFor={`${idPrefix}-description`} className="mb-2 block">
          Description
        </Label>
        <textarea
          id={`${idPrefix}-description`}
          rows={3}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={`${idPrefix}-description-error`}
          className={cn(inputClassName, 'h-auto min-h-20 resize-y')}
          {...register('description')}
        />
        <FieldError id={`${idPrefix}-description-error`} message={errors.description?.message} className="mt-1" />
      </div>
      {vehicleClass ? null : (
        <div className="flex items-center gap-2">
          <Checkbox id={`${idPrefix}-default`} {...register('isDefault')} />
          <Label htmlFor={`${idPrefix}-default`} className="font-normal">
            Make it the default class
          </Label>
        </div>
      )}
      <DialogFormFooter submitLabel={submitLabel} submitting={isSubmitting} />
    </form>
  );
};
