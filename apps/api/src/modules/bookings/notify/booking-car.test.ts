import type { Booking } from '@carcare/contracts/bookings';
import { describe, expect, it } from 'vitest';
import { readCalendarFile } from '../../../../test/calendar-file';
import { bookingCalendar } from './booking-calendar';
import { bookingConfirmedEmail, bookingReminderEmail } from './booking-emails';
import type { ShopDetails } from './shop-details';

const SHOP: ShopDetails = {
  name: 'Shine & Co',
  timeZone: 'UTC',
  locale: 'en-US',
  currency: 'USD',
  contact: { address: '12 Polish Lane', phone: '+1 415 555 0100', email: 'desk@shine.example' },
  publicUrl: 'https://shine.example',
  cancellationCutoffHours: 24,
  reminderHoursBefore: 24,
};

/** A paid Full Interior Detail on 2 March 2026, 09:00–11:00, as SPEC.md's client books it: no car named. */
const plain: Booking = {
  _id: '00000000-0000-4000-8000-000000000001',
  customer: {
    _id: '00000000-0000-4000-8000-000000000002',
    firstName: 'Ana',
    lastName: 'Smith',
    email: 'ana@example.com',
    phone: null,
  },
  service: { _id: '00000000-0000-4000-8000-000000000003', name: 'Full Interior Detail', price: 150, duration: 120 },
  slot: {
    _id: '00000000-0000-4000-8000-000000000004',
    date: '2026-03-02',
    startTime: '09:00',
    endTime: '11:00',
    startsAt: '2026-03-02T09:00:00.000Z',
    endsAt: '2026-03-02T11:00:00.000Z',
  },
  bay: { _id: '00000000-0000-4000-8000-000000000005', name: 'Bay 1' },
  bayHeld: { from: '2026-03-02T09:00:00.000Z', until: '2026-03-02T11:00:00.000Z' },
  payment: 'paid',
  status: 'confirm',
  holdExpiresAt: null,
  refund: null,
  createdAt: '2026-02-20T10:00:00.000Z',
  total: 150,
  duration: 120,
  lines: [{ kind: 'service', addOn: null, name: 'Full Interior Detail', price: 150, minutes: 120 }],
  vehicleClass: null,
  vehicle: null,
  amountPaid: 150,
  balanceDue: 0,
  payments: [
    {
      _id: '00000000-0000-4000-8000-000000000009',
      kind: 'full',
      method: 'online',
      amount: 150,
      createdAt: '2026-02-20T10:01:00.000Z',
    },
  ],
  payWith: 'online',
  bookedByShop: false,
  customerNote: null,
  cancelReason: null,
  policyVersion: null,
  lateCancellation: null,
  membership: null,
  readyAt: null,
  messages: [],
  fees: [],
};

const rav4: NonNullable<Booking['vehicle']> = {
  _id: '00000000-0000-4000-8000-000000000008',
  make: 'Toyota',
  model: 'RAV4',
  year: 2021,
  colour: 'blue',
  plate: 'AB12CD',
  plateRegion: 'CA',
  nickname: '',
};

/** The same visit for the customer's SUV with pet hair removal: the SUV's price and minutes, and the add-on's. */
const suvWithPetHair: Booking = {
  ...plain,
  service: { ...plain.service, price: 205 },
  total: 205,
  amountPaid: 205,
  duration: 170,
  lines: [
    { kind: 'service', addOn: null, name: 'Full Interior Detail', price: 180, minutes: 150 },
    { kind: 'addOn', addOn: '00000000-0000-4000-8000-000000000006', name: 'Pet hair removal', price: 25, minutes: 20 },
  ],
  vehicleClass: { _id: '00000000-0000-4000-8000-000000000007', name: 'SUV' },
  vehicle: rav4,
};

const CALENDAR = { filename: 'booking.ics', content: '' };

/** The details block of a mail's text part: the paragraph that starts with the service. */
const detailsOf = (text: string) => text.split('\n\n').find((paragraph) => paragraph.startsWith('Service:'));

