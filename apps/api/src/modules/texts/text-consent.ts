import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

/**
 * Records a customer's choice about texts: yes keeps the first time they said so (the consent's date), no
 * clears it. Their number is the one on their profile; STOP from it still stops every text.
 */
export async function setTextsAccepted(db: Executor, customerId: string, accepted: boolean): Promise<void> {
  await db
    .update(users)
    .set({ textsAcceptedAt: accepted ? sql`coalesce(${users.textsAcceptedAt}, now())` : null })
    .where(eq(users.id, customerId));
}
