import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  paidBooking,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../../test/helper';
import { databaseErrorOf } from '../../../db/errors';
import { bookings, ledgerEntries } from '../../../db/schema';

let t: TestApp;
let staff: TestUser;
let admin: TestUser;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInUser(t.app, 'staff');
  admin = await signedInUser(t.app, 'admin');
  alice = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});

/** A booking the shop made for Alice, paid at the counter: confirmed, 45.50 due. */
async function counterBooking(name = 'Counter') {
  const {
    service,
    slots: [slot],
  } = await serviceWithSlots(t.app, { name, slotCount: 1 });
  const response = await t.app.inject(
    asUser(staff, {
      method: 'POST',
      url: '/api/bookings',
      payload: { service: service.id, slot: slot?.id, customer: alice.id },
    }),
  );
  if (response.statusCode !== 201) throw new Error(response.body);
  return { id: response.json().data.booking._id as string, serviceId: service.id, slotId: slot?.id ?? '' };
}

const pay = (caller: TestUser | null, bookingId: string, payload: object, key?: string) => {
  const options = {
    method: 'POST' as const,
    url: `/api/bookings/${bookingId}/payments`,
    payload,
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
  };
  return t.app.inject(caller ? asUser(caller, options) : options);
};
const ledgerOf = (bookingId: string) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
const storedBooking = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0];

