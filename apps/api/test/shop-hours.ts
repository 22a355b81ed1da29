import type { WeeklyHours } from '@carcare/contracts/shop-settings';
import { WEEKDAYS } from '@carcare/contracts/shop-settings-constants';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { closures, shopSettings } from '../src/db/schema';

/** The same ranges every day of the week: `everyDay([['09:00', '12:00']])`. */
export const everyDay = (ranges: Array<[string, string]>): WeeklyHours =>
  Object.fromEntries(
    WEEKDAYS.map((day) => [day, ranges.map(([start, end]) => ({ start, end }))]),
  ) as unknown as WeeklyHours;

type ShopWeek = Partial<
  Pick<
    typeof shopSettings.$inferInsert,
    'hours' | 'slotStepMinutes' | 'minimumNoticeMinutes' | 'bookingHorizonDays' | 'timeZone'
  >
>;

/** Sets the shop's week straight in the database, as the Settings screen would, and has the app read it again. */
export async function setShopWeek(app: FastifyInstance, week: ShopWeek): Promise<void> {
  await app.db.update(shopSettings).set(week).where(eq(shopSettings.id, 1));
  await app.shop.reload();
}

/** Shuts the shop over [startDate, endDate] straight in the database; the app reads it again. */
export async function closeShop(app: FastifyInstance, startDate: string, endDate: string, reason = 'Flooded bay') {
  const [closure] = await app.db.insert(closures).values({ startDate, endDate, reason }).returning();
  await app.shop.reload();
  return closure;
}

/** Removes every closure; the app reads the state again. */
export async function openShopAgain(app: FastifyInstance): Promise<void> {
  await app.db.delete(closures);
  await app.shop.reload();
}
