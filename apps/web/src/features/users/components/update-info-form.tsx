import type { User } from '@carcare/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { CheckboxField } from '@/components/forms/checkbox-field';
import { PhoneField } from '@/components/forms/phone-field';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { profileFormDefaults } from '../profile-changes';
import { type ProfileFormInput, type ProfileFormValues, profileFormSchema } from '../profile-form-schema';
import { ProfileImageField } from './profile-image-field';

type UpdateInfoFormProps = { user: User; onSubmit: (values: ProfileFormValues) => Promise<User | null> };

export const UpdateInfoForm = ({ user, onSubmit }: UpdateInfoFormProps) => {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileFormDefaults(user),
  });

  const submit = async (values: ProfileFormValues) => {
    const saved = await onSubmit(values);
    if (saved) reset(profileFormDefaults(saved));
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <ProfileImageField
        user={user}
        file={watch('image') ?? null}
        error={errors.image?.message}
        onSelect={(file) => setValue('image', file, { shouldDirty: true, shouldValidate: true })}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
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
      </div>
      <TextField
        id="email"
        label="Email"
        type="email"
        value={user.email}
        readOnly
        aria-readonly="true"
        className="[&_input]:bg-muted [&_input]:text-muted-foreground"
      />
      <TextField
        id="address"
        label="Address"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <PhoneField control={control} name="phone" error={errors.phone?.message} />
      <fieldset className="min-w-0 space-y-3">
        <legend className="mb-2 font-medium text-sm">Messages from the shop</legend>
        <CheckboxField
          id="textsAccepted"
          label={UI_MESSAGES.textsConsent}
          description={UI_MESSAGES.textsConsentDescription}
          {...register('textsAccepted')}
        />
        <CheckboxField
          id="reviewRequests"
          label={UI_MESSAGES.reviewRequestsConsent}
          description={UI_MESSAGES.reviewRequestsConsentDescription}
          {...register('reviewRequests')}
        />
      </fieldset>
      <Button type="submit" disabled={isSubmitting || !isDirty} className="w-full sm:w-auto">
        {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
        Update Profile
      </Button>
    </form>
  );
};
