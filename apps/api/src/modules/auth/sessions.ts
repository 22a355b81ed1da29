import { ACCESS_TOKEN_MINUTES } from '@carcare/contracts/auth-constants';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { refreshTokens, sessions } from '../../db/schema';
import type { SessionCheck } from '../../plugins/auth';

const SESSION_CHECK_MAX_ENTRIES = 100_000;

/** Starts a session for a sign-in and returns its id, which its tokens carry. */
export async function openSession(db: Executor, userId: string): Promise<string> {
  const [session] = await db.insert(sessions).values({ userId }).returning({ id: sessions.id });
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

export const revokeSession = (db: Executor, sessionId: string) => revokeWhere(db, eq(sessions.id, sessionId));

/** Every session of the user but `keep` (the caller's own, when it is the one asking). */
export const revokeUserSessions = (db: Executor, userId: string, keep?: string) =>
  revokeWhere(db, keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));

async function sessionIsLive(db: Executor, sessionId: string): Promise<boolean> {
  const statement = prepared(db, 'find_session_state', (handle) =>
    handle
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.id, sql.placeholder('id')))
      .limit(1)
      .prepare('find_session_state'),
  );
  const [session] = await statement.execute({ id: sessionId });
  return session !== undefined && session.revokedAt === null;
}

/**
 * A cached revocation check: signed-in requests do not each read their session from the database. What
 * was read is trusted for `ttlMs`; sessions this instance revokes are refused at once, without waiting.
 */
export function createSessionCheck(db: Executor, ttlMs: number): SessionCheck {
  const known = new LRUCache<string, boolean>({ max: SESSION_CHECK_MAX_ENTRIES, ttl: ttlMs });
  return {
    isLive: async (sessionId) => {
      const cached = known.get(sessionId);
      if (cached !== undefined) return cached;
      const live = await sessionIsLive(db, sessionId);
      known.set(sessionId, live);
      return live;
    },
    revoked: (sessionIds) => {
      // A revoked session stays revoked: remember it for as long as any of its access tokens can live.
      for (const id of sessionIds) known.set(id, false, { ttl: ACCESS_TOKEN_MINUTES * 60_000 });
    },
  };
}
