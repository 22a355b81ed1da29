import { isValidPhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';
import { AUTH_MESSAGES, NEW_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from './auth-constants';
import { emailField, requiredText } from './fields';
import { successResponse } from './http';
import { roleSchema, userSchema } from './users';

const passwordField = requiredText(AUTH_MESSAGES.passwordRequired).max(
  PASSWORD_MAX_LENGTH,
  AUTH_MESSAGES.passwordTooLong,
);

export const loginSchema = z.object({
  email: emailField(AUTH_MESSAGES.emailRequired, AUTH_MESSAGES.emailInvalid),
  password: passwordField,
});

export type LoginInput = z.input<typeof loginSchema>;

export const phoneField = requiredText(AUTH_MESSAGES.phoneRequired).refine((phone) => isValidPhoneNumber(phone), {
  error: AUTH_MESSAGES.phoneInvalid,
});

/** A password typed a second time; forms compare it with the first. */
export const confirmPasswordField = z
  .string({ error: AUTH_MESSAGES.confirmPasswordRequired })
  .min(1, { error: AUTH_MESSAGES.confirmPasswordRequired });

export const registerSchema = z
  .object({
    firstName: requiredText(AUTH_MESSAGES.firstNameRequired),
    lastName: requiredText(AUTH_MESSAGES.lastNameRequired),
    email: emailField(AUTH_MESSAGES.emailRequired, AUTH_MESSAGES.emailInvalid),
    address: requiredText(AUTH_MESSAGES.addressRequired),
    password: passwordField,
    confirmPassword: confirmPasswordField,
    phone: phoneField,
  })
  .refine((input) => input.password === input.confirmPassword, {
    error: AUTH_MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
    // Only compare once both passwords are there; the required messages speak otherwise.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null && 'password' in payload.value,
  });

export type RegisterInput = z.input<typeof registerSchema>;

export const sessionResponseSchema = successResponse(userSchema).extend({
  accessToken: z.string(),
  refreshToken: z.string(),
});

export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const refreshResponseSchema = successResponse(
  z.object({ accessToken: z.string(), refreshToken: z.string(), user: userSchema }),
);

export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const authStateResponseSchema = successResponse(userSchema);

export const updateRoleSchema = z.object({ role: roleSchema });

export type UpdateRoleInput = z.infer<typeof updateRoleSchema>;

export const updateRoleResponseSchema = successResponse(userSchema);

const newPasswordField = requiredText(AUTH_MESSAGES.newPasswordRequired)
  .min(NEW_PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.newPasswordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.passwordTooLong });

/** `PUT /api/auth/reset-password`: a signed-in user changes their password. */
export const changePasswordSchema = z.object({
  oldPassword: requiredText(AUTH_MESSAGES.oldPasswordRequired),
  newPassword: newPasswordField,
});

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.object({
  email: emailField(AUTH_MESSAGES.emailRequired, AUTH_MESSAGES.emailInvalid),
});

/** `PUT /api/auth/recover-password`: the token from the emailed link and the new password. */
export const recoverPasswordSchema = z.object({
  token: requiredText(AUTH_MESSAGES.resetTokenRequired).max(200, { error: AUTH_MESSAGES.resetTokenInvalid }),
  newPassword: newPasswordField,
});