describe('money taken at the counter', () => {
  it('a deposit, then the balance: the booking is paid once nothing is due', async () => {
    const { id } = await counterBooking('Deposit then balance');
    const deposit = await pay(staff, id, { method: 'cash', amount: 20 });
    expect(deposit.statusCode, deposit.body).toBe(200);
    expect(deposit.json().message).toBe(FRONT_DESK_MESSAGES.paymentRecorded);
    expect(deposit.json().data).toMatchObject({
      _id: id,
      payment: 'unpaid',
      amountPaid: 20,
      balanceDue: 25.5,
      payments: [{ kind: 'deposit', method: 'cash', amount: 20 }],
    });

    const over = await pay(staff, id, { method: 'card', amount: 25.51 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(FRONT_DESK_MESSAGES.amountOverBalance('25.50'));

    const balance = await pay(admin, id, { method: 'card', amount: 25.5 });
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.json().data).toMatchObject({
      payment: 'paid',
      status: 'confirm',
      amountPaid: 45.5,
      balanceDue: 0,
      payments: [
        { kind: 'deposit', method: 'cash', amount: 20 },
        { kind: 'balance', method: 'card', amount: 25.5 },
      ],
    });
    const rows = await ledgerOf(id);
    expect(rows.map((row) => [row.kind, row.method, row.amountCents, row.recordedBy])).toEqual([
      ['deposit', 'cash', 2000, staff.id],
      ['balance', 'card', 2550, admin.id],
    ]);
    expect((await storedBooking(id))?.payment).toBe('paid');

    const more = await pay(staff, id, { method: 'cash', amount: 1 });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(FRONT_DESK_MESSAGES.nothingDue);
    expect(await ledgerOf(id)).toHaveLength(2);
  });

  it('the whole price at once is a full payment', async () => {
    const { id } = await counterBooking('Full at once');
    const response = await pay(staff, id, { method: 'card', amount: 45.5 });
    expect(response.json().data).toMatchObject({ payment: 'paid', balanceDue: 0 });
    expect((await ledgerOf(id)).map((row) => row.kind)).toEqual(['full']);
  });

  it('records a key once: a retry answers the booking as it stands, another booking may not reuse it', async () => {
    const { id } = await counterBooking('Retried');
    const key = `till-${crypto.randomUUID()}`;
    const first = await pay(staff, id, { method: 'cash', amount: 10 }, key);
    const retry = await pay(staff, id, { method: 'cash', amount: 10 }, key);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toEqual(first.json().data);
    expect(await ledgerOf(id)).toHaveLength(1);
    const other = await counterBooking('Other key');
    const reused = await pay(staff, other.id, { method: 'cash', amount: 10 }, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(FRONT_DESK_MESSAGES.idempotencyKeyReused);
    expect(await ledgerOf(other.id)).toEqual([]);
    const badKey = await pay(staff, id, { method: 'cash', amount: 1 }, 'no spaces allowed');
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().message).toBe(FRONT_DESK_MESSAGES.idempotencyKeyInvalid);
  });

  it('is refused for a cancelled or missed booking, one awaiting its online payment, and an unknown one', async () => {
    const cancelled = await counterBooking('Cancelled');
    await t.database.db.update(bookings).set({ status: 'cancel' }).where(eq(bookings.id, cancelled.id));
    const refused = await pay(staff, cancelled.id, { method: 'cash', amount: 5 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FRONT_DESK_MESSAGES.notPayable);
    const missed = await counterBooking('Missed');
    await t.database.db.update(bookings).set({ status: 'no_show' }).where(eq(bookings.id, missed.id));
    expect((await pay(staff, missed.id, { method: 'cash', amount: 5 })).json().message).toBe(
      FRONT_DESK_MESSAGES.notPayable,
    );

    const { service, slots } = await serviceWithSlots(t.app, { name: 'Awaiting online' });
    const pending = await t.app.inject(
      asUser(alice, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: slots[0]?.id } }),
    );
    const waiting = await pay(staff, pending.json().data.booking._id, { method: 'cash', amount: 5 });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toBe(FRONT_DESK_MESSAGES.awaitingOnlinePayment);

    const paidOnline = await paidBooking(t.app, alice, service.id, slots[1]?.id ?? '');
    const nothing = await pay(staff, paidOnline.id, { method: 'cash', amount: 5 });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(FRONT_DESK_MESSAGES.nothingDue);

    const unknown = await pay(staff, crypto.randomUUID(), { method: 'cash', amount: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(BOOKING_MESSAGES.notFound);
    for (const id of [cancelled.id, missed.id]) expect(await ledgerOf(id)).toEqual([]);
  });

  it('refuses a method or an amount it cannot take', async () => {
    const { id } = await counterBooking('Bad input');
    for (const [payload, message] of [
      [{ method: 'cheque', amount: 5 }, FRONT_DESK_MESSAGES.methodInvalid],
      [{ method: 'cash', amount: 0 }, FRONT_DESK_MESSAGES.amountInvalid],
      [{ method: 'cash', amount: -3 }, FRONT_DESK_MESSAGES.amountInvalid],
      [{ method: 'cash', amount: 1.234 }, FRONT_DESK_MESSAGES.amountInvalid],
      [{ method: 'cash', amount: '5' }, FRONT_DESK_MESSAGES.amountInvalid],
    ] as const) {
      const response = await pay(staff, id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('is for staff and the administrator only', async () => {
    const { id } = await counterBooking('Guarded till');
    expect((await pay(null, id, { method: 'cash', amount: 5 })).statusCode).toBe(401);
    expect((await pay(alice, id, { method: 'cash', amount: 5 })).statusCode).toBe(403);
    expect(await ledgerOf(id)).toEqual([]);
  });
});

describe('the ledger, as the database keeps it', () => {
  /** The constraint the database names when it refuses the statement. */
  const refusal = async (statement: Promise<unknown>) => {
    try {
      await statement;
    } catch (error) {
      return databaseErrorOf(error)?.constraint;
    }
    return 'accepted';
  };

  it('refuses a refund larger than what was paid', async () => {
    const { id } = await counterBooking('Refund too large');
    await pay(staff, id, { method: 'cash', amount: 20 });
    expect(
      await refusal(
        t.database.db.execute(
          sql`insert into ledger_entries (booking_id, kind, method, amount_cents) values (${id}, 'refund', 'cash', -2001)`,
        ),
      ),
    ).toBe('ledger_entries_within_paid');
    expect(
      await refusal(
        t.database.db.execute(
          sql`insert into ledger_entries (booking_id, kind, method, amount_cents) values (${id}, 'refund', 'cash', -2000)`,
        ),
      ),
    ).toBe('accepted');
    expect((await ledgerOf(id)).map((row) => row.amountCents)).toEqual([2000, -2000]);
  });

  it('refuses counter money above the price', async () => {
    const { id } = await counterBooking('Above the price');
    await pay(staff, id, { method: 'cash', amount: 45 });
    expect(
      await refusal(
        t.database.db.execute(
          sql`insert into ledger_entries (booking_id, kind, method, amount_cents) values (${id}, 'balance', 'card', 51)`,
        ),
      ),
    ).toBe('ledger_entries_within_price');
    expect((await ledgerOf(id)).map((row) => row.amountCents)).toEqual([4500]);
  });

  it('never changes or removes a row', async () => {
    const { id } = await counterBooking('Kept');
    await pay(staff, id, { method: 'cash', amount: 10 });
    expect(
      await refusal(t.database.db.execute(sql`update ledger_entries set amount_cents = 1 where booking_id = ${id}`)),
    ).toBe('ledger_entries_kept');
    expect(await refusal(t.database.db.execute(sql`delete from ledger_entries where booking_id = ${id}`))).toBe(
      'ledger_entries_kept',
    );
    expect((await ledgerOf(id)).map((row) => row.amountCents)).toEqual([1000]);
  });
});
