import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import {
  bays,
  bookings,
  services,
  slots,
  users,
  waitlistEntries,
  waitlistOffers,
  waitlistWindows,
} from '../../src/db/schema';
import { matchWaitlist } from '../../src/modules/waitlist/match-waitlist';
import { matchContextOf } from '../../src/modules/waitlist/waitlist-job';
import { insertBookings } from '../booking-rows';
import {
  asUser,
  createPostgresDatabase,
  createTestApp,
  daysOfOwn,
  paidBooking,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
  utcSlotRow,
} from '../helper';
import { type ServerProcess, startServerProcess, stopServerProcesses } from '../server-process';

const MINUTE = 60_000;

/** The test's own record of the offers' writes, filled by triggers it installs. */
const offerWrites = pgTable('offer_writes', {
  kind: text('kind').notNull(),
  rowId: uuid('row_id').notNull(),
  instance: text('instance').notNull(),
});
const DAY = 24 * 60 * MINUTE;

// A day of its own for each service, within the shop's booking horizon.
const nextDay = daysOfOwn();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const match = (now = new Date()) => matchWaitlist(t.app.db, matchContextOf(t.app), now);

async function joined(customer: TestUser, serviceId: string, date: string) {
  const response = await t.app.inject(
    asUser(customer, {
      method: 'POST',
      url: '/api/waitlist',
      payload: { service: serviceId, windows: [{ date, from: '07:00', to: '11:00' }] },
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data._id as string;
}

async function cancel(customer: TestUser, bookingId: string) {
  const response = await t.app.inject(
    asUser(customer, { method: 'POST', url: `/api/bookings/${bookingId}/cancel`, payload: {} }),
  );
  expect(response.statusCode, response.body).toBe(200);
}

const liveOn = (slotId: string) =>
  t.app.db
    .select({ id: bookings.id, customerId: bookings.customerId })
    .from(bookings)
    .where(and(eq(bookings.slotId, slotId), inArray(bookings.status, ['pending', 'confirm'])));
const openOffersOf = (entryId: string) =>
  t.app.db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.status, 'open')));

/** A one-slot service whose time was booked, paid and then cancelled, with `waiting` customers on its waitlist. */
async function freedTime(waiting: TestUser[]) {
  const made = await serviceWithSlots(t.app, { slotCount: 1, daysAhead: nextDay() });
  const slot = made.slots[0];
  if (!slot) throw new Error('no slot');
  const holder = await signedInUser(t.app);
  const booked = await paidBooking(t.app, holder, made.service.id, slot.id);
  const entries: string[] = [];
  for (const customer of waiting) entries.push(await joined(customer, made.service.id, slot.date));
  await cancel(holder, booked.id);
  return { serviceId: made.service.id, slot, entries };
}

