import { changePasswordSchema, confirmPasswordField, withPasswordConfirmation } from '@carcare/contracts/auth';
import type { z } from 'zod';

/** PUT /auth/reset-password's rules plus a confirmation that never leaves the browser. */
export const changePasswordFormSchema = withPasswordConfirmation(
  changePasswordSchema.extend({ confirmPassword: confirmPasswordField }),
  'newPassword',
);

export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;
export type ChangePasswordFormValues = z.output<typeof changePasswordFormSchema>;
