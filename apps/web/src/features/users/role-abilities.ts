import type { Role } from '@carcare/contracts/users';

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', user: 'User' };

/** What each role can do, as the confirmation before a role change says it. */
export const ROLE_ABILITIES: Record<Role, string> = {
  admin:
    "An admin runs the shop: services, slots, bays and every customer's bookings, the reports and the day board, and other people's roles.",
  user: 'A user books and pays for services and manages their own bookings, reviews and profile; they cannot open the admin dashboard.',
};

/** The question the confirmation asks: 'Make Cara Customer an admin?'. */
export const roleChangeQuestion = (name: string, role: Role) =>
  `Make ${name} ${role === 'admin' ? 'an admin' : 'a user'}?`;
