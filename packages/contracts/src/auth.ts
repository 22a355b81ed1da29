import { isValidPhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';
import { emailField, requiredText } from './fields';
import { successResponse } from './http';
import { roleSchema, userSchema } from './users';

export const REFRESH_TOKEN_COOKIE = 'refreshToken';
export const REFRESH_TOKEN_DAYS = 30;
export const ACCESS_TOKEN_MINUTES = 15;
/** Where the web app keeps `{ user, token, isLoading }`. */
export const AUTH_STORAGE_KEY = 'auth';
/** Cookie holding the path a visitor was sent away from by a guard. */
export const REDIRECT_COOKIE = 'redirect';
export const DEFAULT_PHONE_COUNTRY = 'BD';
export const PASSWORD_MAX_LENGTH = 128;

export const AUTH_MESSAGES = {
  emailRequired: '* Email is required',
  emailInvalid: '* Invalid email address',
  passwordRequired: '* Password is required',
  passwordTooLong: `* Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  firstNameRequired: '* First name is required',
  lastNameRequired: '* Last name is required',
  addressRequired: '* Address is required',
  confirmPasswordRequired: '* Confirm password is required',
  passwordsMustMatch: '* Passwords must match',
  phoneRequired: 'Contact number is required',
  phoneInvalid: 'Invalid phone number',
  // Outcomes the server reports and the web app shows.
  loggedIn: 'Successfully logged in',
  loggedInDescription: 'Welcome back!',
  registered: 'Successfully registered',
  registeredDescription: 'Now please log in',
  loggedOut: 'Successfully logged out',
  tokenRefreshed: 'Token refreshed',
  authState: 'Signed in',
  unknownEmail: 'Invalid email address',
  noAccount: 'No account found with this email',
  unknownEmailDescription: 'Please enter a valid one',
  wrongPassword: "Password didn't match",
  wrongPasswordDescription: 'Please try to remember your password',
  emailTaken: 'An account with this email already exists',
  sessionExpired: 'Your session has expired, please log in again',
  roleUpdated: (role: string) => `Successfully updated user role to ${role}`,
  ownRole: 'You cannot change your own role',
  userNotFound: 'User not found',
  unknownError: 'Unknown error occurred',
  somethingWrong: 'Something went wrong',
} as const;

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

export const registerSchema = z
  .object({
    firstName: requiredText(AUTH_MESSAGES.firstNameRequired),
    lastName: requiredText(AUTH_MESSAGES.lastNameRequired),
    email: emailField(AUTH_MESSAGES.emailRequired, AUTH_MESSAGES.emailInvalid),
    address: requiredText(AUTH_MESSAGES.addressRequired),
    password: passwordField,
    confirmPassword: z
      .string({ error: AUTH_MESSAGES.confirmPasswordRequired })
      .min(1, AUTH_MESSAGES.confirmPasswordRequired),
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