describe('a freed time offered from the waitlist on PostgreSQL', () => {
  it('holds it for the offered customer once the offer is made: another customer booking it is refused', async () => {
    const waiting = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const freed = await freedTime([waiting]);
    expect((await match()).offered.map((offer) => offer.entryId)).toContain(freed.entries[0]);
    const refused = await t.app.inject(
      asUser(other, {
        method: 'POST',
        url: '/api/bookings',
        payload: { service: freed.serviceId, slot: freed.slot.id },
      }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BOOKING_MESSAGES.slotFull);
    expect((await liveOn(freed.slot.id)).map((booking) => booking.customerId)).toEqual([waiting.id]);
  });

  it('books it exactly once when the offer and another customer race for it', async () => {
    for (let round = 0; round < 6; round++) {
      const waiting = await signedInUser(t.app);
      const other = await signedInUser(t.app);
      const freed = await freedTime([waiting]);
      const [, booked] = await Promise.all([
        match(),
        t.app.inject(
          asUser(other, {
            method: 'POST',
            url: '/api/bookings',
            payload: { service: freed.serviceId, slot: freed.slot.id },
          }),
        ),
      ]);
      const live = await liveOn(freed.slot.id);
      expect(live, `round ${round}`).toHaveLength(1);
      const offers = await openOffersOf(freed.entries[0] ?? '');
      if (booked.statusCode === 201) {
        expect(live[0]?.customerId).toBe(other.id);
        expect(offers).toEqual([]);
      } else {
        expect(booked.json().message).toBe(BOOKING_MESSAGES.slotFull);
        expect(live[0]?.customerId).toBe(waiting.id);
        expect(offers.map((offer) => offer.bookingId)).toEqual([live[0]?.id]);
      }
    }
  });

  it('gives two times freed at once to two entries, each once, while two runs match at the same moment', async () => {
    const made = await serviceWithSlots(t.app, { slotCount: 2, daysAhead: nextDay() });
    const [first, second] = made.slots;
    if (!first || !second) throw new Error('no slots');
    const holder = await signedInUser(t.app);
    const held = [
      await paidBooking(t.app, holder, made.service.id, first.id),
      await paidBooking(t.app, holder, made.service.id, second.id),
    ];
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    const entries = [await joined(a, made.service.id, first.date), await joined(b, made.service.id, first.date)];
    for (const booking of held) await cancel(holder, booking.id);
    await Promise.all([match(), match(), match()]);
    const offers = (await Promise.all(entries.map(openOffersOf))).map((open) => open.map((offer) => offer.startsAt));
    expect(offers.map((open) => open.length)).toEqual([1, 1]);
    // The older entry gets the earlier time.
    expect(offers.flat()).toEqual([first.startsAt, second.startsAt]);
    expect(await liveOn(first.id)).toHaveLength(1);
    expect(await liveOn(second.id)).toHaveLength(1);
    const made2 = await t.app.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.serviceId, made.service.id));
    // Two paid and cancelled, two offered: no booking was made and undone by a run that lost.
    expect(made2).toHaveLength(4);
  });
});

