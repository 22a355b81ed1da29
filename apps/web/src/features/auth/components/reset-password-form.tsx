import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import {
  type ResetPasswordFormInput,
  type ResetPasswordFormValues,
  resetPasswordFormSchema,
} from '../reset-password-form-schema';

type ResetPasswordFormProps = { onSubmit: (values: ResetPasswordFormValues) => Promise<void> };

export const ResetPasswordForm = ({ onSubmit }: ResetPasswordFormProps) => {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormInput, unknown, ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-2">
      <TextField
        id="newPassword"
        label="New Password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        id="confirmPassword"
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
        Set new password
      </Button>
    </form>
  );
};
