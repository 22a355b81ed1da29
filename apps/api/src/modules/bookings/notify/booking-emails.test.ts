import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readCalendarFile } from '../../../../test/calendar-file';
import { fakeStripe } from '../../../../test/fake-stripe';
import {
  asUser,
  createTestApp,
  paidBooking,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../../test/helper';
import { type ReadMail, readMailsTo } from '../../../../test/outbox';
import { bookingLines, bookings, users } from '../../../db/schema';

const SHOP = {
  name: 'Shine & Co',
  timeZone: 'Asia/Dhaka',
  // Not the default locale: the emails write days the shop's way.
  locale: 'en-GB',
  currency: 'USD',
  contact: { address: '12 Polish Lane, Dhaka 1205', phone: '+880 1711-111111', email: 'desk@shine.example' },
};
const PUBLIC_URL = 'https://shine.example';
const FOOTER = [
  'Your bookings: https://shine.example/dashboard/user/my-bookings',
  'Shine & Co\n12 Polish Lane, Dhaka 1205\n+880 1711-111111 · desk@shine.example',
];
const CHANGE_RULE =
  'You can cancel it (refunded in full) or move it to another time in My Bookings up to 24 hours before it starts.';

/** A mail's text part as the templates lay it out: paragraphs a blank line apart, then the shop's footer. */
const text = (...paragraphs: string[]) => [...paragraphs, ...FOOTER].join('\n\n');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** "26 Nov 2026" for 2026-11-26, as en-GB writes the app's one date format, worked out by hand. */
const dayOf = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year}`;
};

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ business: SHOP, publicUrl: PUBLIC_URL });
  admin = await signedInUser(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

/** A customer whose first name needs escaping in HTML. */
async function customerNamed(app: TestApp, firstName = 'Ana <Bee>') {
  const customer = await signedInUser(app.app);
  await app.database.db.update(users).set({ firstName }).where(eq(users.id, customer.id));
  return customer;
}

/** The customer's mails once every mail the requests so far started has been sent. */
async function mailsOf(customer: TestUser, app: TestApp = t): Promise<ReadMail[]> {
  await app.app.backgroundTasks.settled();
  return readMailsTo(app.config.dataDir, customer.email);
}

/** The one mail whose subject ends so ('is confirmed', 'is cancelled'…): mails sent at once have no set order. */
const mailEnding = (mails: ReadMail[], ending: string) => {
  const found = mails.filter((mail) => mail.subject.endsWith(ending));
  expect(found).toHaveLength(1);
  return found[0];
};

async function washSlots(app: TestApp = t) {
  const { service, slots } = await serviceWithSlots(app.app, { timeZone: SHOP.timeZone });
  const [first, second] = slots;
  if (!first || !second) throw new Error('slots were not created');
  return { service, first, second };
}

const expectHtmlOf = (mail: ReadMail | undefined, heading: string, values: string[]) => {
  const html = mail?.html ?? '';
  expect(html).toContain(`>${heading}</h1>`);
  expect(html).toContain('Hello Ana &#60;Bee&#62;,');
  expect(html).not.toContain('<Bee>');
  for (const value of values) expect(html).toContain(value);
  expect(html).toContain('href="https://shine.example/dashboard/user/my-bookings"');
  expect(html).toContain('Shine &#38; Co<br>12 Polish Lane, Dhaka 1205<br>+880 1711-111111 · ');
  expect(html).toContain('href="mailto:desk@shine.example"');
};

describe('the confirmation', () => {
  it('is sent once when the sandbox checkout is paid, in text and HTML, with the booking as an .ics', async () => {
    const customer = await customerNamed(t);
    const { service, first } = await washSlots();
    const { id, session } = await paidBooking(t.app, customer, service.id, first.id);
    // The provider may report the payment again: nothing more is sent.
    await t.app.inject({ method: 'POST', url: `/pay/${session}/pay` });

    const mails = await mailsOf(customer);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const day = dayOf(first.date);
    expect(mail?.from).toBe('no-reply@shine.example');
    expect(mail?.to).toEqual([customer.email]);
    expect(mail?.subject).toBe(`Shine & Co: your Foam Wash on ${day} at 08:00 is confirmed`);
    expect(mail?.text).toBe(
      text(
        'Hello Ana <Bee>,',
        'Thank you: your payment has come in and your booking is confirmed.',
        `Service: Foam Wash\nDate:    ${day}\nTime:    08:00–09:00 (Asia/Dhaka)\nBay:     Bay 1\nPaid:    $45.50`,
        'The calendar file attached to this email adds the booking to your calendar.',
        CHANGE_RULE,
      ),
    );
    expectHtmlOf(mail, 'Your booking is confirmed', [day, '08:00–09:00 (Asia/Dhaka)', 'Bay 1', '$45.50']);

    expect(mail?.attachments).toHaveLength(1);
    const [calendar] = mail?.attachments ?? [];
    expect(calendar).toMatchObject({
      filename: `shine-co-foam-wash-${first.date}.ics`,
      mimeType: 'text/calendar',
      method: 'PUBLISH',
    });
    expect(readCalendarFile(calendar?.content ?? '')).toMatchObject({
      uid: `${id}@shine.example`,
      start: { tzid: 'Asia/Dhaka', local: `${first.date}T08:00:00`, instant: first.startsAt.toISOString() },
      end: { tzid: 'Asia/Dhaka', local: `${first.date}T09:00:00`, instant: first.endsAt.toISOString() },
      summary: 'Foam Wash at Shine & Co',
      location: SHOP.contact.address,
      status: 'CONFIRMED',
    });
  });

  it('is not sent for a checkout cancelled at the sandbox page', async () => {
    const customer = await customerNamed(t);
    const { service, first } = await washSlots();
    const created = await t.app.inject(
      asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: first.id } }),
    );
    const session = String(created.json().data.payment_url).split('/pay/')[1];
    await t.app.inject({ method: 'POST', url: `/pay/${session}/cancel` });
    expect(await mailsOf(customer)).toEqual([]);
  });
});

describe('the cancellation', () => {
  it('tells a customer who cancelled that the refund is done', async () => {
    const customer = await customerNamed(t);
    const { service, first } = await washSlots();
    const { id } = await paidBooking(t.app, customer, service.id, first.id);
    const response = await t.app.inject(asUser(customer, { method: 'POST', url: `/api/bookings/${id}/cancel` }));
    expect(response.statusCode).toBe(200);

    const mails = await mailsOf(customer);
    expect(mails).toHaveLength(2);
    const mail = mailEnding(mails, 'is cancelled');
    const day = dayOf(first.date);
    expect(mail?.to).toEqual([customer.email]);
    expect(mail?.subject).toBe(`Shine & Co: your Foam Wash on ${day} at 08:00 is cancelled`);
    expect(mail?.text).toBe(
      text(
        'Hello Ana <Bee>,',
        'As you asked, your booking has been cancelled.',
        'We have refunded $45.50 to the card or account you paid with.',
        `Service: Foam Wash\nDate:    ${day}\nTime:    08:00–09:00 (Asia/Dhaka)\nBay:     Bay 1\nStatus:  Cancelled\nPayment: Refunded $45.50`,
        'The calendar file attached to this email takes the booking out of your calendar.',
      ),
    );
    expectHtmlOf(mail, 'Your booking is cancelled', [day, 'Bay 1', 'Cancelled', 'Refunded $45.50']);

    // The calendar file cancels the event the confirmation added: same UID, a later SEQUENCE, METHOD:CANCEL.
    const confirmed = readCalendarFile(mailEnding(mails, 'is confirmed')?.attachments[0]?.content ?? '');
    expect(mail?.attachments).toHaveLength(1);
    const [calendar] = mail?.attachments ?? [];
    expect(calendar).toMatchObject({
      filename: `shine-co-foam-wash-${first.date}.ics`,
      mimeType: 'text/calendar',
      method: 'CANCEL',
    });
    expect(calendar?.content).toMatch(/^METHOD:CANCEL\r?$/m);
    const cancelled = readCalendarFile(calendar?.content ?? '');
    expect(cancelled).toMatchObject({
      method: 'CANCEL',
      eventCount: 1,
      uid: `${id}@shine.example`,
      status: 'CANCELLED',
      start: { tzid: 'Asia/Dhaka', local: `${first.date}T08:00:00`, instant: first.startsAt.toISOString() },
      end: { tzid: 'Asia/Dhaka', local: `${first.date}T09:00:00`, instant: first.endsAt.toISOString() },
      summary: 'Foam Wash at Shine & Co',
    });
    expect(confirmed).toMatchObject({ method: 'PUBLISH', uid: cancelled.uid, status: 'CONFIRMED' });
    expect(cancelled.sequence).toBeGreaterThan(confirmed.sequence);
    expect(calendar?.content).toMatch(/^ORGANIZER;CN="Shine & Co":mailto:desk@shine\.example\r?$/m);
  });

  it('tells the customer when the shop cancelled without a refund', async () => {
    const customer = await customerNamed(t);
    const { service, first } = await washSlots();
    const { id } = await paidBooking(t.app, customer, service.id, first.id);
    const response = await t.app.inject(
      asUser(admin, { method: 'POST', url: `/api/bookings/${id}/cancel`, payload: { refund: false } }),
    );
    expect(response.statusCode).toBe(200);

    const mail = mailEnding(await mailsOf(customer), 'is cancelled');
    const day = dayOf(first.date);
    expect(mail?.text).toBe(
      text(
        'Hello Ana <Bee>,',
        'Shine & Co has cancelled your booking. If you would like another time, please book again or contact us.',
        'This booking is not refunded. If you have a question about it, please contact us.',
        `Service: Foam Wash\nDate:    ${day}\nTime:    08:00–09:00 (Asia/Dhaka)\nBay:     Bay 1\nStatus:  Cancelled`,
        'The calendar file attached to this email takes the booking out of your calendar.',
      ),
    );
    expectHtmlOf(mail, 'Your booking is cancelled', ['Shine &#38; Co has cancelled your booking.']);
    expect(mail?.attachments.map((attachment) => attachment.method)).toEqual(['CANCEL']);
  });

  it('gives the reason the shop cancelled for', async () => {
    const customer = await customerNamed(t);
    const staff = await signedInUser(t.app, 'staff');
    const { service, first } = await washSlots();
    const { id } = await paidBooking(t.app, customer, service.id, first.id);
    const response = await t.app.inject(
      asUser(staff, {
        method: 'POST',
        url: `/api/bookings/${id}/cancel`,
        payload: { refund: false, reason: 'Shop closed or short-staffed' },
      }),
    );
    expect(response.statusCode).toBe(200);
    const mail = mailEnding(await mailsOf(customer), 'is cancelled');
    expect(mail?.text).toContain('Status:  Cancelled\nReason:  Shop closed or short-staffed\n');
  });

  it('never fails the cancellation when the mail cannot be sent: the failure is logged', async () => {
    const customer = await customerNamed(t);
    const { service, first } = await washSlots();
    const { id } = await paidBooking(t.app, customer, service.id, first.id);
    await t.app.backgroundTasks.settled();
    const realSend = t.app.mailer.send;
    const logged = vi.spyOn(t.app.log, 'error');
    t.app.mailer.send = async () => {
      throw new Error('the mail server is down');
    };
    try {
      const response = await t.app.inject(asUser(customer, { method: 'POST', url: `/api/bookings/${id}/cancel` }));
      expect(response.statusCode).toBe(200);
      expect(response.json().data.booking).toMatchObject({ status: 'cancel', refund: { status: 'refunded' } });
      await t.app.backgroundTasks.settled();
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ task: 'booking cancelled email', err: expect.any(Error) }),
        'background task failed',
      );
    } finally {
      t.app.mailer.send = realSend;
      logged.mockRestore();
    }
    const [stored] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(stored).toMatchObject({ status: 'cancel', payment: 'paid' });
  });
});

describe('the reschedule', () => {
  it('gives the new time, the old one, and the event again under the same UID', async () => {
    const customer = await customerNamed(t);
    const { service, first, second } = await washSlots();
    const { id } = await paidBooking(t.app, customer, service.id, first.id);
    const response = await t.app.inject(
      asUser(customer, { method: 'POST', url: `/api/bookings/${id}/reschedule`, payload: { slot: second.id } }),
    );
    expect(response.statusCode).toBe(200);

    const mails = await mailsOf(customer);
    expect(mails).toHaveLength(2);
    const confirmation = mailEnding(mails, 'is confirmed');
    const mail = mailEnding(mails, `at 09:00`);
    const day = dayOf(first.date);
    expect(mail?.to).toEqual([customer.email]);
    expect(mail?.subject).toBe(`Shine & Co: your Foam Wash has moved to ${day} at 09:00`);
    expect(mail?.text).toBe(
      text(
        'Hello Ana <Bee>,',
        'Your booking has moved to a new time. Your payment moves with it: there is nothing more to pay.',
        `Service: Foam Wash\nDate:    ${day}\nTime:    09:00–10:00 (Asia/Dhaka)\nBay:     Bay 1\nBefore:  ${day}, 08:00–09:00\nPaid:    $45.50`,
        'The calendar file attached to this email puts the booking at its new time in your calendar, in place of the old one.',
        CHANGE_RULE,
      ),
    );
    expectHtmlOf(mail, 'Your booking has moved', ['09:00–10:00 (Asia/Dhaka)', `${day}, 08:00–09:00`]);

    const [calendar] = mail?.attachments ?? [];
    expect(calendar).toMatchObject({ filename: `shine-co-foam-wash-${second.date}.ics`, mimeType: 'text/calendar' });
    const moved = readCalendarFile(calendar?.content ?? '');
    const original = readCalendarFile(confirmation?.attachments[0]?.content ?? '');
    expect(moved.uid).toBe(original.uid);
    expect(moved.sequence).toBeGreaterThanOrEqual(original.sequence);
    expect(moved.start).toEqual({
      tzid: 'Asia/Dhaka',
      local: `${second.date}T09:00:00`,
      instant: second.startsAt.toISOString(),
    });
    expect(moved.end.instant).toBe(second.endsAt.toISOString());
  });

  it('says the shop moved it for the weather, with the reason, at no cost to the customer', async () => {
    const customer = await customerNamed(t);
    const staff = await signedInUser(t.app, 'staff');
    const { service, first, second } = await washSlots();
    const { id } = await paidBooking(t.app, customer, service.id, first.id);
    const response = await t.app.inject(
      asUser(staff, {
        method: 'POST',
        url: `/api/bookings/${id}/reschedule`,
        payload: { slot: second.id, reason: 'weather', reasonText: 'Storm warning' },
      }),
    );
    expect(response.statusCode).toBe(200);

    const mail = mailEnding(await mailsOf(customer), 'at 09:00');
    const day = dayOf(first.date);
    expect(mail?.text).toBe(
      text(
        'Hello Ana <Bee>,',
        'Shine & Co has moved your booking to a new time because of the weather.',
        'This move is at no cost to you: nothing is charged for it, and any payment you made moves with the booking.',
        `Service: Foam Wash\nDate:    ${day}\nTime:    09:00–10:00 (Asia/Dhaka)\nBay:     Bay 1\nBefore:  ${day}, 08:00–09:00\nReason:  Weather: Storm warning\nPaid:    $45.50`,
        'The calendar file attached to this email puts the booking at its new time in your calendar, in place of the old one.',
        CHANGE_RULE,
      ),
    );
    expectHtmlOf(mail, 'Your booking has moved', [
      'Shine &#38; Co has moved your booking to a new time because of the weather.',
      'This move is at no cost to you',
      'Weather: Storm warning',
    ]);
  });

  it('names the balance still to be paid at the shop when only part was paid', async () => {
    const customer = await customerNamed(t);
    const { service, first, second } = await washSlots();
    const { id } = await paidBooking(t.app, customer, service.id, first.id);
    // The job grew by 20 at the desk: 45.50 paid online, 20 still due.
    await t.database.db.transaction(async (tx) => {
      await tx.update(bookings).set({ priceCents: 6550 }).where(eq(bookings.id, id));
      await tx.update(bookingLines).set({ priceCents: 6550 }).where(eq(bookingLines.bookingId, id));
    });
    const response = await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: `/api/bookings/${id}/reschedule`,
        payload: { slot: second.id, reason: 'customer' },
      }),
    );
    expect(response.json().data).toMatchObject({ amountPaid: 45.5, balanceDue: 20 });
    const mail = mailEnding(await mailsOf(customer), 'at 09:00');
    const day = dayOf(first.date);
    expect(mail?.text).toBe(
      text(
        'Hello Ana <Bee>,',
        'Shine & Co has moved your booking to a new time at your request.',
        'Your payment moves with it. The balance of $20.00 is paid at the shop, as before.',
        `Service:     Foam Wash\nDate:        ${day}\nTime:        09:00–10:00 (Asia/Dhaka)\nBay:         Bay 1\nBefore:      ${day}, 08:00–09:00\nReason:      At your request\nPaid:        $45.50\nBalance due: $20.00`,
        'The calendar file attached to this email puts the booking at its new time in your calendar, in place of the old one.',
        CHANGE_RULE,
      ),
    );
  });

  it("says so for the shop's own request too, and not for a move the customer asked for", async () => {
    const customer = await customerNamed(t);
    const { service, first, second } = await washSlots();
    const { id } = await paidBooking(t.app, customer, service.id, first.id);
    const move = (slot: string, reason: string) =>
      t.app.inject(asUser(admin, { method: 'POST', url: `/api/bookings/${id}/reschedule`, payload: { slot, reason } }));
    expect((await move(second.id, 'shop')).statusCode).toBe(200);
    await t.app.backgroundTasks.settled();
    expect((await move(first.id, 'customer')).statusCode).toBe(200);

    const mails = await mailsOf(customer);
    const byShop = mailEnding(mails, 'at 09:00');
    expect(byShop?.text).toContain(
      "Shine & Co has moved your booking to a new time at the shop's request.\n\nThis move is at no cost to you: nothing is charged for it, and any payment you made moves with the booking.",
    );
    expect(byShop?.text).toContain("Reason:  The shop's request\n");
    const asked = mailEnding(mails, 'at 08:00');
    expect(asked?.text).toContain(
      'Shine & Co has moved your booking to a new time at your request.\n\nYour payment moves with it: there is nothing more to pay.',
    );
    expect(asked?.text).toContain('Reason:  At your request\n');
    expect(asked?.text).not.toContain('no cost');
  });
});

describe('a payment that came after the hold ran out', () => {
  it('tells the customer the money is given back, once however often the payment is reported', async () => {
    const customer = await customerNamed(t);
    const { service, first } = await washSlots();
    const created = await t.app.inject(
      asUser(customer, { method: 'POST', url: `/api/bookings`, payload: { service: service.id, slot: first.id } }),
    );
    const id = created.json().data.booking._id;
    const session = String(created.json().data.payment_url).split('/pay/')[1];
    // The hold ended while the customer was still on the provider's checkout page, which stayed open.
    await t.database.db.update(bookings).set({ status: 'cancel' }).where(eq(bookings.id, id));

    const paid = await t.app.inject({ method: 'POST', url: `/pay/${session}/pay` });
    expect(paid.headers.location).toBe(`/payment/failed?booking=${id}`);
    await t.app.inject({ method: 'POST', url: `/pay/${session}/pay` });

    const mails = await mailsOf(customer);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const day = dayOf(first.date);
    expect(mail?.to).toEqual([customer.email]);
    expect(mail?.subject).toBe(`Shine & Co: your payment for Foam Wash on ${day} at 08:00 is refunded`);
    expect(mail?.text).toBe(
      text(
        'Hello Ana <Bee>,',
        'Your payment of $45.50 reached us after the time held for your booking had run out, so the booking could not be confirmed and its time may have gone to another customer.',
        'We have given the money back: $45.50 is refunded to the card or account you paid with.',
        `Service: Foam Wash\nDate:    ${day}\nTime:    08:00–09:00 (Asia/Dhaka)\nBay:     Bay 1\nPayment: Refunded $45.50`,
        'If you still want a visit, please book again: https://shine.example/services',
      ),
    );
    expectHtmlOf(mail, 'Your payment is given back', ['Refunded $45.50']);
    expect(mail?.attachments).toEqual([]);
  });
});

describe('the confirmation after a Stripe webhook', () => {
  const WEBHOOK_SECRET = 'whsec_emails';
  const signer = new Stripe('sk_test_signer');
  let stripeApp: TestApp;
  let fake: ReturnType<typeof fakeStripe>;

  beforeAll(async () => {
    fake = fakeStripe();
    const port = await fake.listen();
    stripeApp = await createTestApp({
      business: SHOP,
      publicUrl: PUBLIC_URL,
      payment: {
        provider: 'stripe',
        stripeSecretKey: 'sk_test_fake',
        stripeWebhookSecret: WEBHOOK_SECRET,
        stripeConnection: { host: '127.0.0.1', port, protocol: 'http' },
      },
    });
  });
  afterAll(async () => {
    await stripeApp.close();
    await fake.close();
  });

  const completed = (sessionId: string) => {
    const payload = JSON.stringify({
      id: `evt_completed_${sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid' } },
    });
    return stripeApp.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
  };

  it('is sent once, however often Stripe reports the payment', async () => {
    const customer = await customerNamed(stripeApp);
    const { service, first } = await washSlots(stripeApp);
    const created = await stripeApp.app.inject(
      asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: first.id } }),
    );
    expect(created.statusCode).toBe(201);
    const sessionId = String(created.json().data.payment_url).split('/').pop() ?? '';
    expect((await completed(sessionId)).statusCode).toBe(200);
    expect((await completed(sessionId)).statusCode).toBe(200);

    const mails = await mailsOf(customer, stripeApp);
    expect(mails).toHaveLength(1);
    const day = dayOf(first.date);
    expect(mails[0]?.subject).toBe(`Shine & Co: your Foam Wash on ${day} at 08:00 is confirmed`);
    expect(mails[0]?.text).toContain(`Time:    08:00–09:00 (Asia/Dhaka)\nBay:     Bay 1\nPaid:    $45.50`);
    expect(readCalendarFile(mails[0]?.attachments[0]?.content ?? '').uid).toBe(
      `${created.json().data.booking._id}@shine.example`,
    );
  });
});
