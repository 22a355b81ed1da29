import { registerFieldsSchema, withPasswordConfirmation } from '@carcare/contracts/auth';
import type { z } from 'zod';

/** POST /auth/register/customer's fields; a mismatched confirmation is reported with the other messages. */
export const registerFormSchema = withPasswordConfirmation(registerFieldsSchema, 'password');

export type RegisterFormInput = z.input<typeof registerFormSchema>;
