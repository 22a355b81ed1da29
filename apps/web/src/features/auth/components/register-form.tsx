import { type RegisterInput, registerSchema } from '@carcare/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { CheckboxField } from '@/components/forms/checkbox-field';
import { PhoneField } from '@/components/forms/phone-field';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { UI_MESSAGES } from '@/lib/ui-messages';
import type { RegisterPayload } from '../api/register-customer';

type RegisterFormProps = { onSubmit: (values: RegisterPayload) => Promise<void> };

const emptyForm: RegisterInput = {
  firstName: '',
  lastName: '',
  email: '',
  address: '',
  phone: '',
  password: '',
  confirmPassword: '',
  textsAccepted: false,
};

export const RegisterForm = ({ onSubmit }: RegisterFormProps) => {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, RegisterPayload>({
    resolver: zodResolver(registerSchema),
    defaultValues: emptyForm,
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
      <TextField
        id="firstName"
        label="First Name"
        autoComplete="given-name"
        error={errors.firstName?.message}
        {...register('firstName')}
      />
      <TextField
        id="lastName"
        label="Last Name"
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...register('lastName')}
      />
      <TextField
        id="email"
        label="Email"
        type="email"
        autoComplete="email"
        className="sm:col-span-2"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="address"
        label="Address"
        autoComplete="street-address"
        className="sm:col-span-2"
        error={errors.address?.message}
        {...register('address')}
      />
      <PhoneField control={control} name="phone" error={errors.phone?.message} className="sm:col-span-2" />
      <TextField
        id="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        id="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <CheckboxField
        id="textsAccepted"
        label={UI_MESSAGES.textsConsent}
        description={UI_MESSAGES.textsConsentDescription}
        className="mt-2 sm:col-span-2"
        {...register('textsAccepted')}
      />
      <Button type="submit" size="lg" className="mt-2 w-full sm:col-span-2" disabled={isSubmitting}>
        {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
        Create Account
      </Button>
    </form>
  );
};