describe('two API processes matching the waitlist on one PostgreSQL', () => {
  it('pass each lapsed offer on exactly once', async () => {
    const COUNT = 6;
    const INSTANCES = ['waitlist-a', 'waitlist-b'];
    const postgres = await createPostgresDatabase();
    const dataDirs = INSTANCES.map((name) => mkdtempSync(path.join(tmpdir(), `carcare-${name}-`)));
    const servers: ServerProcess[] = [];
    const direct = await openDatabase({ kind: 'postgres', url: postgres.url });
    try {
      await direct.migrate();
      const { db } = direct;
      // Every offer made and every one decided lapsed, recorded with the instance that wrote it.
      await db.execute(sql`
        create table offer_writes (kind text not null, row_id uuid not null, instance text not null);
        create function record_offer_write() returns trigger language plpgsql as $$
        begin
          insert into offer_writes values (tg_argv[0], new.id, current_setting('application_name'));
          perform pg_sleep(0.002);
          return null;
        end
        $$;
        create trigger offer_made after insert on waitlist_offers
          for each row execute function record_offer_write('made');
        create trigger offer_lapsed after update on waitlist_offers
          for each row when (new.status = 'lapsed' and old.status = 'open') execute function record_offer_write('lapsed');
      `);
      const [bay] = await db.select().from(bays).limit(1);
      const [service] = await db
        .insert(services)
        .values({ name: 'Night Wash', description: 'Half an hour', durationMinutes: 30, priceCents: 3000 })
        .returning();
      if (!bay || !service) throw new Error('the shop was not set up');
      // Back-to-back half hours on the one bay from 02:00 ten days ahead (the shop, with no hours, makes none).
      const firstStart = Math.floor(Date.now() / DAY) * DAY + 10 * DAY + 2 * 60 * MINUTE;
      const slotRows = await db
        .insert(slots)
        .values(
          Array.from({ length: COUNT }, (_, n) => {
            const startsAt = new Date(firstStart + n * 30 * MINUTE);
            return utcSlotRow(service.id, startsAt, new Date(startsAt.getTime() + 30 * MINUTE));
          }),
        )
        .returning();
      const day = slotRows[0]?.date ?? '';
      const people = await db
        .insert(users)
        .values(
          Array.from({ length: 2 * COUNT }, (_, n) => ({
            firstName: 'Waiting',
            lastName: `Customer ${n}`,
            email: `waiting${n}@example.com`,
            passwordHash: 'x',
          })),
        )
        .returning({ id: users.id });
      // The first COUNT entries each hold an offer of one time, running out in two seconds; COUNT more wait.
      const entries: string[] = [];
      for (const [n, person] of people.entries()) {
        const [entry] = await db
          .insert(waitlistEntries)
          .values({
            customerId: person.id,
            serviceId: service.id,
            status: n < COUNT ? 'offered' : 'waiting',
            createdAt: new Date(Date.now() - (2 * COUNT - n) * MINUTE),
          })
          .returning({ id: waitlistEntries.id });
        if (!entry) throw new Error('no entry');
        await db.insert(waitlistWindows).values({ entryId: entry.id, day, fromMinute: 60, toMinute: 6 * 60 });
        entries.push(entry.id);
      }
      const lapseAt = new Date(Date.now() + 2000);
      const held = await insertBookings(
        db,
        slotRows.map((slot, n) => ({
          customerId: people[n]?.id ?? '',
          serviceId: service.id,
          slotId: slot.id,
          bayId: bay.id,
          occupiedFrom: slot.startsAt,
          occupiedUntil: slot.endsAt,
          priceCents: 3000,
          payWith: 'link' as const,
          holdExpiresAt: lapseAt,
        })),
      );
      await db.insert(waitlistOffers).values(
        held.map((booking, n) => ({
          entryId: entries[n] ?? '',
          bookingId: booking.id,
          startsAt: slotRows[n]?.startsAt ?? new Date(),
          expiresAt: lapseAt,
        })),
      );

      servers.push(
        ...(await Promise.all(
          INSTANCES.map((name, n) =>
            startServerProcess({
              DATABASE_URL: postgres.url,
              DATA_DIR: dataDirs[n] ?? '',
              PGAPPNAME: name,
              HOLD_SWEEP_SECONDS: '0.02',
              WAITLIST_MATCH_SECONDS: '0.02',
              SEED_DEMO_DATA: 'false',
            }),
          ),
        )),
      );

      const openOffers = () => db.select().from(waitlistOffers).where(eq(waitlistOffers.status, 'open'));
      const newOffers = async () =>
        (await openOffers()).filter((offer) => !held.some((booking) => booking.id === offer.bookingId));
      for (let attempt = 0; attempt < 300 && (await newOffers()).length < COUNT; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // A little longer, for a second offer of a time to show if one were ever made.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await stopServerProcesses(servers.splice(0));

      const offers = await db.select().from(waitlistOffers);
      const lapsed = offers.filter((offer) => offer.status === 'lapsed');
      const open = offers.filter((offer) => offer.status === 'open');
      expect(lapsed.map((offer) => offer.bookingId).sort()).toEqual(held.map((booking) => booking.id).sort());
      expect(open).toHaveLength(COUNT);
      // Each freed time offered once, to one entry each, never to the entry that let it lapse.
      expect(new Set(open.map((offer) => offer.startsAt.getTime())).size).toBe(COUNT);
      expect(new Set(open.map((offer) => offer.entryId)).size).toBe(COUNT);
      for (const offer of open) {
        const before = lapsed.find((old) => old.startsAt.getTime() === offer.startsAt.getTime());
        expect(offer.entryId).not.toBe(before?.entryId);
      }
      const rows = await db.select().from(offerWrites);
      // Each lapse decided once, each offer made once: no booking made and undone by an instance that lost.
      expect(rows.filter((row) => row.kind === 'lapsed')).toHaveLength(COUNT);
      const byInstances = rows.filter((row) => INSTANCES.includes(row.instance));
      expect(byInstances.filter((row) => row.kind === 'lapsed')).toHaveLength(COUNT);
      expect(byInstances.filter((row) => row.kind === 'made')).toHaveLength(COUNT);
      const all = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.serviceId, service.id));
      expect(all).toHaveLength(2 * COUNT);
      expect(all.filter((booking) => booking.status === 'pending')).toHaveLength(COUNT);
    } finally {
      await stopServerProcesses(servers);
      await direct.close();
      await postgres.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
