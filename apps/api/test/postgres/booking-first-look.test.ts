import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import pg from 'pg';
import { expect, it, onTestFinished } from 'vitest';
import { lockUntilCommit } from '../../src/db/advisory-locks';
import { openDatabase } from '../../src/db/client';
import {
  asUser,
  availabilityOf,
  createTestApp,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  waitForLockWaits,
} from '../helper';

/** Holds the customer's booking lock in a transaction of its own until `release` is called. */
async function holdCustomerLock(url: string, customerId: string) {
  const other = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = () => {};
  const taken = new Promise<void>((resolve) => {
    held = resolve;
  });
  const transaction = other.db.transaction(async (tx) => {
    await lockUntilCommit(tx, 'customerBookings', customerId);
    held();
    await released;
  });
  await taken;
  let closed: Promise<void> | undefined;
  return {
    release: () => {
      release();
      closed ??= transaction.then(() => other.close());
      return closed;
    },
  };
}

it("refuses a booking of a full slot at a first look, without waiting for the customer's turn", async () => {
  const t: TestApp = await createTestApp();
  onTestFinished(() => t.close());
  if (!t.databaseUrl) throw new Error('the PostgreSQL suite needs a database URL');
  const { service, slots } = await serviceWithSlots(t.app, { slotCount: 2 });
  const [full, open] = slots;
  if (!full || !open) throw new Error('two slots were not created');
  // Every bay the shop has is taken at the first slot's time.
  const [{ remaining: bays = 0 } = {}] = await availabilityOf(t.app, service.id, full.date);
  for (let n = 0; n < bays; n++) {
    const early = await signedInUser(t.app);
    const booked = await t.app.inject(
      asUser(early, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: full.id } }),
    );
    expect(booked.statusCode).toBe(201);
  }

  const customer = await signedInUser(t.app);
  const lock = await holdCustomerLock(t.databaseUrl, customer.id);
  const watcher = new pg.Client({ connectionString: t.databaseUrl });
  await watcher.connect();
  onTestFinished(() => watcher.end());
  try {
    // The full slot is refused while the customer's lock is still held elsewhere: nothing waited for it.
    const refused = await t.app.inject(
      asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: full.id } }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: BOOKING_MESSAGES.slotFull });

    // An open slot is only a candidate at the first look: its booking waits for the customer's turn.
    const booking = t.app.inject(
      asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: open.id } }),
    );
    await waitForLockWaits(watcher, 1);
    await lock.release();
    const booked = await booking;
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data.booking.slot._id).toBe(open.id);
  } finally {
    await lock.release();
  }
});
