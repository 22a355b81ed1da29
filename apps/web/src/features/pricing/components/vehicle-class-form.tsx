import { createVehicleClassSchema, type VehicleClass } from '@carcare/contracts/vehicles';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DialogFormFooter } from '@/components/forms/dialog-form-footer';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';

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
      <TextAreaField
        id={`${idPrefix}-description`}
        label="Description"
        rows={3}
        className="min-h-20"
        error={errors.description?.message}
        {...register('description')}
      />
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
