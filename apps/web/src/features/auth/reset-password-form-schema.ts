import { confirmPasswordField, recoverPasswordSchema } from '@carcare/contracts/auth';
import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import type { z } from 'zod';

/** The new password of PUT /auth/recover-password, typed twice; the token comes from the link, not the form. */
export const resetPasswordFormSchema = recoverPasswordSchema
  .pick({ newPassword: true })
  .extend({
    confirmPassword: confirmPasswordField,
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    error: AUTH_MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });

export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;
export type ResetPasswordFormValues = z.output<typeof resetPasswordFormSchema>;
