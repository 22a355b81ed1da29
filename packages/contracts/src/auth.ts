import { z } from 'zod';
import { AUTH_MESSAGES, NEW_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from './auth-constants';
import { boundedText, emailField, phoneNumber, requiredText } from './fields';
import { errorResponseSchema, successResponse } from './http';
import { TEXT_LIMITS } from './text-limits';
import { TEXT_MESSAGES } from './texts-constants';
import { roleSchema, userSchema } from './users';

const passwordField = boundedText(AUTH_MESSAGES.passwordRequired, PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

const authEmailField = emailField({
  required: AUTH_MESSAGES.emailRequired,
  invalid: AUTH_MESSAGES.emailInvalid,
  tooLong: AUTH_MESSAGES.emailTooLong,
});

export const loginSchema = z.object({
  email: authEmailField,
  password: passwordField,
});

export type LoginInput = z.input<typeof loginSchema>;

const phoneField = boundedText(AUTH_MESSAGES.phoneRequired, TEXT_LIMITS.phone, AUTH_MESSAGES.phoneTooLong).pipe(
  phoneNumber(AUTH_MESSAGES.phoneInvalid),
);

/** A password typed a second time; forms compare it with the first. */
export const confirmPasswordField = z
  .string({ error: AUTH_MESSAGES.confirmPasswordRequired })
  .min(1, { error: AUTH_MESSAGES.confirmPasswordRequired })
  .max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.passwordTooLong });

/**
 * Fields plus "the confirmation repeats the password", checked even when other fields fail, so that a form
 * (and the API's answer) names every problem at once. Zod skips an object's own refinements once one of its
 * fields has aborted (a blank required field does), so the rule runs beside the fields rather than after
 * them: an intersection with a check of the raw input that adds no value of its own.
 */
export const withPasswordConfirmation = <
  Fields extends z.ZodObject,
  PasswordKey extends keyof Fields['shape'] & string,
>(
  fields: Fields,
  passwordKey: PasswordKey,
) =>
  z.intersection(
    fields,
    // The raw input, read and kept by the fields' side alone: this side only compares two of them, and its
    // value is always `{}`, so that it merges with whatever the fields make of the input (a lower-cased email).
    z.custom<unknown>().transform((input, ctx) => {
      if (typeof input !== 'object' || input === null) return {};
      const values: Record<string, unknown> = { ...input };
      const password = values[passwordKey];
      const confirmation = values.confirmPassword;
      if (typeof password !== 'string' || typeof confirmation !== 'string') return {};
      // Blank fields have their own "required" messages. The password field keeps its text trimmed and the
      // confirmation does not: compare them as the server will.
      const kept = password.trim();
      if (kept !== '' && confirmation !== '' && kept !== confirmation) {
        ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.passwordsMustMatch, path: ['confirmPassword'] });
      }
      return {};
    }),
  );

/** The registration fields, before the confirmation is compared with the password. */
const registerFieldsSchema = z.object({
  firstName: boundedText(AUTH_MESSAGES.firstNameRequired, TEXT_LIMITS.personName, AUTH_MESSAGES.firstNameTooLong),
  lastName: boundedText(AUTH_MESSAGES.lastNameRequired, TEXT_LIMITS.personName, AUTH_MESSAGES.lastNameTooLong),
  email: authEmailField,
  address: boundedText(AUTH_MESSAGES.addressRequired, TEXT_LIMITS.address, AUTH_MESSAGES.addressTooLong),
  password: passwordField,
  confirmPassword: confirmPasswordField,
  phone: phoneField,
  /** The customer agrees to texts about their bookings (to the phone given). */
  textsAccepted: z.boolean({ error: TEXT_MESSAGES.textsAcceptedInvalid }).optional(),
});

/** `POST /api/auth/register/customer`, and the registration form. */
export const registerSchema = withPasswordConfirmation(registerFieldsSchema, 'password');

export type RegisterInput = z.input<typeof registerSchema>;

export const sessionResponseSchema = successResponse(userSchema).extend({
  accessToken: z.string(),
  refreshToken: z.string(),
});

/** Login and registration answer with a session, or (SPEC section 8) a `success: false` message. */
export const sessionOrFailureResponseSchema = z.union([sessionResponseSchema, errorResponseSchema]);

/**
 * `data` holds the new tokens and the user, and repeats the user's own fields beside them: clients written
 * against SPEC.md read `data.accessToken` and store `data` itself as the user.
 */
export const refreshResponseSchema = successResponse(
  userSchema.extend({ accessToken: z.string(), refreshToken: z.string(), user: userSchema }),
);

export const authStateResponseSchema = successResponse(userSchema);

export type AuthStateResponse = z.infer<typeof authStateResponseSchema>;

export const updateRoleSchema = z.object({ role: roleSchema });

export type UpdateRoleInput = z.infer<typeof updateRoleSchema>;

export const updateRoleResponseSchema = successResponse(userSchema);

const newPasswordField = requiredText(AUTH_MESSAGES.newPasswordRequired)
  .min(NEW_PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.newPasswordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.passwordTooLong });

/** `PUT /api/auth/reset-password`: a signed-in user changes their password. */
export const changePasswordSchema = z.object({
  oldPassword: boundedText(AUTH_MESSAGES.oldPasswordRequired, PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
  newPassword: newPasswordField,
});

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.object({
  email: authEmailField,
});

/** `PUT /api/auth/recover-password`: the token from the emailed link and the new password. */
export const recoverPasswordSchema = z.object({
  token: boundedText(AUTH_MESSAGES.resetTokenRequired, TEXT_LIMITS.token, AUTH_MESSAGES.resetTokenInvalid),
  newPassword: newPasswordField,
});

/**
 * `PUT /api/auth/reset-password`: a signed-in user's change of password (`oldPassword`, `newPassword`),
 * or SPEC's "reset payload" from clients that reset here what our web app resets at /recover-password: an
 * emailed link's `token` and a new password. One object, so that every refusal names its field.
 */
export const resetPasswordSchema = z
  .object({
    token: recoverPasswordSchema.shape.token.optional(),
    oldPassword: changePasswordSchema.shape.oldPassword.optional(),
    newPassword: newPasswordField,
  })
  .transform(({ token, oldPassword, newPassword }, context) => {
    if (token !== undefined) return { token, newPassword };
    if (oldPassword === undefined) {
      context.addIssue({ code: 'custom', path: ['oldPassword'], message: AUTH_MESSAGES.oldPasswordRequired });
      return z.NEVER;
    }
    return { oldPassword, newPassword };
  });
