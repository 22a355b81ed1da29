import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WeeklyHours } from '@carcare/contracts/shop-settings';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../apps/api/src/db/client';
import { services, shopSettings, slots } from '../../apps/api/src/db/schema';
import { readShopState } from '../../apps/api/src/modules/shop/settings-store';
import { fillHorizon } from '../../apps/api/src/modules/slots/public';

const range = (start: string, end: string) => [{ start, end }];

/** Monday to Saturday 08:00–18:00, Sunday closed: the demo shop's week. */
export const BENCH_HOURS: WeeklyHours = {
  monday: range('08:00', '18:00'),
  tuesday: range('08:00', '18:00'),
  wednesday: range('08:00', '18:00'),
  thursday: range('08:00', '18:00'),
  friday: range('08:00', '18:00'),
  saturday: range('08:00', '18:00'),
  sunday: [],
};

const CLOSED: WeeklyHours = {
  monday: [],
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: [],
  sunday: [],
};

/** The shop's settings row, written before the server first starts (its seed then leaves it as it is). */
async function openShop(db: Database, timeZone: string) {
  await db
    .insert(shopSettings)
    .values({
      businessName: 'Bench Wash',
      address: '1 Bench Road',
      phone: '+44 20 7946 0958',
      email: 'bench@example.com',
      timeZone,
      currency: 'USD',
      cancellationCutoffHours: 24,
      paymentHoldMinutes: 15,
      reminderHoursBefore: 24,
      bookingHorizonDays: 60,
      minimumNoticeMinutes: 120,
      slotStepMinutes: 30,
      hours: BENCH_HOURS,
    })
    .onConflictDoUpdate({ target: shopSettings.id, set: { hours: BENCH_HOURS, timeZone } });
}

/**
 * Opens the bench shop on its hours with one service that follows them, its times made on the first read;
 * the dataset's services keep only their hand-made slots (their own hours are closed), so that the other
 * scenarios read what they read before. Answers the service's id.
 */
export async function addGeneratedService(db: Database, timeZone: string): Promise<string> {
  await openShop(db, timeZone);
  await db.update(services).set({ hours: CLOSED });
  const [service] = await db
    .insert(services)
    .values({
      name: 'Generated Care',
      description: 'A service offered every half hour the shop is open, made from its hours.',
      durationMinutes: 60,
      priceCents: 4500,
      // The oldest service: last in the catalogue's first pages.
      createdAt: sql`now() - interval '10 years'`,
    })
    .returning({ id: services.id });
  if (!service) throw new Error('the generated service was not created');
  // Priced by the car as the dataset's services are: the SUV's own price and duration, the add-ons offered.
  await db.execute(sql`
    insert into service_class_prices (service_id, vehicle_class_id, price_cents, duration_minutes)
    select ${service.id}, id, 5400, 75 from vehicle_classes where name = 'SUV'`);
  await db.execute(sql`insert into add_on_services (add_on_id, service_id) select id, ${service.id} from add_ons`);
  return service.id;
}

export type HorizonTiming = {
  services: number;
  days: number;
  firstFillMs: number;
  unchangedMs: number;
  reshapeMs: number;
  slots: number;
};

/**
 * Times `fillHorizon` on a database of its own: 20 services over 60 days made from nothing, looked at again
 * with nothing to change, then reshaped after the hours change.
 */
export async function timeFillHorizon(
  open: { kind: 'postgres'; url: string } | undefined,
  timeZone: string,
): Promise<HorizonTiming> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carcare-bench-horizon-'));
  const database = await openDatabase(open ?? { kind: 'pglite', dataDir });
  try {
    await database.migrate();
    const { db } = database;
    await openShop(db, timeZone);
    await db.insert(services).values(
      Array.from({ length: 20 }, (_, n) => ({
        name: `Horizon service ${n + 1}`,
        description: 'Made from the hours',
        durationMinutes: 30 + 15 * (n % 6),
        bufferMinutes: n % 3 === 0 ? 15 : 0,
        priceCents: 3000 + 100 * n,
      })),
    );
    const timed = async () => {
      const started = performance.now();
      await fillHorizon(db, await readShopState(db));
      return Math.round(performance.now() - started);
    };
    const firstFillMs = await timed();
    const unchangedMs = await timed();
    await db.update(shopSettings).set({ hours: { ...BENCH_HOURS, saturday: range('09:00', '14:00') } });
    const reshapeMs = await timed();
    const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(slots);
    return { services: 20, days: 60, firstFillMs, unchangedMs, reshapeMs, slots: counted?.total ?? 0 };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
