import { SETTINGS_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, shopSettings } from '../../src/db/schema';
import { SERVICE_LINE_SQL } from '../booking-rows';
import {
  asUser,
  createTestApp,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
  waitForLockWaits,
} from '../helper';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  customer = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('a change of the time zone or currency while a customer books', () => {
  it('makes the booking wait for it, and the booking then pays in the new currency', async () => {
    expect(t.database.kind).toBe('postgres');
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Booked Midway' });

    // A save of the settings, begun and not yet committed, on a connection of its own, as PUT /api/settings
    // holds the row while it counts the bookings ahead and the payments.
    const settings = new pg.Client({ connectionString: t.databaseUrl });
    await settings.connect();
    try {
      await settings.query('begin');
      await settings.query('select * from shop_settings where id = 1 for update');
      await settings.query("update shop_settings set currency = 'EUR' where id = 1");

      const booking = t.app.inject(
        asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: slot?.id } }),
      );
      // The booking now waits on the settings row.
      await waitForLockWaits(settings, 1);
      await settings.query('commit');

      const response = await booking;
      expect(response.statusCode).toBe(201);
      const [checkout] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.bookingId, response.json().data.booking._id));
      expect(checkout?.currency).toBe('EUR');
    } finally {
      await settings.end();
    }
  });

  it('waits for a booking being made, then counts it and refuses', async () => {
    await t.database.db.update(shopSettings).set({ timeZone: 'UTC' });
    const {
      service,
      slots: [, slot],
    } = await serviceWithSlots(t.app, { name: 'Zone Midway' });

    // A booking's transaction that has read the settings row, share-locked, as `reserve_booking` does, and
    // goes on to insert its booking before it commits.
    const booking = new pg.Client({ connectionString: t.databaseUrl });
    await booking.connect();
    try {
      await booking.query('begin');
      await booking.query('select currency from shop_settings where id = 1 for share');
      const [live] = (
        await booking.query<{ count: number }>(
          "select count(*)::int as count from bookings where status in ('pending', 'confirm') and occupied_from > now()",
        )
      ).rows;

      const change = t.app.inject(
        asUser(admin, { method: 'PUT', url: '/api/settings', payload: { timeZone: 'Asia/Tokyo' } }),
      );
      await waitForLockWaits(booking, 1);
      const customerRow = await booking.query<{ id: string }>('select id from users where email = $1', [
        customer.email,
      ]);
      const bay = await booking.query<{ id: string }>('select id from bays order by sort_order limit 1');
      const inserted = await booking.query<{ id: string }>(
        `insert into bookings (customer_id, service_id, slot_id, bay_id, occupied_from, occupied_until, price_cents)
         select $1, $2, id, $3, starts_at, ends_at, 4550 from slots where id = $4 returning id`,
        [customerRow.rows[0]?.id, service.id, bay.rows[0]?.id, slot?.id],
      );
      await booking.query(SERVICE_LINE_SQL, [inserted.rows[0]?.id]);
      await booking.query('commit');

      const response = await change;
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(SETTINGS_MESSAGES.timeZoneLocked((live?.count ?? 0) + 1));
      const [row] = await t.database.db.select().from(shopSettings);
      expect(row?.timeZone).toBe('UTC');
    } finally {
      await booking.end();
    }
  });
});