describe("a booking's car in its emails", () => {
  it('gives the vehicle with its plate, the class, each line with its price and the total', () => {
    const mail = bookingConfirmedEmail(suvWithPetHair, SHOP, CALENDAR);
    expect(detailsOf(mail.text)).toBe(
      [
        'Service:              Full Interior Detail',
        'Date:                 Mar 2, 2026',
        // The SUV's 150 minutes and the add-on's 20: the job ends at 11:50, not at the slot's 11:00.
        'Time:                 09:00–11:50 (UTC)',
        'Bay:                  Bay 1',
        'Vehicle:              2021 Toyota RAV4, AB12CD',
        'Class:                SUV',
        'Full Interior Detail: $180.00',
        'Pet hair removal:     $25.00',
        'Total:                $205.00',
        'Paid:                 $205.00',
      ].join('\n'),
    );
    for (const shown of ['2021 Toyota RAV4, AB12CD', 'SUV', 'Pet hair removal', '$25.00', '$205.00']) {
      expect(mail.html).toContain(shown);
    }
  });

  it('calls the vehicle by its nickname, and leaves out a plate it does not have', () => {
    const bluey: Booking = { ...suvWithPetHair, vehicle: { ...rav4, nickname: 'Bluey', plate: null } };
    const mail = bookingReminderEmail(bluey, SHOP);
    expect(detailsOf(mail.text)).toContain('Vehicle:              Bluey\n');
  });

  it('gives a class with no vehicle and no add-on its line and total too', () => {
    const sedan: Booking = {
      ...plain,
      vehicleClass: { _id: '00000000-0000-4000-8000-000000000009', name: 'Sedan' },
    };
    expect(detailsOf(bookingReminderEmail(sedan, SHOP).text)).toBe(
      [
        'Service:              Full Interior Detail',
        'Date:                 Mar 2, 2026',
        'Time:                 09:00–11:00 (UTC)',
        'Bay:                  Bay 1',
        'Class:                Sedan',
        'Full Interior Detail: $150.00',
        'Total:                $150.00',
        'Where:                12 Polish Lane',
      ].join('\n'),
    );
  });

  it('reads as it always has for a booking that named no car', () => {
    const mail = bookingConfirmedEmail(plain, SHOP, CALENDAR);
    expect(detailsOf(mail.text)).toBe(
      [
        'Service: Full Interior Detail',
        'Date:    Mar 2, 2026',
        'Time:    09:00–11:00 (UTC)',
        'Bay:     Bay 1',
        'Paid:    $150.00',
      ].join('\n'),
    );
    expect(mail.html).not.toContain('Total');
  });
});

describe("a booking's car in its calendar event", () => {
  const descriptionOf = (booking: Booking) =>
    readCalendarFile(bookingCalendar(booking, SHOP, { revision: 0, now: new Date('2026-02-20T10:00:00Z') }).content)
      .description;

  it("lasts the whole job: the class's minutes and the add-ons'", () => {
    const event = readCalendarFile(
      bookingCalendar(suvWithPetHair, SHOP, { revision: 0, now: new Date('2026-02-20T10:00:00Z') }).content,
    );
    expect([event.start.instant, event.end.instant]).toEqual(['2026-03-02T09:00:00.000Z', '2026-03-02T11:50:00.000Z']);
    const base = readCalendarFile(bookingCalendar(plain, SHOP, { revision: 0 }).content);
    expect(base.end.instant).toBe('2026-03-02T11:00:00.000Z');
  });

  it('gives the job minutes, the vehicle, the class, the lines and the total', () => {
    expect(descriptionOf(suvWithPetHair)).toBe(
      [
        'Full Interior Detail, 170 minutes',
        'Bay: Bay 1',
        'Vehicle: 2021 Toyota RAV4, AB12CD',
        'Class: SUV',
        'Full Interior Detail: $180.00',
        'Pet hair removal: $25.00',
        'Total: $205.00',
        '',
        'To cancel or move it: https://shine.example/dashboard/user/my-bookings',
        'Shine & Co: +1 415 555 0100, desk@shine.example',
      ].join('\n'),
    );
  });

  it('reads as it always has for a booking that named no car', () => {
    expect(descriptionOf(plain)).toBe(
      [
        'Full Interior Detail, 120 minutes',
        'Bay: Bay 1',
        'Price: $150.00',
        '',
        'To cancel or move it: https://shine.example/dashboard/user/my-bookings',
        'Shine & Co: +1 415 555 0100, desk@shine.example',
      ].join('\n'),
    );
  });
});
