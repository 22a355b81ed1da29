import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { bays, bookings, services, slots, users } from '../../src/db/schema';
import { insertBookings } from '../booking-rows';
import { createPostgresDatabase, utcSlotRow } from '../helper';
import { type ServerProcess, startServerProcess } from '../server-process';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const INSTANCES = ['a.test', 'b.test'];

type Received = { sender: string; recipients: string[] };

/**
 * A mail server on the loopback that speaks just enough SMTP for nodemailer. It holds back its answer to
 * the first messages until a message has come from every instance (told apart by the sender's domain),
 * so both instances are certainly sending reminders at the same time, not one after the other.
 */
async function gatedMailServer(senders: string[]) {
  const received: Received[] = [];
  const seen = new Set<string>();
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  // Should one instance never send, the test fails on its count rather than hanging.
  const giveUp = setTimeout(open, 30_000);

  const serve = (socket: Socket) => {
    let buffer = '';
    let inData = false;
    let sender = '';
    let recipients: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 reminders.test ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push({ sender, recipients });
          seen.add(sender.split('@')[1] ?? '');
          if (senders.every((domain) => seen.has(domain))) open();
          void gate.then(() => reply('250 queued'));
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const address = line.match(/<([^>]*)>/)?.[1] ?? '';
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 reminders.test');
        else if (verb === 'MAIL') {
          sender = address;
          recipients = [];
          reply('250 ok');
        } else if (verb === 'RCPT') {
          recipients.push(address);
          reply('250 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go on');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else reply(verb === 'RSET' || verb === 'NOOP' ? '250 ok' : '502 not here');
      }
    });
    socket.on('error', () => {});
  };
  const server: Server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: async () => {
      clearTimeout(giveUp);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('two API processes on one PostgreSQL', () => {
  it('send each due reminder exactly once while both run the reminder job', async () => {
    const postgres = await createPostgresDatabase();
    const mail = await gatedMailServer(INSTANCES);
    const dataDirs = INSTANCES.map((name) => mkdtempSync(path.join(tmpdir(), `carcare-reminders-${name}-`)));
    const servers: ServerProcess[] = [];
    const direct = await openDatabase({ kind: 'postgres', url: postgres.url });
    try {
      await direct.migrate();
      const { db } = direct;
      const [bay] = await db.select().from(bays).limit(1);
      const [service] = await db
        .insert(services)
        .values({ name: 'Twin Wash', description: 'An hour', durationMinutes: 60, priceCents: 5000 })
        .returning();
      if (!bay || !service) throw new Error('the shop was not set up');
      const now = Math.floor(Date.now() / MINUTE) * MINUTE;
      /** A confirmed booking of a customer of its own, on the shop's one bay, starting `offset` from now. */
      const bookingIn = async (offset: number, n: number) => {
        const [customer] = await db
          .insert(users)
          .values({ firstName: 'Twin', lastName: `${n}`, email: `twin.reminder${n}@example.com`, passwordHash: 'x' })
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
        return { id: booking?.id ?? '', email: customer.email };
      };
      // Twelve bookings within the next 24 hours, 70 minutes apart; one already started, one two days ahead.
      const due = [];
      for (let n = 0; n < 12; n++) due.push(await bookingIn(HOUR + n * 70 * MINUTE, n));
      const started = await bookingIn(-30 * MINUTE, 100);
      const farAhead = await bookingIn(48 * HOUR, 101);

      // Both start together: each runs the job as it becomes ready.
      servers.push(
        ...(await Promise.all(
          INSTANCES.map((host, n) =>
            startServerProcess({
              DATABASE_URL: postgres.url,
              DATA_DIR: dataDirs[n] ?? '',
              SMTP_URL: mail.url,
              PUBLIC_URL: `http://${host}`,
              SEED_DEMO_DATA: 'false',
            }),
          ),
        )),
      );
      const sentCount = async () =>
        (
          await db
            .select({ id: bookings.id })
            .from(bookings)
            .where(and(eq(bookings.status, 'confirm'), isNotNull(bookings.reminderSentAt)))
        ).length;
      for (let attempt = 0; attempt < 300 && (await sentCount()) < due.length; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Closing waits for a run under way: whatever either instance would still send is in by now.
      for (const server of servers.splice(0)) {
        server.child.kill('SIGTERM');
        await server.exited;
      }

      const recipients = mail.received.flatMap((message) => message.recipients).sort();
      expect(recipients).toEqual(due.map((booking) => booking.email).sort());
      expect(mail.received.every((message) => message.recipients.length === 1)).toBe(true);
      // Both instances sent some of them.
      expect(new Set(mail.received.map((message) => message.sender))).toEqual(
        new Set(INSTANCES.map((host) => `no-reply@${host}`)),
      );
      const state = await db
        .select({ id: bookings.id, sentAt: bookings.reminderSentAt })
        .from(bookings)
        .where(eq(bookings.serviceId, service.id));
      const sent = new Set(state.filter((row) => row.sentAt !== null).map((row) => row.id));
      expect(sent).toEqual(new Set(due.map((booking) => booking.id)));
      expect(sent.has(started.id) || sent.has(farAhead.id)).toBe(false);
    } finally {
      for (const server of servers) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      await direct.close();
      await mail.close();
      await postgres.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
