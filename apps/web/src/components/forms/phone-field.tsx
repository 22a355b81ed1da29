import { DEFAULT_PHONE_COUNTRY } from '@carcare/contracts/auth-constants';
import { type Control, type FieldPathByValue, type FieldValues, useController } from 'react-hook-form';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { PhoneInput } from '@/components/ui/phone-input';

type PhoneFieldProps<T extends FieldValues, U> = {
  control: Control<T, unknown, U>;
  name: FieldPathByValue<T, string>;
  error?: string;
  className?: string;
};

/** The labelled phone number of a form: international format, Bangladesh by default (SPEC section 5). */
export function PhoneField<T extends FieldValues, U>({ control, name, error, className }: PhoneFieldProps<T, U>) {
  const { field } = useController({ control, name });
  return (
    <div className={className}>
      <Label htmlFor="phone" className="mb-2 block">
        Phone
      </Label>
      <PhoneInput
        id="phone"
        name={field.name}
        value={String(field.value ?? '')}
        onChange={field.onChange}
        onBlur={field.onBlur}
        defaultCountry={DEFAULT_PHONE_COUNTRY}
        invalid={Boolean(error)}
        describedBy="phone-error"
      />
      <FieldError id="phone-error" message={error} className="mt-1" />
    </div>
  );
}
