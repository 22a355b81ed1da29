import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';

type NewPasswordFieldsProps = {
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { newPassword?: string; confirmPassword?: string };
  className?: string;
};

/** A new password typed twice, as the reset and change-password forms ask for it. */
export const NewPasswordFields = ({ newPassword, confirmPassword, errors, className }: NewPasswordFieldsProps) => (
  <div className={className}>
    <TextField
      id="newPassword"
      label="New Password"
      type="password"
      autoComplete="new-password"
      error={errors.newPassword}
      {...newPassword}
    />
    <TextField
      id="confirmPassword"
      label="Confirm New Password"
      type="password"
      autoComplete="new-password"
      error={errors.confirmPassword}
      {...confirmPassword}
    />
  </div>
);
