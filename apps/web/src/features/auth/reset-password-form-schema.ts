import { recoverPasswordSchema } from '@carcare/contracts/auth';
import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { z } from 'zod';

/** The new password of PUT /auth/recover-password, typed twice; the token comes from the link, not the form. */
export const resetPasswordFormSchema = recoverPasswordSchema
  .pick({ newPassword: true })
  .extend({
    confirmPassword: z
      .string({ error: AUTH_MESSAGES.confirmPasswordRequired })
      .min(1, { error: AUTH_MESSAGES.confirmPasswordRequired }),
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    error: AUTH_MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });

export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;
export type ResetPasswordFormValues = z.output<typeof resetPasswordFormSchema>;
