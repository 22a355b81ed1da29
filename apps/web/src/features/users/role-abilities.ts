import type { Role } from '@carcare/contracts/users';

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', staff: 'Staff', user: 'User' };

/** What each role can do, as the confirmation before a role change says it. */
export const ROLE_ABILITIES: Record<Role, string> = {
  admin:
    "An admin runs the shop: services, slots, bays and every customer's bookings, the reports and the day board, and other people's roles.",
  staff:
    'Staff run the counter and the day: the day board, every booking, customers and bookings made for them, payments at the counter, completed and no-show. Not the settings, services, prices, bays, hours, roles or the money figures.',
  user: 'A user books and pays for services and manages their own bookings, reviews and profile; they cannot open the admin dashboard.',
};

/** The question the confirmation asks: 'Make Cara Customer an admin?'. */
export const roleChangeQuestion = (name: string, role: Role) =>
  `Make ${name} ${role === 'admin' ? 'an admin' : role === 'staff' ? 'staff' : 'a user'}?`;
