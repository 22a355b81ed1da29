import { z } from 'zod';

export const ROLES = ['admin', 'user'] as const;
export const roleSchema = z.enum(ROLES, { error: 'Role must be admin or user' });
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
});
export type User = z.infer<typeof userSchema>;
