import type { ServiceName } from '@carcare/contracts/services';
import { type CreateSlotsInput, createSlotsSchema } from '@carcare/contracts/slots';
import { SLOT_TIME_OPTIONS } from '@carcare/contracts/slots-constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { firstSlotFormError } from '../slot-form-error';
import { OptionSelect } from './option-select';
import { SlotDatePicker } from './slot-date-picker';

const TIME_OPTIONS = SLOT_TIME_OPTIONS.map((time) => ({ value: time, label: time }));

type CreateSlotFormProps = {
  services: readonly ServiceName[];
  onSubmit: (values: CreateSlotsInput) => Promise<void>;
  onCancel: () => void;
};

/** Service, day, start and end; one message at a time, in SPEC section 5's order. */
export const CreateSlotForm = ({ services, onSubmit, onCancel }: CreateSlotFormProps) => {
  const {
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CreateSlotsInput>({
    resolver: zodResolver(createSlotsSchema),
    defaultValues: { service: '', date: '', startTime: '', endTime: '' },
  });
  const error = firstSlotFormError(errors);
  const serviceOptions = services.map((service) => ({ value: service._id, label: service.name }));

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor="slot-service">Service</Label>
        <Controller
          control={control}
          name="service"
          render={({ field }) => (
            <OptionSelect
              id="slot-service"
              value={field.value}
              onChange={field.onChange}
              options={serviceOptions}
              placeholder="Select a service"
            />
          )}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="slot-date">Date</Label>
        <Controller
          control={control}
          name="date"
          render={({ field }) => <SlotDatePicker id="slot-date" value={field.value} onChange={field.onChange} />}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="slot-start">Start Time</Label>
          <Controller
            control={control}
            name="startTime"
            render={({ field }) => (
              <OptionSelect
                id="slot-start"
                value={field.value}
                onChange={field.onChange}
                options={TIME_OPTIONS}
                placeholder="Start"
              />
            )}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor="slot-end">End Time</Label>
          <Controller
            control={control}
            name="endTime"
            render={({ field }) => (
              <OptionSelect
                id="slot-end"
                value={field.value}
                onChange={field.onChange}
                options={TIME_OPTIONS}
                placeholder="End"
              />
            )}
          />
        </div>
      </div>
      <FieldError id="slot-form-error" message={error ?? undefined} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          Create Slot
        </Button>
      </div>
    </form>
  );
};
