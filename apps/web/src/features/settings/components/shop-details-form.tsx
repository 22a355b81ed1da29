import { type ShopSettings, type UpdateSettingsInput, updateSettingsSchema } from '@carcare/contracts/shop-settings';
import { SETTING_LABELS, SETTING_LIMITS, SETTINGS_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { inputClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { toastError } from '@/lib/toast-message';
import { useUpdateSettingsMutation } from '../api/settings-api';
import { refusalOf, SETTINGS_SCREEN_TEXT } from '../settings-refusal';
import {
  changedDetails,
  currencyOptions,
  DETAIL_FIELDS,
  type DetailField,
  detailsOf,
  stepOptions,
  timeZoneChoices,
} from '../shop-details';

type FormValues = z.input<typeof updateSettingsSchema>;

type NumberField = Exclude<DetailField, 'businessName' | 'address' | 'phone' | 'email' | 'timeZone' | 'currency'>;

const NUMBER_FIELDS: readonly { name: Exclude<NumberField, 'slotStepMinutes'>; id: string }[] = [
  { name: 'cancellationCutoffHours', id: 'settings-cancellation-cutoff' },
  { name: 'paymentHoldMinutes', id: 'settings-payment-hold' },
  { name: 'reminderHoursBefore', id: 'settings-reminder' },
  { name: 'bookingHorizonDays', id: 'settings-horizon' },
  { name: 'minimumNoticeMinutes', id: 'settings-minimum-notice' },
];

const isDetailField = (path: string): path is DetailField => (DETAIL_FIELDS as readonly string[]).includes(path);

/**
 * The shop's name, contact, time zone, currency and booking policies. Only the settings that changed are sent;
 * the server's refusals show under the field they are about.
 */
export const ShopDetailsForm = ({ settings }: { settings: ShopSettings }) => {
  const [updateSettings] = useUpdateSettingsMutation();
  const saved = detailsOf(settings);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, UpdateSettingsInput>({
    resolver: zodResolver(updateSettingsSchema),
    defaultValues: saved,
  });

  const submit = async (values: UpdateSettingsInput) => {
    const changes = changedDetails(values, saved);
    if (Object.keys(changes).length === 0) {
      toast.info(SETTINGS_MESSAGES.unchanged);
      return;
    }
    try {
      const response = await updateSettings(changes).unwrap();
      toast.success(response.message);
      reset(detailsOf(response.data));
    } catch (error) {
      const refusal = refusalOf(error, SETTINGS_SCREEN_TEXT.saveFailed);
      for (const field of refusal.fields) {
        if (isDetailField(field.path)) setError(field.path, { message: field.message }, { shouldFocus: true });
      }
      toastError({ title: refusal.message });
    }
  };

  const text = (name: 'businessName' | 'address' | 'phone' | 'email', id: string, type = 'text') => (
    <TextField id={id} label={SETTING_LABELS[name]} type={type} error={errors[name]?.message} {...register(name)} />
  );

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-2">
      <div className="grid gap-x-4 sm:grid-cols-2">
        {text('businessName', 'settings-business-name')}
        {text('phone', 'settings-phone', 'tel')}
        {text('email', 'settings-email', 'email')}
        {text('address', 'settings-address')}
        <div>
          <Label htmlFor="settings-time-zone" className="mb-2 block">
            {SETTING_LABELS.timeZone}
          </Label>
          <input
            id="settings-time-zone"
            list="settings-time-zones"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors.timeZone ? true : undefined}
            aria-describedby="settings-time-zone-error"
            className={inputClassName}
            {...register('timeZone')}
          />
          <datalist id="settings-time-zones">
            {timeZoneChoices(settings.timeZone).map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <FieldError id="settings-time-zone-error" message={errors.timeZone?.message} className="mt-1" />
        </div>
        <Controller
          control={control}
          name="currency"
          render={({ field }) => (
            <div>
              <Label htmlFor="settings-currency" className="mb-2 block">
                {SETTING_LABELS.currency}
              </Label>
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger
                  id="settings-currency"
                  ref={field.ref}
                  aria-invalid={errors.currency ? true : undefined}
                  aria-describedby="settings-currency-error"
                  className="h-10 w-full"
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent className="max-h-64 overflow-y-auto">
                  {currencyOptions(settings.currency).map((option) => (
                    <SelectItem key={option.value} value={option.value}>
                      {option.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldError id="settings-currency-error" message={errors.currency?.message} className="mt-1" />
            </div>
          )}
        />
        {NUMBER_FIELDS.map(({ name, id }) => (
          <TextField
            key={name}
            id={id}
            label={SETTING_LABELS[name]}
            type="number"
            inputMode="numeric"
            min={SETTING_LIMITS[name].min}
            max={SETTING_LIMITS[name].max}
            step={1}
            error={errors[name]?.message}
            {...register(name, { valueAsNumber: true })}
          />
        ))}
        <Controller
          control={control}
          name="slotStepMinutes"
          render={({ field }) => (
            <div>
              <Label htmlFor="settings-slot-step" className="mb-2 block">
                {SETTING_LABELS.slotStepMinutes}
              </Label>
              <Select value={String(field.value)} onValueChange={(value) => field.onChange(Number(value))}>
                <SelectTrigger
                  id="settings-slot-step"
                  ref={field.ref}
                  aria-invalid={errors.slotStepMinutes ? true : undefined}
                  aria-describedby="settings-slot-step-error"
                  className="h-10 w-full"
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {stepOptions(settings.slotStepMinutes).map((option) => (
                    <SelectItem key={option.value} value={option.value}>
                      {option.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldError id="settings-slot-step-error" message={errors.slotStepMinutes?.message} className="mt-1" />
            </div>
          )}
        />
      </div>
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
        Save details
      </Button>
    </form>
  );
};
