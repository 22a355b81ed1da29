import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { appSecrets } from './schema';

async function storedSecret(db: Database, name: string): Promise<string | undefined> {
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row?.value;
}

/**
 * The secret `name` as every instance on this database knows it: the first to start stores its candidate,
 * the others, started at the same moment or later, find that row and take it.
 */
export async function sharedSecret(db: Database, name: string, candidate: () => string): Promise<string> {
  const stored = await storedSecret(db, name);
  if (stored !== undefined) return stored;
  // Two statements, not one with a CTE: an insert that waited on another instance's row sees it committed,
  // but a select in the same statement would read the snapshot from before the wait and find nothing.
  await db.insert(appSecrets).values({ name, value: candidate() }).onConflictDoNothing({ target: appSecrets.name });
  const winner = await storedSecret(db, name);
  if (winner === undefined) throw new Error(`the secret ${name} was neither stored nor found`);
  return winner;
}
