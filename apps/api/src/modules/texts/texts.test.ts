import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { TEXT_MESSAGES } from '@carcare/contracts/texts-constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedBookingOver } from '../../../test/booking-rows';
import { FAKE_ACCOUNT_SID, fakeTwilio, signedWebhook } from '../../../test/fake-twilio';
import {
  asUser,
  createTestApp,
  mailsTo,
  serviceWithSlots,
  signedInUser,
  storedCustomer,
  type TestApp,
} from '../../../test/helper';
import { bookingMessages, bookings, textKeywordEvents, textOptOuts, users } from '../../db/schema';
import { createOutboxProvider } from './outbox-provider';
import { queueCustomerMessage } from './queue-message';
import { afterQuietHours } from './quiet-hours';
import { sendDueMessages } from './send-due-messages';

const HOUR = 3_600_000;
const FROM = '+15005550006';

const twilio = fakeTwilio();
let t: TestApp;

beforeAll(async () => {
  const apiUrl = await twilio.listen();
  t = await createTestApp({
    texts: {
      twilio: {
        accountSid: FAKE_ACCOUNT_SID,
        authToken: twilio.authToken,
        from: FROM,
        messagingServiceSid: undefined,
        apiUrl,
      },
      quietHours: '',
      reviewRequestDelayHours: 3,
    },
  });
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

const send = (now = new Date()) =>
  sendDueMessages(
    { db: t.app.db, provider: t.app.texts.provider, mailer: t.app.mailer, shopName: () => 'Shop', log: t.app.log },
    now,
  );

let counter = 0;
let phoneCounter = 1000;

/** A confirmed booking that started an hour ago, its customer taking texts at a number of their own (or not). */
async function startedBooking(
  customer: { texts: boolean; phone?: boolean; reviewRequestsOff?: boolean } = { texts: true },
) {
  counter += 1;
  phoneCounter += 1;
  const phone = `+1415555${phoneCounter}`;
  const person = await storedCustomer(t.app, {
    firstName: 'Tess',
    lastName: `Texter ${counter}`,
    email: `tess${counter}.${randomUUID().slice(0, 8)}@example.com`,
  });
  await t.app.db
    .update(users)
    .set({
      phone: customer.phone === false ? null : phone,
      textsAcceptedAt: customer.texts ? new Date() : null,
      reviewRequestsOff: customer.reviewRequestsOff ?? false,
    })
    .where(eq(users.id, person.id));
  const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 - HOUR);
  const { booking } = await confirmedBookingOver(
    t.app.db,
    person.id,
    { start, end: new Date(start.getTime() + 2 * HOUR) },
    'Text',
  );
  return { id: booking.id, customerId: person.id, email: person.email ?? '', phone };
}

const messagesOf = (bookingId: string) =>
  t.app.db
    .select()
    .from(bookingMessages)
    .where(eq(bookingMessages.bookingId, bookingId))
    .orderBy(bookingMessages.createdAt);

const markReady = async (bookingId: string, staff?: { accessToken: string }) => {
  const caller = staff ?? (await signedInUser(t.app, 'staff'));
  const response = await t.app.inject(asUser(caller, { method: 'POST', url: `/api/bookings/${bookingId}/ready` }));
  await t.app.backgroundTasks.settled();
  return response;
};

describe('quiet hours', () => {
  const zone = 'America/New_York';
  // 2026-06-15 is summer time in New York: UTC-4.
  const at = (utc: string) => new Date(utc);

  it('let a text go at 20:59 and hold one at 21:00 until 08:00 the next morning', () => {
    expect(afterQuietHours(at('2026-06-16T00:59:00Z'), '21:00-08:00', zone)).toEqual(at('2026-06-16T00:59:00Z'));
    expect(afterQuietHours(at('2026-06-16T01:00:00Z'), '21:00-08:00', zone)).toEqual(at('2026-06-16T12:00:00Z'));
  });

  it('hold a text at 07:59 until 08:00 the same morning, and let one at 08:00 go', () => {
    expect(afterQuietHours(at('2026-06-16T11:59:00Z'), '21:00-08:00', zone)).toEqual(at('2026-06-16T12:00:00Z'));
    expect(afterQuietHours(at('2026-06-16T12:00:00Z'), '21:00-08:00', zone)).toEqual(at('2026-06-16T12:00:00Z'));
  });

  it('end at 08:00 as the shop clock reads it across a change to and from summer time', () => {
    // 22:00 EST on 7 March 2026; clocks go forward that night: 08:00 EDT is 12:00 UTC.
    expect(afterQuietHours(at('2026-03-08T03:00:00Z'), '21:00-08:00', zone)).toEqual(at('2026-03-08T12:00:00Z'));
    // 23:00 EDT on 31 October 2026; clocks go back that night: 08:00 EST is 13:00 UTC.
    expect(afterQuietHours(at('2026-11-01T03:00:00Z'), '21:00-08:00', zone)).toEqual(at('2026-11-01T13:00:00Z'));
  });

  it('are none when empty, and may lie within a day', () => {
    expect(afterQuietHours(at('2026-06-16T02:00:00Z'), '', zone)).toEqual(at('2026-06-16T02:00:00Z'));
    expect(afterQuietHours(at('2026-06-16T17:30:00Z'), '13:00-14:00', zone)).toEqual(at('2026-06-16T18:00:00Z'));
    expect(afterQuietHours(at('2026-06-16T18:00:00Z'), '13:00-14:00', zone)).toEqual(at('2026-06-16T18:00:00Z'));
  });

  it('move a text the customer did not ask for to the morning, but not one they asked for', async () => {
    const booking = await startedBooking();
    const timing = { quietHours: '21:00-08:00', timeZone: zone };
    const evening = at('2026-06-16T02:30:00Z');
    const common = { bookingId: booking.id, customerId: booking.customerId, text: 'Hello', notBefore: evening };
    await queueCustomerMessage(t.app.db, { ...common, kind: 'ready', askedByCustomer: false }, timing);
    await queueCustomerMessage(t.app.db, { ...common, kind: 'confirmation', askedByCustomer: true }, timing);
    const rows = await messagesOf(booking.id);
    expect(rows.map((row) => [row.kind, row.channel, row.sendAfter])).toEqual(
      expect.arrayContaining([
        ['ready', 'text', at('2026-06-16T12:00:00Z')],
        ['confirmation', 'text', evening],
      ]),
    );
    // Not for the sender of the tests below.
    await t.app.db.delete(bookingMessages).where(eq(bookingMessages.bookingId, booking.id));
  });
});

describe('the outbox provider', () => {
  it('writes each text as one private file: a To line with the number, a blank line, then the text', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'carcare-sms-'));
    try {
      const outbox = createOutboxProvider({ dataDir, log: t.app.log });
      const { providerId } = await outbox.send({ to: '+14155550100', body: 'Your car is ready' });
      const folder = path.join(dataDir, 'outbox', 'sms');
      const files = readdirSync(folder);
      expect(files).toHaveLength(1);
      const file = path.join(folder, files[0] ?? '');
      expect(file).toContain(providerId);
      expect(readFileSync(file, 'utf8')).toBe('To: +14155550100\n\nYour car is ready\n');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(folder).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('POST /api/bookings/:id/ready', () => {
  it('marks a started booking ready once and texts its customer through Twilio, then records delivery', async () => {
    const booking = await startedBooking();
    const response = await markReady(booking.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(BOOKING_MESSAGES.markedReady);
    expect(response.json().data.readyAt).not.toBeNull();

    const before = twilio.sent.length;
    expect(await send()).toBe(1);
    const [text] = twilio.sent.slice(before);
    expect(text?.to).toBe(booking.phone);
    expect(text?.from).toBe(FROM);
    expect(text?.body).toContain('your car is ready to collect');
    expect(text?.body.length).toBeLessThan(320);
    const [row] = await messagesOf(booking.id);
    expect(row).toMatchObject({ kind: 'ready', channel: 'text', status: 'sent', providerId: text?.sid });
    expect(text?.statusCallback).toBe(`${t.config.publicUrl}/api/texts/status?message=${row?.id}`);
    expect(twilio.calls.every((call) => call.authorized)).toBe(true);

    const delivered = await t.app.inject(twilio.statusReport(t.config.publicUrl, text?.sid ?? '', 'delivered'));
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().message).toBe(TEXT_MESSAGES.statusRecorded);
    // A late "sent" never takes a delivered text back.
    await t.app.inject(twilio.statusReport(t.config.publicUrl, text?.sid ?? '', 'sent'));
    expect((await messagesOf(booking.id))[0]?.status).toBe('delivered');
    // The customer's booking shows what they were told.
    const customer = await t.app.inject(
      asUser(await signedInUser(t.app, 'admin'), { url: `/api/bookings/${booking.id}` }),
    );
    expect(customer.json().data.messages).toEqual([
      expect.objectContaining({ kind: 'ready', channel: 'text', status: 'delivered' }),
    ]);
  });

  it('refuses a second mark with 409, and sends nothing twice', async () => {
    const booking = await startedBooking();
    const staff = await signedInUser(t.app, 'staff');
    expect((await markReady(booking.id, staff)).statusCode).toBe(200);
    const again = await markReady(booking.id, staff);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BOOKING_MESSAGES.alreadyReady);
    expect(await messagesOf(booking.id)).toHaveLength(1);
  });

  it('refuses a booking not yet started, an unknown one, and callers who are not the shop', async () => {
    const booking = await startedBooking();
    await t.app.db
      .update(bookings)
      .set({ occupiedFrom: new Date(Date.now() + HOUR), occupiedUntil: new Date(Date.now() + 2 * HOUR) })
      .where(eq(bookings.id, booking.id));
    const early = await markReady(booking.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(BOOKING_MESSAGES.readyNotStarted);

    const unknown = await markReady(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(BOOKING_MESSAGES.notFound);

    const customer = await signedInUser(t.app);
    expect((await markReady(booking.id, customer)).statusCode).toBe(403);
    const visitor = await t.app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/ready` });
    expect(visitor.statusCode).toBe(401);
    const staff = await signedInUser(t.app, 'staff');
    expect((await t.app.inject(asUser(staff, { method: 'POST', url: '/api/bookings/x/ready' }))).statusCode).toBe(400);
  });

  it('emails a customer who takes no texts, and texts nobody without consent or after STOP', async () => {
    const noConsent = await startedBooking({ texts: false });
    await markReady(noConsent.id);
    const stopped = await startedBooking();
    await t.app.db.insert(textOptOuts).values({ phone: stopped.phone, stoppedAt: new Date() });
    await markReady(stopped.id);
    const before = twilio.sent.length;
    await send();
    expect(twilio.sent.slice(before).map((text) => text.to)).not.toContain(noConsent.phone);
    expect(twilio.sent.slice(before).map((text) => text.to)).not.toContain(stopped.phone);
    for (const booking of [noConsent, stopped]) {
      expect((await messagesOf(booking.id)).map((row) => [row.channel, row.status])).toEqual([['email', 'sent']]);
      expect(mailsTo(t.config.dataDir, booking.email).join()).toContain('your car is ready to collect');
    }
  });
});

describe('a delivery report', () => {
  it('that comes before Twilio has answered the send is applied to the text its address names', async () => {
    const booking = await startedBooking();
    await markReady(booking.id);
    const held = twilio.holdNextReply();
    const sending = send();
    const text = await held.received;
    // Twilio has the text, and reports it delivered, while the app still waits for its id.
    const early = await t.app.inject(twilio.reportOn(text, 'delivered'));
    expect(early.statusCode).toBe(200);
    expect((await messagesOf(booking.id))[0]).toMatchObject({ status: 'delivered', providerId: null });
    held.release();
    expect(await sending).toBe(1);
    // The sender's own write keeps the report and stores the id, by which a later report is matched.
    expect((await messagesOf(booking.id))[0]).toMatchObject({ status: 'delivered', providerId: text.sid });
    await t.app.inject(twilio.reportOn(text, 'sent'));
    expect((await messagesOf(booking.id))[0]?.status).toBe('delivered');
  });

  it('naming another text than its id is, or naming one badly, changes nothing', async () => {
    const first = await startedBooking();
    const second = await startedBooking();
    await markReady(first.id);
    await markReady(second.id);
    const before = twilio.sent.length;
    expect(await send()).toBe(2);
    const [one, other] = twilio.sent.slice(before);
    if (!one || !other) throw new Error('two texts were sent');
    // The second text's report, signed, but on the first text's address: neither text changes.
    const crossed = await t.app.inject(twilio.reportOn({ ...other, statusCallback: one.statusCallback }, 'failed'));
    expect(crossed.statusCode).toBe(200);
    for (const booking of [first, second]) expect((await messagesOf(booking.id))[0]?.status).toBe('sent');

    const badly = await t.app.inject(
      twilio.reportOn({ ...one, statusCallback: `${t.config.publicUrl}/api/texts/status?message=x` }, 'failed'),
    );
    expect(badly.statusCode).toBe(400);
    expect(badly.json().message).toBe(TEXT_MESSAGES.messageReferenceInvalid);
    expect((await messagesOf(first.id))[0]?.status).toBe('sent');
  });
});

describe('a text that fails', () => {
  it('is emailed instead when Twilio reports it undelivered, once however often the report comes', async () => {
    const booking = await startedBooking();
    await markReady(booking.id);
    const before = twilio.sent.length;
    await send();
    const sid = twilio.sent[before]?.sid ?? '';
    for (let i = 0; i < 2; i += 1) {
      expect((await t.app.inject(twilio.statusReport(t.config.publicUrl, sid, 'undelivered'))).statusCode).toBe(200);
    }
    const rows = await messagesOf(booking.id);
    expect(rows.map((row) => [row.channel, row.status])).toEqual([
      ['text', 'failed'],
      ['email', 'queued'],
    ]);
    expect(rows[0]?.error).toBe('The text was undelivered (error 30003)');
    expect(await send()).toBe(1);
    expect(mailsTo(t.config.dataDir, booking.email)).toHaveLength(1);
  });

  it('is emailed instead when Twilio refuses it', async () => {
    const booking = await startedBooking();
    await markReady(booking.id);
    twilio.refuseNext();
    await send();
    const rows = await messagesOf(booking.id);
    expect(rows.map((row) => [row.channel, row.status])).toEqual([
      ['text', 'failed'],
      ['email', 'queued'],
    ]);
    expect(rows[0]?.error).toContain('not a valid phone number');
    await send();
    expect(mailsTo(t.config.dataDir, booking.email).join()).toContain('your car is ready to collect');
  });
});

describe('the review request', () => {
  const complete = async (bookingId: string) => {
    const admin = await signedInUser(t.app, 'admin');
    const response = await t.app.inject(asUser(admin, { method: 'POST', url: `/api/bookings/${bookingId}/complete` }));
    await t.app.backgroundTasks.settled();
    return response;
  };

  it('is texted REVIEW_REQUEST_DELAY_HOURS after the booking is completed, with its signed link', async () => {
    const booking = await startedBooking();
    const before = Date.now();
    expect((await complete(booking.id)).statusCode).toBe(200);
    const [row] = await messagesOf(booking.id);
    expect(row).toMatchObject({ kind: 'review_request', channel: 'text', status: 'queued' });
    const delay = (row?.sendAfter.getTime() ?? 0) - before;
    expect(delay).toBeGreaterThanOrEqual(3 * HOUR);
    expect(delay).toBeLessThan(3 * HOUR + 60_000);
    expect(row?.body).toMatch(new RegExp(`${t.config.publicUrl}/review/${booking.id}~[\\w-]+`));
    expect(await send(new Date(before + 2 * HOUR))).toBe(0);
    expect(await send(new Date(before + 3 * HOUR + 60_000))).toBe(1);
  });

  it('is emailed to a customer who takes no texts, and never sent to one who turned review requests off', async () => {
    const emailed = await startedBooking({ texts: false });
    await complete(emailed.id);
    expect((await messagesOf(emailed.id)).map((row) => [row.kind, row.channel])).toEqual([['review_request', 'email']]);
    const off = await startedBooking({ texts: true, reviewRequestsOff: true });
    await complete(off.id);
    expect(await messagesOf(off.id)).toEqual([]);
  });
});

describe('texts from customers', () => {
  const inbound = (from: string, body: string, sid = `SM${randomUUID().replaceAll('-', '')}`) =>
    t.app.inject(twilio.inboundText(t.config.publicUrl, from, body, sid));

  it('STOP stops texts to the number, once per message, and START lets them go again', async () => {
    const booking = await startedBooking();
    const sid = `SM${randomUUID().replaceAll('-', '')}`;
    const stop = await inbound(booking.phone, ' stop ', sid);
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(stop.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    await inbound(booking.phone, 'STOP', sid);
    expect(await t.app.db.select().from(textOptOuts).where(eq(textOptOuts.phone, booking.phone))).toHaveLength(1);
    expect(await t.app.db.select().from(textKeywordEvents).where(eq(textKeywordEvents.phone, booking.phone))).toEqual([
      expect.objectContaining({ keyword: 'stop', providerId: sid }),
    ]);

    await markReady(booking.id);
    expect((await messagesOf(booking.id)).map((row) => row.channel)).toEqual(['email']);

    await inbound(booking.phone, 'Unstop');
    expect(await t.app.db.select().from(textOptOuts).where(eq(textOptOuts.phone, booking.phone))).toEqual([]);
    const keywords = await t.app.db
      .select({ keyword: textKeywordEvents.keyword })
      .from(textKeywordEvents)
      .where(eq(textKeywordEvents.phone, booking.phone));
    expect(keywords.map((row) => row.keyword).sort()).toEqual(['start', 'stop']);
  });

  it('a text queued before STOP is not sent after it', async () => {
    const booking = await startedBooking();
    await markReady(booking.id);
    await inbound(booking.phone, 'UNSUBSCRIBE');
    await send();
    expect((await messagesOf(booking.id)).map((row) => [row.channel, row.status])).toEqual([['text', 'skipped']]);
  });

  it("HELP is answered with the shop's name and phone", async () => {
    const help = await inbound('+14155559999', 'help');
    const { businessName, phone } = t.app.shop.current().settings;
    expect(help.statusCode).toBe(200);
    expect(help.body).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${TEXT_MESSAGES.help(businessName, phone)}</Message></Response>`,
    );
    const [event] = await t.app.db
      .select()
      .from(textKeywordEvents)
      .where(and(eq(textKeywordEvents.phone, '+14155559999')));
    expect(event?.keyword).toBe('help');
  });

  it('refuses a call whose signature is not made with the auth token, and one with none', async () => {
    const forged = signedWebhook('not-the-token', t.config.publicUrl, '/api/texts/inbound', {
      MessageSid: 'SMforged',
      From: '+14155550100',
      Body: 'STOP',
    });
    const refused = await t.app.inject(forged);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TEXT_MESSAGES.badSignature);
    const unsigned = await t.app.inject({
      ...forged,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsigned.statusCode).toBe(403);
    // Signed for other fields than those sent.
    const tampered = await t.app.inject({
      ...twilio.statusReport(t.config.publicUrl, 'SM1', 'sent'),
      payload: 'MessageSid=SM2&MessageStatus=failed',
    });
    expect(tampered.statusCode).toBe(403);
    expect(await t.app.db.select().from(textOptOuts).where(eq(textOptOuts.phone, '+14155550100'))).toEqual([]);
  });

  it('refuses a signed call missing a field with 400', async () => {
    const missing = await t.app.inject(
      signedWebhook(twilio.authToken, t.config.publicUrl, '/api/texts/status', { MessageSid: 'SM1' }),
    );
    expect(missing.statusCode).toBe(400);
  });
});

describe('texts without Twilio', () => {
  it('answers 404 at the webhooks when no webhook token is set, and signs with it when one is', async () => {
    const bare = await createTestApp();
    const token = 'w'.repeat(40);
    const keyed = await createTestApp({ texts: { webhookToken: token } });
    try {
      expect(bare.app.texts.provider.name).toBe('outbox');
      for (const url of ['/api/texts/status', '/api/texts/inbound']) {
        const answer = await bare.app.inject(
          signedWebhook(token, bare.config.publicUrl, url, {
            MessageSid: 'SM1',
            MessageStatus: 'failed',
            From: '+14155550100',
            Body: 'STOP',
          }),
        );
        expect(answer.statusCode).toBe(404);
        expect(answer.json().message).toBe(TEXT_MESSAGES.notSetUp);
      }
      const help = await keyed.app.inject(
        signedWebhook(token, keyed.config.publicUrl, '/api/texts/inbound', {
          MessageSid: 'SM1',
          From: '+14155550100',
          Body: 'HELP',
        }),
      );
      expect(help.statusCode).toBe(200);
      expect(help.body).toContain('<Message>');
    } finally {
      await bare.close();
      await keyed.close();
    }
  });
});

describe("a customer's choice of texts and review requests", () => {
  const stored = async (id: string) => {
    const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
    return row;
  };

  it('is kept from registration, and changed on the profile: yes keeps the first date, no clears it', async () => {
    const email = `chooser.${randomUUID().slice(0, 8)}@example.com`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/customer',
      payload: {
        firstName: 'Cho',
        lastName: 'Oser',
        email,
        address: '1 Road',
        password: 'secret-password',
        confirmPassword: 'secret-password',
        phone: '+14155550177',
        textsAccepted: true,
      },
    });
    expect(registered.statusCode).toBe(201);
    const id = registered.json().data._id as string;
    const accepted = (await stored(id))?.textsAcceptedAt;
    expect(accepted).toBeInstanceOf(Date);
    const caller = { accessToken: registered.json().accessToken as string };
    const update = (payload: object) =>
      t.app.inject(asUser(caller, { method: 'PUT', url: '/api/user/update', payload }));

    const again = await update({ textsAccepted: true, reviewRequestsOff: true });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ textsAccepted: true, reviewRequestsOff: true });
    expect(await stored(id)).toMatchObject({ textsAcceptedAt: accepted, reviewRequestsOff: true });

    const off = await update({ textsAccepted: false });
    expect(off.json().data).toMatchObject({ textsAccepted: false, reviewRequestsOff: true });
    expect((await stored(id))?.textsAcceptedAt).toBeNull();

    const bad = await update({ textsAccepted: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(TEXT_MESSAGES.textsAcceptedInvalid);
  });

  it('is kept from a booking of their own, and its confirmation is texted once it is paid', async () => {
    const customer = await signedInUser(t.app);
    await t.app.db.update(users).set({ phone: '+14155550178' }).where(eq(users.id, customer.id));
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Texted Wash' });
    const created = await t.app.inject(
      asUser(customer, {
        method: 'POST',
        url: '/api/bookings',
        payload: { service: service.id, slot: slot?.id, textsAccepted: true },
      }),
    );
    expect(created.statusCode).toBe(201);
    expect((await stored(customer.id))?.textsAcceptedAt).toBeInstanceOf(Date);
    const session = String(created.json().data.payment_url).split('/pay/')[1];
    await t.app.inject({ method: 'POST', url: `/pay/${session}/pay` });
    await t.app.backgroundTasks.settled();
    const bookingId = created.json().data.booking._id as string;
    expect((await messagesOf(bookingId)).map((row) => [row.kind, row.channel, row.recipient])).toEqual([
      ['confirmation', 'text', '+14155550178'],
    ]);
  });
});
