import { closedWeek, inWeekdayOrder } from '@carcare/contracts/shop-settings';
import {
  DEFAULT_BOOKING_HORIZON_DAYS,
  DEFAULT_MINIMUM_NOTICE_MINUTES,
  DEFAULT_SLOT_STEP_MINUTES,
} from '@carcare/contracts/shop-settings-constants';
import { asc, eq, gte, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { closures, policyVersions, shopSettings } from '../../db/schema';
import { businessDate } from '../../lib/business-time';
import type { ShopSettingsRow, ShopSettingsStore, ShopState } from '../../plugins/shop-state';

export type { ClosureSpan, ShopSettingsRow, ShopSettingsStore, ShopState } from '../../plugins/shop-state';

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
      // Every day closed: a shop opens on its own hours, set on the Settings screen (or by the demo seed).
      hours: closedWeek(),
    })
    .onConflictDoNothing({ target: shopSettings.id });
  // The terms' first version, as the row now stands (this start's values, or a row written before).
  await db.execute(sql`insert into ${policyVersions} (version, policy, cancellation_cutoff_hours)
    select ${shopSettings.policyVersion}, ${shopSettings.paymentPolicy}, ${shopSettings.cancellationCutoffHours}
    from ${shopSettings} on conflict do nothing`);
}

/** The settings as stored now (not as this instance last read them). */
export async function readSettings(db: Executor): Promise<ShopSettingsRow> {
  const [settings] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (!settings) throw new Error('the shop has no settings row: seedShopSettings runs before the first read');
  return settings;
}

/** The settings and the closures that end today or later in the shop's time zone, soonest first. */
export async function readShopState(db: Executor, now: Date = new Date()): Promise<ShopState> {
  const settings = await readSettings(db);
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
  return { settings: { ...settings, hours: inWeekdayOrder(settings.hours) }, closures: upcoming };
}

export async function createShopSettingsStore(db: Executor): Promise<ShopSettingsStore> {
  let state = await readShopState(db);
  let latest: Promise<unknown> = Promise.resolve();
  const reload = () => {
    // Each read starts once the one before has landed, so that an older read never overwrites a newer one.
    const read = latest.then(
      () => readShopState(db),
      () => readShopState(db),
    );
    latest = read.then((fresh) => {
      state = fresh;
    });
    return latest.then(() => state);
  };
  return { current: () => state, reload };
}
