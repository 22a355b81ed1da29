import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  serviceWithSlots,
  signedInUser,
  slotAndBookings,
  type TestApp,
  waitForLockWaits,
} from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('a service deleted while a customer books it', () => {
  it('is never booked: the booking waits for the delete, then finds the service gone', async () => {
    expect(t.database.kind).toBe('postgres');
    const customer = await signedInUser(t.app);
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Deleted Midway' });

    // An administrator's delete, begun and not yet committed, on a connection of its own.
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    try {
      await admin.query('begin');
      await admin.query('update services set is_deleted = true where id = $1', [service.id]);

      const booking = t.app.inject(
        asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: slot?.id } }),
      );
      // The booking is now waiting on the service row.
      await waitForLockWaits(admin, 1);
      await admin.query('commit');

      const response = await booking;
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(BOOKING_MESSAGES.serviceUnknown);
      expect(await slotAndBookings(t.database, service.id, slot?.id ?? '')).toEqual({
        slotStatus: 'available',
        bookings: 0,
      });
    } finally {
      await admin.end();
    }
  });
});
