import { toE164 } from '@carcare/contracts/phone';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

/** What E.164 looks like: a +, then up to 15 digits, the first not 0. */
const E164 = '^\\+[1-9][0-9]{1,14}$';

/**
 * Rewrites as E.164 the phones stored before they were (as typed: `+1 (415) 555-2671 ext. 1234`), so that
 * every phone reads, searches and exports alike. Safe on every start and on several instances at once: one
 * query when there is nothing to do, and a phone is only rewritten from the text it still holds. A phone
 * that is not a valid international number is left as it is and logged, for its owner to correct
 * (decision 028).
 */
export async function normaliseStoredPhones(
  db: Executor,
  log: FastifyBaseLogger,
): Promise<{ normalised: number; left: number }> {
  const typed = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(and(isNotNull(users.phone), sql`${users.phone} !~ ${E164}`));
  let normalised = 0;
  let left = 0;
  for (const { id, phone } of typed) {
    const e164 = phone ? toE164(phone) : undefined;
    if (!phone || !e164) {
      left++;
      continue;
    }
    await db
      .update(users)
      .set({ phone: e164 })
      .where(and(eq(users.id, id), eq(users.phone, phone)));
    normalised++;
  }
  if (normalised > 0) log.info({ normalised }, 'stored phone numbers rewritten as E.164');
  if (left > 0) log.warn({ left }, 'stored phone numbers that are not valid international numbers were left as typed');
  return { normalised, left };
}
