import { createHash } from 'node:crypto';
import { type Database, openDatabase } from '../src/db/client';
import { bays, bookings, images, payments, reviews, services, slots, users } from '../src/db/schema';
import type { DatabaseTarget } from '../src/ops/backup-archive';

/** Every row of the tables a shop lives on, in an order that does not depend on how they were stored. */
export async function shopContents(db: Database) {
  const contents: Record<string, string[]> = {};
  for (const [name, table] of Object.entries({ users, services, bays, slots, bookings, payments, reviews, images })) {
    contents[name] = (await db.select().from(table)).map((row) => JSON.stringify(row)).sort();
  }
  return contents;
}

export type ShopContents = Awaited<ReturnType<typeof shopContents>>;

/** The shop's rows in a database that no server has open: an embedded data directory or a PostgreSQL one. */
export async function readShop(
  target: { kind: 'pglite'; dataDir: string } | Extract<DatabaseTarget, { kind: 'postgres' }>,
) {
  const database = await openDatabase(target.kind === 'pglite' ? target : { ...target, poolSize: 1 });
  try {
    return await shopContents(database.db);
  } finally {
    await database.close();
  }
}

/** An image row's values for these bytes: named by their SHA-256, as the database requires. */
export const imageOf = (text: string, contentType: 'image/webp' | 'image/png' = 'image/webp') => {
  const bytes = Buffer.from(text);
  return { hash: createHash('sha256').update(bytes).digest('hex'), contentType, bytes };
};
