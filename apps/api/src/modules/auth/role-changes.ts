import { ROLE_CHANGES_LIMIT, type RoleChange, type RoleChangesQuery } from '@carcare/contracts/front-desk';
import type { Role } from '@carcare/contracts/users';
import { USER_MESSAGES } from '@carcare/contracts/users-constants';
import { desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { roleChanges, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { lockUser, setUserRole } from '../users/public';

const nameOf = (user: Pick<UserRow, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

/**
 * Sets the user's role and keeps the change in the audit trail (who, whom as they were named, from, to, when),
 * both or neither. A change to the role the user already has changes nothing and is not kept.
 */
export async function changeRoleAudited(db: Database, actor: UserRow, targetId: string, role: Role): Promise<UserRow> {
  return db.transaction(async (tx) => {
    // Locked: two administrators changing the same role at once each record the role they really changed from.
    const user = await lockUser(tx, targetId);
    if (!user) throw new AppError(404, USER_MESSAGES.notFound);
    if (user.role === role) return user;
    const changed = await setUserRole(tx, targetId, role);
    if (!changed) throw new AppError(404, USER_MESSAGES.notFound);
    await tx.insert(roleChanges).values({
      userId: user.id,
      userName: nameOf(user),
      userEmail: user.email ?? '',
      changedBy: actor.id,
      changedByName: nameOf(actor),
      fromRole: user.role,
      toRole: role,
    });
    return changed;
  });
}

/** The latest role changes, newest first, of one user's role when the query names them. */
export async function listRoleChanges(db: Executor, query: RoleChangesQuery): Promise<RoleChange[]> {
  const rows = await db
    .select()
    .from(roleChanges)
    .where(query.user ? eq(roleChanges.userId, query.user) : undefined)
    .orderBy(desc(roleChanges.changedAt), desc(roleChanges.id))
    .limit(ROLE_CHANGES_LIMIT);
  return rows.map((row) => ({
    _id: String(row.id),
    user: { _id: row.userId, name: row.userName, email: row.userEmail },
    changedBy: { _id: row.changedBy, name: row.changedByName },
    from: row.fromRole,
    to: row.toRole,
    changedAt: row.changedAt.toISOString(),
  }));
}
