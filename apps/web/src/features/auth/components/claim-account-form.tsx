import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import {
  type ClaimAccountFormInput,
  type ClaimAccountFormValues,
  claimAccountFormSchema,
} from '../claim-account-form-schema';

type ClaimAccountFormProps = { onSubmit: (values: ClaimAccountFormValues) => Promise<void> };

export const ClaimAccountForm = ({ onSubmit }: ClaimAccountFormProps) => {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ClaimAccountFormInput, unknown, ClaimAccountFormValues>({
    resolver: zodResolver(claimAccountFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '', email: '' },
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-2">
      <NewPasswordFields
        className="space-y-2"
        newPassword={register('newPassword')}
        confirmPassword={register('confirmPassword')}
        errors={{ newPassword: errors.newPassword?.message, confirmPassword: errors.confirmPassword?.message }}
      />
      <div>
        <TextField
          id="email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-describedby="email-hint email-error"
          error={errors.email?.message}
          {...register('email')}
        />
        <p id="email-hint" className="mt-1 text-muted-foreground text-xs">
          Add your email if the shop does not have it
        </p>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
        Set password and sign in
      </Button>
    </form>
  );
};
