import { z } from 'zod';
import { NEW_PASSWORD_MIN_LENGTH, AUTH_MESSAGES as USER_MESSAGES } from './auth-constants';
import { phoneNumber, requiredText } from './fields';
import { FRONT_DESK_LIMITS, FRONT_DESK_MESSAGES } from './front-desk-constants';
import { successResponse } from './http';
import { optionalQuery } from './pagination';
import { TEXT_LIMITS } from './text-limits';
import { roleSchema } from './users';

/** `GET /api/customers?q=`: customers found by name, phone, email or plate (staff and the administrator). */
export const customerSearchQuerySchema = z.object({
  q: z
    .string({ error: FRONT_DESK_MESSAGES.searchRequired })
    .trim()
    .min(1, { error: FRONT_DESK_MESSAGES.searchRequired, abort: true })
    .max(TEXT_LIMITS.searchTerm, { error: FRONT_DESK_MESSAGES.searchTooLong }),
});

export type CustomerSearchQuery = z.infer<typeof customerSearchQuerySchema>;

/** A customer as the front desk finds them: who, how to reach them, their cars, and whether they can sign in. */
export const customerSchema = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  /** Empty for a customer the shop added with a phone alone. */
  email: z.string(),
  phone: z.string().nullable(),
  /** False for a customer the shop added who has not set a password yet. */
  claimed: z.boolean(),
  /** Whether the customer has a card saved for charges the shop makes (balance, fees). */
  cardOnFile: z.boolean(),
  vehicles: z.array(
    z.object({
      _id: z.uuid(),
      make: z.string(),
      model: z.string(),
      plate: z.string().nullable(),
      vehicleClass: z.object({ _id: z.uuid(), name: z.string() }),
    }),
  ),
  createdAt: z.string(),
});

export type Customer = z.infer<typeof customerSchema>;

export const customerListResponseSchema = successResponse(z.array(customerSchema));

export const customerResponseSchema = successResponse(customerSchema);

/**
 * `POST /api/customers`: a customer the shop adds with a name and a phone (an email when they give one), with
 * no password: they claim the account later through a link.
 */
export const createCustomerSchema = z.object({
  firstName: z
    .string({ error: USER_MESSAGES.firstNameRequired })
    .trim()
    .min(1, { error: USER_MESSAGES.firstNameRequired, abort: true })
    .max(TEXT_LIMITS.personName, { error: USER_MESSAGES.firstNameTooLong }),
  lastName: z
    .string({ error: USER_MESSAGES.lastNameRequired })
    .trim()
    .min(1, { error: USER_MESSAGES.lastNameRequired, abort: true })
    .max(TEXT_LIMITS.personName, { error: USER_MESSAGES.lastNameTooLong }),
  phone: z
    .string({ error: FRONT_DESK_MESSAGES.phoneRequired })
    .trim()
    .min(1, { error: FRONT_DESK_MESSAGES.phoneRequired, abort: true })
    .max(TEXT_LIMITS.phone, { error: FRONT_DESK_MESSAGES.phoneInvalid })
    .pipe(phoneNumber(FRONT_DESK_MESSAGES.phoneInvalid)),
  email: optionalQuery(
    z
      .string({ error: USER_MESSAGES.emailInvalid })
      .trim()
      .max(TEXT_LIMITS.email, { error: USER_MESSAGES.emailTooLong })
      .pipe(z.email({ error: USER_MESSAGES.emailInvalid }))
      .transform((email) => email.toLowerCase()),
  ),
});

export type CreateCustomerInput = z.infer<typeof createCustomerSchema>;

/** `POST /api/auth/claim`: the customer the shop added sets their password from the link (and an email, if none). */
export const claimAccountSchema = z.object({
  token: z
    .string({ error: FRONT_DESK_MESSAGES.claimInvalid })
    .min(1, { error: FRONT_DESK_MESSAGES.claimInvalid })
    .max(TEXT_LIMITS.token, { error: FRONT_DESK_MESSAGES.claimInvalid }),
  password: requiredText(USER_MESSAGES.newPasswordRequired)
    .min(NEW_PASSWORD_MIN_LENGTH, { error: USER_MESSAGES.newPasswordTooShort })
    .max(TEXT_LIMITS.password, { error: USER_MESSAGES.passwordTooLong }),
  email: optionalQuery(
    z
      .string({ error: USER_MESSAGES.emailInvalid })
      .trim()
      .max(TEXT_LIMITS.email, { error: USER_MESSAGES.emailTooLong })
      .pipe(z.email({ error: USER_MESSAGES.emailInvalid }))
      .transform((email) => email.toLowerCase()),
  ),
});

export type ClaimAccountInput = z.infer<typeof claimAccountSchema>;

/** `POST /api/bookings/:id/notes`: a note for the shop's eyes only. */
export const bookingNoteInputSchema = z.object({
  body: z
    .string({ error: FRONT_DESK_MESSAGES.noteRequired })
    .trim()
    .min(1, { error: FRONT_DESK_MESSAGES.noteRequired, abort: true })
    .max(FRONT_DESK_LIMITS.note, { error: FRONT_DESK_MESSAGES.noteTooLong }),
});

export const bookingNoteSchema = z.object({
  _id: z.uuid(),
  body: z.string(),
  author: z.object({ _id: z.uuid().nullable(), name: z.string() }),
  createdAt: z.string(),
});

export type BookingNote = z.infer<typeof bookingNoteSchema>;

export const bookingNotesResponseSchema = successResponse(z.array(bookingNoteSchema));

export const bookingNoteResponseSchema = successResponse(bookingNoteSchema);

/** One change of a user's role, as the audit trail keeps it: who changed whose role, from what to what, when. */
export const roleChangeSchema = z.object({
  _id: z.string(),
  user: z.object({ _id: z.uuid().nullable(), name: z.string(), email: z.string() }),
  changedBy: z.object({ _id: z.uuid().nullable(), name: z.string() }),
  from: roleSchema,
  to: roleSchema,
  changedAt: z.string(),
});

export type RoleChange = z.infer<typeof roleChangeSchema>;

export const roleChangesResponseSchema = successResponse(z.array(roleChangeSchema));

/** How many role changes `GET /api/auth/role-changes` answers at most: the latest ones. */
export const ROLE_CHANGES_LIMIT = 100;

/** `GET /api/auth/role-changes?user=`: the latest changes, of one user's role when `user` names them. */
export const roleChangesQuerySchema = z.object({
  user: optionalQuery(z.uuid({ error: FRONT_DESK_MESSAGES.roleChangesUserInvalid })),
});

export type RoleChangesQuery = z.infer<typeof roleChangesQuerySchema>;
