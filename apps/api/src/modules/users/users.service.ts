import type { Role, User } from '@carcare/contracts/users';
import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type UserRow, users } from '../../db/schema';

export type NewUser = {
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  role?: Role;
  address?: string | null;
  phone?: string | null;
};

/** The public shape of a user: never the password hash. */
export function toUserDto(user: UserRow): User {
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    address: user.address,
    phone: user.phone,
    image: user.image,
    role: user.role,
    auth: { role: user.role },
    createdAt: user.createdAt.toISOString(),
  };
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user;
}

/** Inserts a user; resolves to undefined when the email is already registered. */
export async function createUser(db: Executor, input: NewUser): Promise<UserRow | undefined> {
  const [user] = await db
    .insert(users)
    .values({ ...input, email: input.email.toLowerCase() })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return user;
}

export async function setUserRole(db: Executor, id: string, role: Role): Promise<UserRow | undefined> {
  const [user] = await db.update(users).set({ role }).where(eq(users.id, id)).returning();
  return user;
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return row?.value ?? 0;
}
