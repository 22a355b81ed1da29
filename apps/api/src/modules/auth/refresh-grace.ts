import { and, eq, gt, gte, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refreshTokens, sessions } from '../../db/schema';
import { hashToken, successorToken } from './tokens';

/** How a rotation treats a token presented again. */
export type RefreshRotation = {
  /** Derives each successor (see successorToken). */
  successorKey: Buffer;
  /** How long after its rotation a token presented again still gets its session's current token; 0: never. */
  graceMs: number;
  /** The clock; tests move it. */
  now?: Date;
};

/**
 * How many rotations are followed from a re-presented token to its session's current one. Within a
 * grace window a session rotates once or twice (refreshes come every 15 minutes); a longer chain is
 * treated as reuse.
 */
const MAX_SUCCESSOR_STEPS = 64;

/**
 * The session's current refresh token for a token that was rotated at most `graceMs` ago, in a session
 * still live: two tabs, or two requests of one page, refreshed with the same token at once. Undefined for
 * anything else (reuse after the window, a token that was revoked rather than rotated, an ended session),
 * which the caller treats as theft.
 *
 * Only hashes are stored, so the current token is found by deriving successors from the presented token
 * until one matches the session's live hash: a client is given the token its session holds now, never an
 * older one that would end the session at its next refresh.
 */
export async function currentTokenWithinGrace(
  db: Executor,
  token: string,
  rotation: Omit<RefreshRotation, 'now'>,
  now: Date,
): Promise<{ userId: string; sessionId: string; refreshToken: string } | undefined> {
  if (rotation.graceMs <= 0) return undefined;
  const [rotated] = await db
    .select({ userId: refreshTokens.userId, sessionId: refreshTokens.familyId })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.familyId))
    .where(
      and(
        eq(refreshTokens.tokenHash, hashToken(token)),
        // Rotated (it has a successor), not revoked by a logout or a password change: those end the session.
        isNotNull(refreshTokens.replacedBy),
        gte(refreshTokens.revokedAt, new Date(now.getTime() - rotation.graceMs)),
        isNull(sessions.revokedAt),
      ),
    )
    .limit(1);
  if (!rotated) return undefined;
  const [live] = await db
    .select({ tokenHash: refreshTokens.tokenHash })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, rotated.sessionId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .limit(1);
  if (!live) return undefined;
  let candidate = token;
  for (let step = 0; step < MAX_SUCCESSOR_STEPS; step += 1) {
    candidate = successorToken(rotation.successorKey, candidate);
    if (hashToken(candidate) === live.tokenHash) return { ...rotated, refreshToken: candidate };
  }
  return undefined;
}
