import { confirmPasswordField, recoverPasswordSchema, withPasswordConfirmation } from '@carcare/contracts/auth';
import { claimAccountSchema } from '@carcare/contracts/front-desk';
import type { z } from 'zod';

/**
 * The password of POST /auth/claim typed twice, with the reset form's rules and messages, and the optional
 * email; the token comes from the link, not the form.
 */
export const claimAccountFormSchema = withPasswordConfirmation(
  recoverPasswordSchema
    .pick({ newPassword: true })
    .extend({ confirmPassword: confirmPasswordField, email: claimAccountSchema.shape.email }),
  'newPassword',
);

export type ClaimAccountFormInput = z.input<typeof claimAccountFormSchema>;
export type ClaimAccountFormValues = z.output<typeof claimAccountFormSchema>;
