import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { bays, bookingMessages, services, slots, users } from '../../src/db/schema';
import { insertBookings } from '../booking-rows';
import { FAKE_ACCOUNT_SID, fakeTwilio } from '../fake-twilio';
import { createPostgresDatabase, utcSlotRow } from '../helper';
import { type ServerProcess, startServerProcess } from '../server-process';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Each instance texts from a number of its own, so that the fake tells them apart. */
const SENDERS = ['+15005550001', '+15005550002'];

describe('two API processes on one PostgreSQL', () => {
  it('send each text exactly once while both run the reminder job and the text sender', async () => {
    const postgres = await createPostgresDatabase();
    const twilio = fakeTwilio();
    const apiUrl = await twilio.listen();
    twilio.gateUntil(SENDERS);
    const dataDirs = SENDERS.map((_, n) => mkdtempSync(path.join(tmpdir(), `carcare-texts-${n}-`)));
    const servers: ServerProcess[] = [];
    const direct = await openDatabase({ kind: 'postgres', url: postgres.url });
    try {
      await direct.migrate();
      const { db } = direct;
      const [bay] = await db.select().from(bays).limit(1);
      const [service] = await db
        .insert(services)
        .values({ name: 'Twin Text Wash', description: 'An hour', durationMinutes: 60, priceCents: 5000 })
        .returning();
      if (!bay || !service) throw new Error('the shop was not set up');
      const now = Math.floor(Date.now() / MINUTE) * MINUTE;
      /** A confirmed booking of a customer who takes texts at a number of their own, starting `offset` from now. */
      const bookingIn = async (offset: number, n: number) => {
        const phone = `+1415555${String(2000 + n)}`;
        const [customer] = await db
          .insert(users)
          .values({
            firstName: 'Twin',
            lastName: `${n}`,
            email: `twin.text${n}@example.com`,
            passwordHash: 'x',
            phone,
            textsAcceptedAt: new Date(),
          })
          .returning();
        const startsAt = new Date(now + offset);
        const endsAt = new Date(startsAt.getTime() + HOUR);
        const [slot] = await db
          .insert(slots)
          .values(utcSlotRow(service.id, startsAt, endsAt))
          .returning();
        if (!customer || !slot) throw new Error('booking was not set up');
        const [booking] = await insertBookings(db, [
          {
            customerId: customer.id,
            serviceId: service.id,
            slotId: slot.id,
            bayId: bay.id,
            occupiedFrom: startsAt,
            occupiedUntil: endsAt,
            status: 'confirm',
            payment: 'paid',
            priceCents: 5000,
          },
        ]);
        return { id: booking?.id ?? '', phone };
      };
      // Twenty bookings within the reminder window, each reminded by whichever instance claims it, its text
      // queued beside; ten of them with a text already queued and due, which both senders find as they start.
      const reminded = [];
      for (let n = 0; n < 10; n++) reminded.push(await bookingIn(HOUR + n * 70 * MINUTE, n));
      const queued = [];
      for (let n = 10; n < 20; n++) {
        const booking = await bookingIn(HOUR + n * 70 * MINUTE, n);
        await db.insert(bookingMessages).values({
          bookingId: booking.id,
          kind: 'ready',
          channel: 'text',
          recipient: booking.phone,
          body: `Ready ${n}`,
          sendAfter: new Date(now - MINUTE),
        });
        queued.push(booking);
      }
      const everyone = [...reminded, ...queued];
      const texts = everyone.length + queued.length;

      servers.push(
        ...(await Promise.all(
          SENDERS.map((from, n) =>
            startServerProcess({
              DATABASE_URL: postgres.url,
              DATA_DIR: dataDirs[n] ?? '',
              PUBLIC_URL: `http://instance${n}.test`,
              SEED_DEMO_DATA: 'false',
              TWILIO_ACCOUNT_SID: FAKE_ACCOUNT_SID,
              TWILIO_AUTH_TOKEN: twilio.authToken,
              TWILIO_FROM: from,
              TWILIO_API_URL: apiUrl,
              TEXT_QUIET_HOURS: '',
            }),
          ),
        )),
      );
      const textsSent = async () =>
        (await db.select().from(bookingMessages).where(eq(bookingMessages.status, 'sent'))).length;
      for (let attempt = 0; attempt < 400 && (await textsSent()) < texts; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Closing waits for a run under way: whatever either instance would still send is in by now.
      for (const server of servers.splice(0)) {
        server.child.kill('SIGTERM');
        await server.exited;
      }

      expect(twilio.sent.map((text) => text.to).sort()).toEqual(
        [...everyone, ...queued].map((booking) => booking.phone).sort(),
      );
      // Both instances sent some of them.
      expect(new Set(twilio.sent.map((text) => text.from))).toEqual(new Set(SENDERS));
      const rows = await db.select().from(bookingMessages);
      expect(rows).toHaveLength(texts);
      expect(rows.every((row) => row.status === 'sent' && row.providerId !== null)).toBe(true);
      expect(
        rows
          .filter((row) => row.kind === 'reminder')
          .map((row) => row.bookingId)
          .sort(),
      ).toEqual(everyone.map((booking) => booking.id).sort());
    } finally {
      for (const server of servers) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      await direct.close();
      await twilio.close();
      await postgres.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
