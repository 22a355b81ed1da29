import { describe, expect, it } from 'vitest';
import { PAYMENT_WORDS, paymentText, paymentWord, STATUS_WORDS, statusWord } from './booking-words';
import { BOOKING_STATUSES, PAYMENT_STATES } from './bookings-constants';

const dollars = (amount: number) => `$${amount}`;

describe('the words a booking is shown in', () => {
  it('names every status SPEC.md stores in the words people use', () => {
    expect(BOOKING_STATUSES.map(statusWord)).toEqual([
      'Awaiting payment',
      'Confirmed',
      'Cancelled',
      'Completed',
      'No-show',
    ]);
    expect(Object.keys(STATUS_WORDS)).toEqual([...BOOKING_STATUSES]);
  });

  it('names every payment value, and says Refunded once money went back, not Paid', () => {
    expect(PAYMENT_STATES.map((payment) => paymentWord({ payment, refund: null }))).toEqual([
      'Unpaid',
      'Paid',
      'Payment failed',
    ]);
    expect(Object.keys(PAYMENT_WORDS)).toEqual([...PAYMENT_STATES]);
    expect(paymentWord({ payment: 'paid', refund: { status: 'refunded', amount: 45 } })).toBe('Refunded');
    expect(paymentWord({ payment: 'paid', refund: { status: 'pending', amount: 45 } })).toBe('Refund on its way');
  });

  it('gives the refunded amount in the currency it is handed', () => {
    expect(paymentText({ payment: 'paid', refund: { status: 'refunded', amount: 45 } }, dollars)).toBe('Refunded $45');
    expect(paymentText({ payment: 'paid', refund: { status: 'pending', amount: 45 } }, dollars)).toBe(
      'Refund of $45 on its way',
    );
    expect(paymentText({ payment: 'paid', refund: null }, dollars)).toBe('Paid');
    expect(paymentText({ payment: 'unpaid', refund: null }, dollars)).toBe('Unpaid');
  });
});
