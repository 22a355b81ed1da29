import { randomUUID } from 'node:crypto';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/modules/auth/auth.service';
import { openSession } from '../../src/modules/auth/sessions';
import { createUser } from '../../src/modules/users/users.service';
import { asUser, createTestApp, serviceWithSlots, type TestApp, type TestUser } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Customers with a session each, signed as the login route signs them (one password hash for all). */
async function customers(count: number): Promise<TestUser[]> {
  const passwordHash = await hashPassword(randomUUID());
  return Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const email = `mover${n}.${randomUUID().slice(0, 8)}@example.com`;
      const user = await createUser(t.app.db, { firstName: 'Moving', lastName: `Customer ${n}`, email, passwordHash });
      if (!user) throw new Error(`customer ${email} was not created`);
      const sid = await openSession(t.app.db, user.id);
      return { id: user.id, email, password: '', accessToken: t.app.jwt.sign({ sub: user.id, role: user.role, sid }) };
    }),
  );
}

type Row = { id: string; slot_id: string; bay_id: string; occupied_from: Date; occupied_until: Date; status: string };

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe('rescheduling onto one free slot at once', () => {
  it('moves exactly one of 20 customers there and leaves the 19 others exactly as they were', async () => {
    // One bay, 21 half-hour slots: 20 paid bookings, one slot free.
    const { service, slots } = await serviceWithSlots(t.app, { name: 'Rush Move', durationMinutes: 30, slotCount: 21 });
    const free = slots[20];
    const movers = await customers(20);
    const bookingIds: string[] = [];
    for (const [index, mover] of movers.entries()) {
      const created = await t.app.inject(
        asUser(mover, {
          method: 'POST',
          url: '/api/bookings',
          payload: { service: service.id, slot: slots[index]?.id },
        }),
      );
      expect(created.statusCode).toBe(201);
      await t.app.inject({
        method: 'POST',
        url: `/pay/${String(created.json().data.payment_url).split('/pay/')[1]}/pay`,
      });
      bookingIds.push(created.json().data.booking._id);
    }
    const before = await query<Row>('select * from bookings where id = any($1) order by id', [bookingIds]);
    expect(before.every((row) => row.status === 'confirm')).toBe(true);

    const answers = await Promise.all(
      movers.map((mover, index) =>
        t.app.inject(
          asUser(mover, {
            method: 'POST',
            url: `/api/bookings/${bookingIds[index]}/reschedule`,
            payload: { slot: free?.id },
          }),
        ),
      ),
    );
    const moved = answers.flatMap((answer, index) => (answer.statusCode === 200 ? [bookingIds[index]] : []));
    expect(moved).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.map((answer) => answer.statusCode)).toEqual(Array(19).fill(409));
    expect(new Set(refused.map((answer) => answer.json().message))).toEqual(new Set([BOOKING_MESSAGES.slotFull]));

    const after = await query<Row>('select * from bookings where id = any($1) order by id', [bookingIds]);
    for (const row of after) {
      const was = before.find((candidate) => candidate.id === row.id);
      if (row.id === moved[0]) {
        expect(row).toMatchObject({ slot_id: free?.id, status: 'confirm', occupied_from: free?.startsAt });
      } else {
        expect(row).toEqual(was);
      }
    }
    // The move is kept in its own transaction: one row, the winner's; the refused moves kept nothing.
    const moves = await query<{ booking_id: string; to_slot_id: string; reason: string | null }>(
      'select booking_id, to_slot_id, reason from booking_moves where booking_id = any($1)',
      [bookingIds],
    );
    expect(moves).toEqual([{ booking_id: moved[0], to_slot_id: free?.id, reason: null }]);
    // The bay holds no two live bookings at once, and the winner's old slot is free again.
    const overlaps = await query(
      `select a.id from bookings a join bookings b on a.bay_id = b.bay_id and a.id < b.id
       where a.status in ('pending', 'confirm') and b.status in ('pending', 'confirm')
         and tstzrange(a.occupied_from, a.occupied_until) && tstzrange(b.occupied_from, b.occupied_until)`,
    );
    expect(overlaps).toEqual([]);
    const vacated = before.find((row) => row.id === moved[0])?.slot_id;
    const seen = (await t.app.inject({ method: 'GET', url: `/api/slots/availability/${vacated}` })).json().data;
    expect(seen).toMatchObject({ isBooked: 'available', remaining: 1 });
  });
});
