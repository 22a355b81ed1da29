import { confirmPasswordField, recoverPasswordSchema, withPasswordConfirmation } from '@carcare/contracts/auth';
import type { z } from 'zod';

/** The new password of PUT /auth/recover-password, typed twice; the token comes from the link, not the form. */
export const resetPasswordFormSchema = withPasswordConfirmation(
  recoverPasswordSchema.pick({ newPassword: true }).extend({ confirmPassword: confirmPasswordField }),
  'newPassword',
);

export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;
export type ResetPasswordFormValues = z.output<typeof resetPasswordFormSchema>;
