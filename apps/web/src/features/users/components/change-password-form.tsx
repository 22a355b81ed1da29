import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import {
  type ChangePasswordFormInput,
  type ChangePasswordFormValues,
  changePasswordFormSchema,
} from '../change-password-form-schema';

type ChangePasswordFormProps = { onSubmit: (values: ChangePasswordFormValues) => Promise<boolean> };

const emptyForm: ChangePasswordFormInput = { oldPassword: '', newPassword: '', confirmPassword: '' };

export const ChangePasswordForm = ({ onSubmit }: ChangePasswordFormProps) => {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormInput, unknown, ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: emptyForm,
  });

  const submit = async (values: ChangePasswordFormValues) => {
    if (await onSubmit(values)) reset(emptyForm);
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-2">
      <TextField
        id="oldPassword"
        label="Current Password"
        type="password"
        autoComplete="current-password"
        error={errors.oldPassword?.message}
        {...register('oldPassword')}
      />
      <NewPasswordFields
        className="grid gap-x-4 sm:grid-cols-2"
        newPassword={register('newPassword')}
        confirmPassword={register('confirmPassword')}
        errors={{ newPassword: errors.newPassword?.message, confirmPassword: errors.confirmPassword?.message }}
      />
      <Button type="submit" variant="secondary" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
        Change Password
      </Button>
    </form>
  );
};
