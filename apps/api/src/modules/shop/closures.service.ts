import type { Closure, CreateClosureInput } from '@carcare/contracts/shop-settings';
import { CLOSURE_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import { asc, eq, gte } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { closures, shopSettings } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { businessDate } from '../../lib/business-time';
import { recordChange } from './settings.service';

type ClosureRow = typeof closures.$inferSelect;

export const toClosureDto = (row: ClosureRow): Closure => ({
  _id: row.id,
  startDate: row.startDate,
  endDate: row.endDate,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
});

/** What the audit trail keeps of a closure: its days and reason. */
const auditOf = (row: ClosureRow) => ({
  _id: row.id,
  startDate: row.startDate,
  endDate: row.endDate,
  reason: row.reason,
});

/** The closures that end today or later in the shop's time zone, soonest first. */
export async function listClosures(db: Executor, timeZone: string, now: Date = new Date()): Promise<Closure[]> {
  const rows = await db
    .select()
    .from(closures)
    .where(gte(closures.endDate, businessDate(timeZone, now)))
    .orderBy(asc(closures.startDate), asc(closures.endDate), asc(closures.id));
  return rows.map(toClosureDto);
}

/**
 * Keeps a closure, with its audit row, in one transaction. The shop's today is read from the settings row,
 * share-locked, so a time zone saved meanwhile cannot make a closure that ends yesterday pass. It cancels
 * nothing: the bookings it lies over stay as they are, for the shop to move or cancel.
 */
export async function createClosure(
  db: Database,
  input: CreateClosureInput,
  createdBy: string,
  now: Date = new Date(),
): Promise<ClosureRow> {
  return db.transaction(async (tx) => {
    const [settings] = await tx
      .select({ timeZone: shopSettings.timeZone })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1))
      .for('share');
    if (!settings) throw new Error('the shop has no settings row');
    if (input.endDate < businessDate(settings.timeZone, now)) throw new AppError(400, CLOSURE_MESSAGES.inPast);
    const [row] = await tx
      .insert(closures)
      .values({ startDate: input.startDate, endDate: input.endDate, reason: input.reason, createdBy })
      .returning();
    if (!row) throw new Error('the closure was not stored');
    await recordChange(tx, { setting: 'closure', before: null, after: auditOf(row), changedBy: createdBy });
    return row;
  });
}

/** Removes a closure, with its audit row; 404 when there is none by that id. */
export async function deleteClosure(db: Database, id: string, deletedBy: string): Promise<ClosureRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(closures).where(eq(closures.id, id)).returning();
    if (!row) throw new AppError(404, CLOSURE_MESSAGES.notFound);
    await recordChange(tx, { setting: 'closure', before: auditOf(row), after: null, changedBy: deletedBy });
    return row;
  });
}
