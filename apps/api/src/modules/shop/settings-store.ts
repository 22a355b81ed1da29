import type { Closure, WeeklyHours } from '@carcare/contracts/shop-settings';
import {
  DEFAULT_BOOKING_HORIZON_DAYS,
  DEFAULT_MINIMUM_NOTICE_MINUTES,
  DEFAULT_SLOT_STEP_MINUTES,
  WEEKDAYS,
} from '@carcare/contracts/shop-settings-constants';
import { asc, eq, gte } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { closures, shopSettings } from '../../db/schema';
import { businessDate } from '../../lib/business-time';

/** Every day closed: a shop opens on its own hours, set on the Settings screen (or by the demo seed). */
export const CLOSED_WEEK: WeeklyHours = Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as WeeklyHours;

export type ShopSettingsRow = typeof shopSettings.$inferSelect;

/** A closure as the instances keep it in memory: the days the shop is shut and why. */
export type ClosureSpan = Pick<Closure, 'startDate' | 'endDate' | 'reason'> & { id: string; createdAt: Date };

/** What every instance knows of the shop at one moment: its settings and the closures not yet over. */
export type ShopState = { settings: ShopSettingsRow; closures: readonly ClosureSpan[] };

/**
 * The settings row from the environment's values (decision 035): written once, on the first start against an
 * empty database, and never again; from then on the Settings screen is the source.
 */
export async function seedShopSettings(db: Executor, config: Pick<Config, 'business' | 'lifecycle' | 'payment'>) {
  await db
    .insert(shopSettings)
    .values({
      id: 1,
      businessName: config.business.name,
      address: config.business.contact.address,
      phone: config.business.contact.phone,
      email: config.business.contact.email,
      timeZone: config.business.timeZone,
      currency: config.business.currency,
      cancellationCutoffHours: config.lifecycle.cancellationCutoffHours,
      paymentHoldMinutes: config.payment.holdMinutes,
      reminderHoursBefore: config.lifecycle.reminderHoursBefore,
      bookingHorizonDays: DEFAULT_BOOKING_HORIZON_DAYS,
      minimumNoticeMinutes: DEFAULT_MINIMUM_NOTICE_MINUTES,
      slotStepMinutes: DEFAULT_SLOT_STEP_MINUTES,
      hours: CLOSED_WEEK,
    })
    .onConflictDoNothing({ target: shopSettings.id });
}

/** The settings and the closures that end today or later in the shop's time zone, soonest first. */
export async function readShopState(db: Executor, now: Date = new Date()): Promise<ShopState> {
  const [settings] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (!settings) throw new Error('the shop has no settings row: seedShopSettings runs before the first read');
  const upcoming = await db
    .select({
      id: closures.id,
      startDate: closures.startDate,
      endDate: closures.endDate,
      reason: closures.reason,
      createdAt: closures.createdAt,
    })
    .from(closures)
    .where(gte(closures.endDate, businessDate(settings.timeZone, now, -1)))
    .orderBy(asc(closures.startDate), asc(closures.id));
  return { settings, closures: upcoming };
}

/** An instance's copy of the shop's state: read at start, read again after every change on any instance. */
export type ShopSettingsStore = {
  current: () => ShopState;
  /** Reads the state again (after a write here, or when another instance says it wrote). */
  reload: () => Promise<ShopState>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's settings and closures as this instance knows them, read again after every change anywhere. */
    shop: ShopSettingsStore;
  }
}

export async function createShopSettingsStore(db: Executor): Promise<ShopSettingsStore> {
  let state = await readShopState(db);
  let reading: Promise<ShopState> | undefined;
  const reload = () => {
    // Reloads asked for while one runs share the next read, never an older one.
    const next = (reading ?? Promise.resolve()).then(() => readShopState(db));
    reading = next.then(
      (read) => {
        state = read;
        return read;
      },
      (error: unknown) => {
        throw error;
      },
    );
    const done = reading;
    void done
      .finally(() => {
        if (reading === done) reading = undefined;
      })
      .catch(() => {});
    return done;
  };
  return { current: () => state, reload };
}
