import { changePasswordSchema, confirmPasswordField } from '@carcare/contracts/auth';
import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import type { z } from 'zod';

/** PUT /auth/reset-password's rules plus a confirmation that never leaves the browser. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({
    confirmPassword: confirmPasswordField,
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    error: AUTH_MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });

export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;
export type ChangePasswordFormValues = z.output<typeof changePasswordFormSchema>;
