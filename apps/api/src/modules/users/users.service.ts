import type { Role, User } from '@carcare/contracts/users';
import { USER_MESSAGES } from '@carcare/contracts/users-constants';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { onePerHandle } from '../../db/one-per-handle';
import { prepared } from '../../db/prepared';
import { type UserRow, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { readsByKey } from '../../lib/batching-queue';
import { containsPattern } from '../../lib/search';
import { imageUrlFor } from '../../lib/uploads';

export type NewUser = {
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  role?: Role;
  address?: string | null;
  phone?: string | null;
  /** The customer agreed to texts about their bookings as they registered. */
  textsAccepted?: boolean;
};

/**
 * The public shape of a user: never the password hash. `siteUrl` (the site's address, `app.siteUrlFor`) makes
 * the path of a stored image absolute.
 */
export function toUserDto(user: UserRow, siteUrl: string): User {
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    // Empty for a customer the shop added with a phone alone: the field has always been a string.
    email: user.email ?? '',
    address: user.address,
    phone: user.phone,
    image: imageUrlFor(user.image, siteUrl),
    role: user.role,
    auth: { role: user.role },
    createdAt: user.createdAt.toISOString(),
    textsAccepted: user.textsAcceptedAt !== null,
    reviewRequestsOff: user.reviewRequestsOff,
  };
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const statement = prepared(db, 'find_user_by_id', (handle) =>
    handle
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('find_user_by_id'),
  );
  const [user] = await statement.execute({ id });
  return user;
}

/**
 * The user a signed-in request names, read afresh for each request, so that a role changed or a user removed
 * counts at once: while a read is under way, the next ones queue and go together, up to 50 in one statement
 * (decision 061). Each is read after its request arrived, as a read of its own would be.
 */
export function findSignedInUser(db: Executor, id: string): Promise<UserRow | undefined> {
  return signedInReadsOf(db)(id);
}

const signedInReadsOf = onePerHandle((db: Executor) =>
  readsByKey<UserRow | undefined>({
    single: (id) => findUserById(db, id),
    many: async (ids) =>
      new Map((await db.select().from(users).where(inArray(users.id, ids))).map((row) => [row.id, row])),
    missing: undefined,
  }),
);

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user;
}

/** Inserts a user; resolves to undefined when the email is already registered. */
export async function createUser(db: Executor, input: NewUser): Promise<UserRow | undefined> {
  const { textsAccepted, ...row } = input;
  const [user] = await db
    .insert(users)
    .values({ ...row, email: input.email.toLowerCase(), textsAcceptedAt: textsAccepted ? new Date() : null })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return user;
}

/** The user, locked until the transaction ends so that a change made from what was read cannot race another. */
export async function lockUser(tx: Executor, id: string): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('no key update');
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

/** Users for the admin grid; without a search the caller comes first, as the grid shows them first. */
export async function listUsers(
  db: Executor,
  query: { searchTerm?: string; page: number; limit: number },
  callerId: string,
) {
  const where = query.searchTerm
    ? or(
        ilike(users.email, containsPattern(query.searchTerm)),
        ilike(users.firstName, containsPattern(query.searchTerm)),
        ilike(users.lastName, containsPattern(query.searchTerm)),
      )
    : undefined;
  const order = query.searchTerm
    ? [desc(users.createdAt), desc(users.id)]
    : [desc(sql`${users.id} = ${callerId}`), desc(users.createdAt), desc(users.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { users: rows, totalDoc: total?.value ?? 0 };
}

export async function updateProfile(
  db: Executor,
  id: string,
  changes: {
    firstName?: string;
    lastName?: string;
    address?: string | null;
    phone?: string | null;
    /** Yes keeps the first time they said so (the consent's date); no clears it. */
    textsAccepted?: boolean;
    reviewRequestsOff?: boolean;
  },
): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({
      firstName: changes.firstName,
      lastName: changes.lastName,
      address: changes.address === '' ? null : changes.address,
      phone: changes.phone === '' ? null : changes.phone,
      textsAcceptedAt:
        changes.textsAccepted === undefined
          ? undefined
          : changes.textsAccepted
            ? sql`coalesce(${users.textsAcceptedAt}, now())`
            : null,
      reviewRequestsOff: changes.reviewRequestsOff,
    })
    .where(eq(users.id, id))
    .returning();
  if (!user) throw new AppError(404, USER_MESSAGES.notFound);
  return user;
}

/**
 * The user's profile image, their row locked until the transaction ends: changes of one user's image are
 * made one after another, on any instance. 404 when there is no such user.
 */
export async function lockProfileImage(tx: Executor, id: string): Promise<string | null> {
  const [user] = await tx.select({ image: users.image }).from(users).where(eq(users.id, id)).for('no key update');
  if (!user) throw new AppError(404, USER_MESSAGES.notFound);
  return user.image;
}

/** Points the user at a stored image (see `replaceProfileImage` for what becomes of the one it replaces). */
export async function setProfileImage(db: Executor, id: string, image: string): Promise<UserRow> {
  const [user] = await db.update(users).set({ image }).where(eq(users.id, id)).returning();
  if (!user) throw new AppError(404, USER_MESSAGES.notFound);
  return user;
}

export async function setPasswordHash(db: Executor, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/** Replaces the password hash only while it is still `from`: a rehash never undoes a password changed meanwhile. */
export async function replacePasswordHash(db: Executor, id: string, from: string, to: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: to })
    .where(and(eq(users.id, id), eq(users.passwordHash, from)));
}

/** Customers (not administrators) whose accounts were made in each of the periods `[start, end)`. */
export async function countNewCustomers(db: Executor, periods: Array<{ start: Date; end: Date }>): Promise<number[]> {
  return Promise.all(
    periods.map(async ({ start, end }) => {
      const [row] = await db
        .select({ total: count() })
        .from(users)
        .where(and(eq(users.role, 'user'), gte(users.createdAt, start), lt(users.createdAt, end)));
      return row?.total ?? 0;
    }),
  );
}
