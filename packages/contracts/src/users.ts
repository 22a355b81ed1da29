import { z } from 'zod';
import { phoneNumber } from './fields';
import { listResponse, successResponse } from './http';
import { optionalQuery, pageQuery } from './pagination';
import { ROLES } from './session-constants';
import { TEXT_LIMITS } from './text-limits';
import { TEXT_MESSAGES } from './texts-constants';
import { USER_MESSAGES } from './users-constants';

export const roleSchema = z.enum(ROLES, { error: 'Role must be admin, staff or user' });

export type Role = z.infer<typeof roleSchema>;

/** A user as every endpoint returns it; `auth.role` repeats `role` for clients that read it there. */
export const userSchema = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
  role: roleSchema,
  auth: z.object({ role: roleSchema }),
  createdAt: z.string(),
  /** The customer agreed to texts about their bookings. */
  textsAccepted: z.boolean(),
  /** The customer asked not to be asked for reviews. */
  reviewRequestsOff: z.boolean(),
});

export type User = z.infer<typeof userSchema>;

/** `PUT /api/user/update`: only the fields that changed; email and role are not the caller's to change here. */
export const updateProfileSchema = z
  .object({
    firstName: z
      .string({ error: USER_MESSAGES.firstNameRequired })
      .trim()
      .min(1, { error: USER_MESSAGES.firstNameRequired })
      .max(TEXT_LIMITS.personName, { error: USER_MESSAGES.firstNameTooLong })
      .optional(),
    lastName: z
      .string({ error: USER_MESSAGES.lastNameRequired })
      .trim()
      .min(1, { error: USER_MESSAGES.lastNameRequired })
      .max(TEXT_LIMITS.personName, { error: USER_MESSAGES.lastNameTooLong })
      .optional(),
    address: z.string().trim().max(TEXT_LIMITS.address, { error: USER_MESSAGES.addressTooLong }).nullable().optional(),
    phone: z
      .string()
      .trim()
      .max(TEXT_LIMITS.phone, { error: USER_MESSAGES.phoneTooLong })
      .pipe(phoneNumber(USER_MESSAGES.phoneInvalid, { emptyClears: true }))
      .nullable()
      .optional(),
    textsAccepted: z.boolean({ error: TEXT_MESSAGES.textsAcceptedInvalid }).optional(),
    reviewRequestsOff: z.boolean({ error: TEXT_MESSAGES.reviewRequestsOffInvalid }).optional(),
    email: z.never({ error: USER_MESSAGES.emailOrRoleLocked }).optional(),
    role: z.never({ error: USER_MESSAGES.emailOrRoleLocked }).optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: USER_MESSAGES.nothingToUpdate,
  });

export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const userListQuerySchema = z.object({
  searchTerm: optionalQuery(z.string().trim().max(TEXT_LIMITS.searchTerm, { error: USER_MESSAGES.searchTooLong })),
  ...pageQuery,
});

export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userResponseSchema = successResponse(userSchema);

export const userListResponseSchema = listResponse(userSchema);
