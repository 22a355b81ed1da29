import { ACCESS_TOKEN_MINUTES } from '@carcare/contracts/auth-constants';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client';
import { onePerHandle } from '../../db/one-per-handle';
import { prepared } from '../../db/prepared';
import { refreshTokens, sessions } from '../../db/schema';
import { readsByKey } from '../../lib/batching-queue';
import type { SessionCheck } from '../../plugins/auth';

const SESSION_CHECK_MAX_ENTRIES = 100_000;

/**
 * Starts a session for a sign-in and returns its id, which its tokens carry. `rotates` false: its refresh
 * token is kept for its whole life instead of being replaced at each refresh (decision 015).
 */
export async function openSession(db: Executor, userId: string, { rotates } = { rotates: true }): Promise<string> {
  const [session] = await db.insert(sessions).values({ userId, rotates }).returning({ id: sessions.id });
  if (!session) throw new Error('session was not stored');
  return session.id;
}

/** Revokes sessions and every refresh token of theirs; returns the ids of those that were still live. */
async function revokeWhere(db: Executor, where: ReturnType<typeof and>): Promise<string[]> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(where, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  const ids = revoked.map((session) => session.id);
  if (ids.length > 0) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(inArray(refreshTokens.familyId, ids), isNull(refreshTokens.revokedAt)));
  }
  return ids;
}

/** Revokes a session; with `userId`, only if it is that user's (an access token's session must be its subject's). */
export const revokeSession = (db: Executor, sessionId: string, userId?: string) =>
  revokeWhere(db, userId ? and(eq(sessions.id, sessionId), eq(sessions.userId, userId)) : eq(sessions.id, sessionId));

/** Every session of the user but `keep` (the caller's own, when it is the one asking). */
export const revokeUserSessions = (db: Executor, userId: string, keep?: string) =>
  revokeWhere(db, keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));

/** Who a live session belongs to; `null` for one revoked or unknown. */
async function liveSessionOwner(db: Executor, sessionId: string): Promise<string | null> {
  const statement = prepared(db, 'find_session_owner', (handle) =>
    handle
      .select({ userId: sessions.userId, revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.id, sql.placeholder('id')))
      .limit(1)
      .prepare('find_session_owner'),
  );
  const [session] = await statement.execute({ id: sessionId });
  return session && session.revokedAt === null ? session.userId : null;
}

/**
 * Sessions' owners, read as `liveSessionOwner` reads one: while a read is under way, the next ones queue and go
 * together, up to 50 in one statement (decision 061). A rush of signed-in requests, whose sessions this instance
 * has not checked yet, then leaves the pool's connections to the work they came for.
 */
const ownerReadsOf = onePerHandle((db: Executor) =>
  readsByKey<string | null>({
    single: (id) => liveSessionOwner(db, id),
    many: async (ids) => {
      const rows = await db
        .select({ id: sessions.id, userId: sessions.userId, revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(inArray(sessions.id, ids));
      return new Map(rows.map((row) => [row.id, row.revokedAt === null ? row.userId : null]));
    },
    missing: null,
  }),
);

/**
 * A cached revocation check: signed-in requests do not each read their session from the database. What
 * was read is trusted for `ttlMs`; sessions this instance revokes are refused at once, without waiting.
 * A session counts only for the user it was opened for.
 */
export function createSessionCheck(db: Executor, ttlMs: number): SessionCheck {
  const owners = new LRUCache<string, { userId: string | null }>({ max: SESSION_CHECK_MAX_ENTRIES, ttl: ttlMs });
  return {
    isLive: async (sessionId, userId) => {
      let owner = owners.get(sessionId);
      if (owner === undefined) {
        owner = { userId: await ownerReadsOf(db)(sessionId) };
        owners.set(sessionId, owner);
      }
      return owner.userId === userId;
    },
    revoked: (sessionIds) => {
      // A revoked session stays revoked: remember it for as long as any of its access tokens can live.
      for (const id of sessionIds) owners.set(id, { userId: null }, { ttl: ACCESS_TOKEN_MINUTES * 60_000 });
    },
  };
}
