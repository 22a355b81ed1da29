import { changePasswordSchema } from '@carcare/contracts/auth';
import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { z } from 'zod';

/** PUT /auth/reset-password's rules plus a confirmation that never leaves the browser. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({
    confirmPassword: z
      .string({ error: AUTH_MESSAGES.confirmPasswordRequired })
      .min(1, { error: AUTH_MESSAGES.confirmPasswordRequired }),
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    error: AUTH_MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });

export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;
export type ChangePasswordFormValues = z.output<typeof changePasswordFormSchema>;
