import { paymentText, statusWord } from '@carcare/contracts/booking-words';
import type { Booking, RefundOutcome } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { FREE_MOVE_REASONS, type MoveReason } from '@carcare/contracts/front-desk-constants';
import { siteHref } from '@carcare/contracts/site-routes';
import type { Mail, MailAttachment } from '../../../lib/mailer';
import type { Move } from '../change/reschedule-booking';
import type { LatePayment } from '../checkout/settle-checkout';
import { type CalendarFile, calendarAttachment } from './booking-calendar';
import { carDetails, formatJobTimes } from './booking-car';
import { formatDay, formatMoney, myBookingsUrl, type ShopDetails } from './shop-details';

/** What one email says, written once: the plain text and the HTML parts are both made from it. */
type Letter = {
  subject: string;
  heading: string;
  /** Paragraphs before the booking's details. */
  lead: string[];
  details: Array<readonly [label: string, value: string]>;
  /** Paragraphs after them. */
  closing: string[];
  attachments?: MailAttachment[];
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The service, day, time and bay, then the car and its priced lines when it named one: every email names them. */
const bookingDetails = (booking: Booking, shop: ShopDetails) =>
  [
    ['Service', booking.service.name],
    ['Date', formatDay(booking.slot, shop)],
    ['Time', formatJobTimes(booking, shop)],
    ['Bay', booking.bay.name],
    ...carDetails(booking, shop),
  ] as const;

const startOf = (booking: Booking, shop: ShopDetails) =>
  `${formatDay(booking.slot, shop)} at ${booking.slot.startTime}`;

const changeRule = (shop: ShopDetails) =>
  `You can cancel it (refunded in full) or move it to another time in My Bookings ${
    shop.cancellationCutoffHours === 0
      ? 'until it starts'
      : `up to ${shop.cancellationCutoffHours} ${shop.cancellationCutoffHours === 1 ? 'hour' : 'hours'} before it starts`
  }.`;

/** 'Refunded $45.50' or 'Refund of $45.50 on its way', in the words of the web app. */
const refundWords = (refund: { status: 'pending' | 'refunded'; amount: number }, shop: ShopDetails) =>
  paymentText({ payment: 'paid', refund }, (amount) => formatMoney(amount, shop));

function textPart(booking: Booking, shop: ShopDetails, letter: Letter): string {
  const width = Math.max(...letter.details.map(([label]) => label.length)) + 2;
  return [
    `Hello ${booking.customer.firstName},`,
    ...letter.lead,
    letter.details.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`).join('\n'),
    ...letter.closing,
    `Your bookings: ${myBookingsUrl(shop)}`,
    [shop.name, shop.contact.address, `${shop.contact.phone} · ${shop.contact.email}`].join('\n'),
  ].join('\n\n');
}

function htmlPart(booking: Booking, shop: ShopDetails, letter: Letter): string {
  const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const rows = letter.details
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;font-weight:normal;color:#64748b;padding:4px 20px 4px 0">${escapeHtml(label)}</th><td style="font-weight:600;padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const url = escapeHtml(myBookingsUrl(shop));
  const email = escapeHtml(shop.contact.email);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(letter.subject)}</title></head>
<body style="margin:0;background:#f1f5f9;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:32px 28px;background:#ffffff">
<h1 style="font-size:21px;margin:0 0 16px">${escapeHtml(letter.heading)}</h1>
${paragraph(`Hello ${booking.customer.firstName},`)}
${letter.lead.map(paragraph).join('\n')}
<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>
${letter.closing.map(paragraph).join('\n')}
<p style="margin:0 0 24px"><a href="${url}" style="color:#0284c7">See your bookings</a></p>
<p style="margin:0;padding-top:16px;border-top:1px solid #e2e8f0;color:#64748b;font-size:13px">${escapeHtml(shop.name)}<br>${escapeHtml(shop.contact.address)}<br>${escapeHtml(shop.contact.phone)} · <a href="mailto:${email}" style="color:#64748b">${email}</a></p>
</div>
</body></html>
`;
}

function compose(booking: Booking, shop: ShopDetails, letter: Letter): Mail {
  return {
    to: booking.customer.email,
    subject: letter.subject,
    text: `${textPart(booking, shop, letter)}\n`,
    html: htmlPart(booking, shop, letter),
    ...(letter.attachments ? { attachments: letter.attachments } : {}),
  };
}

/** Sent once the booking's payment has come in. */
export function bookingConfirmedEmail(booking: Booking, shop: ShopDetails, calendar: CalendarFile): Mail {
  // Paid in full, a deposit with the rest at the shop, or nothing yet with the card saved for the shop to charge.
  const paid: Array<[string, string]> = booking.amountPaid > 0 ? [['Paid', formatMoney(booking.amountPaid, shop)]] : [];
  const due: Array<[string, string]> =
    booking.balanceDue > 0 ? [['To pay at the shop', formatMoney(booking.balanceDue, shop)]] : [];
  return compose(booking, shop, {
    subject: `${shop.name}: your ${booking.service.name} on ${startOf(booking, shop)} is confirmed`,
    heading: 'Your booking is confirmed',
    lead: [
      booking.amountPaid > 0
        ? 'Thank you: your payment has come in and your booking is confirmed.'
        : 'Thank you: your card is saved and your booking is confirmed. You pay at the shop, when you come.',
    ],
    details: [...bookingDetails(booking, shop), ...paid, ...due],
    closing: ['The calendar file attached to this email adds the booking to your calendar.', changeRule(shop)],
    attachments: [calendarAttachment(calendar)],
  });
}

/** Sent when the shop books a job for a customer who pays at the shop: confirmed, nothing paid yet. */
export function bookedByShopEmail(booking: Booking, shop: ShopDetails, calendar: CalendarFile): Mail {
  return compose(booking, shop, {
    subject: `${shop.name}: your ${booking.service.name} on ${startOf(booking, shop)} is booked`,
    heading: 'Your booking is confirmed',
    lead: ['We have booked this for you, and it is confirmed. You pay at the shop, when you come.'],
    details: [...bookingDetails(booking, shop), ['To pay at the shop', formatMoney(booking.total, shop)]],
    closing: ['The calendar file attached to this email adds the booking to your calendar.', changeRule(shop)],
    attachments: [calendarAttachment(calendar)],
  });
}

/** Who cancelled: the customer, or the shop on their behalf. */
export type CancelledBy = 'customer' | 'shop';

/**
 * Sent when a booking is cancelled, saying what happened to the money, with the calendar file that takes the
 * event out of the customer's calendar.
 */
export function bookingCancelledEmail(
  booking: Booking,
  refund: RefundOutcome,
  shop: ShopDetails,
  by: CancelledBy,
  calendar: CalendarFile,
): Mail {
  const amount = formatMoney(refund.amount, shop);
  const money =
    refund.status === 'refunded'
      ? `We have refunded ${amount} to the card or account you paid with.`
      : refund.status === 'pending'
        ? `Your refund of ${amount} is on its way: it may take a few days to reach the card or account you paid with.`
        : booking.payment === 'paid'
          ? 'This booking is not refunded. If you have a question about it, please contact us.'
          : 'Nothing was charged for it.';
  return compose(booking, shop, {
    subject: `${shop.name}: your ${booking.service.name} on ${startOf(booking, shop)} is cancelled`,
    heading: 'Your booking is cancelled',
    lead: [
      by === 'customer'
        ? 'As you asked, your booking has been cancelled.'
        : `${shop.name} has cancelled your booking. If you would like another time, please book again or contact us.`,
      money,
    ],
    details: [
      ...bookingDetails(booking, shop),
      ['Status', statusWord(booking.status)],
      ...(by === 'shop' && booking.cancelReason ? [['Reason', booking.cancelReason] as const] : []),
      ...(refund.status === 'none'
        ? []
        : [['Payment', refundWords({ status: refund.status, amount: refund.amount }, shop)] as const]),
    ],
    closing: ['The calendar file attached to this email takes the booking out of your calendar.'],
    attachments: [calendarAttachment(calendar, 'CANCEL')],
  });
}

/** Why the shop moved a booking, in words: the lead's ending, and the email's Reason line. */
const MOVE_WORDS: Record<MoveReason, { because: string; label: string }> = {
  customer: { because: ' at your request', label: 'At your request' },
  weather: { because: ' because of the weather', label: 'Weather' },
  shop: { because: " at the shop's request", label: "The shop's request" },
  other: { because: '', label: 'Other' },
};

/** What the customer is told of the money when a booking moves: a move that is the shop's doing costs nothing. */
function moneyOfMove(booking: Booking, move: Move, shop: ShopDetails): string {
  if (move.by === 'shop' && FREE_MOVE_REASONS.includes(move.reason)) {
    return 'This move is at no cost to you: nothing is charged for it, and any payment you made moves with the booking.';
  }
  if (booking.balanceDue > 0) {
    return `Your payment moves with it. The balance of ${formatMoney(booking.balanceDue, shop)} is paid at the shop, as before.`;
  }
  return 'Your payment moves with it: there is nothing more to pay.';
}

/**
 * Sent when a booking moves to another slot, with the event at its new time. A move by the shop says so, and
 * why; for the weather or the shop's own request it says the move costs the customer nothing.
 */
export function bookingRescheduledEmail(
  booking: Booking,
  previous: Booking['slot'],
  shop: ShopDetails,
  calendar: CalendarFile,
  move: Move = { by: 'customer' },
): Mail {
  const words = move.by === 'shop' ? MOVE_WORDS[move.reason] : undefined;
  const reason =
    move.by === 'shop' && words
      ? move.reasonText
        ? move.reason === 'other'
          ? move.reasonText
          : `${words.label}: ${move.reasonText}`
        : words.label
      : undefined;
  return compose(booking, shop, {
    subject: `${shop.name}: your ${booking.service.name} has moved to ${startOf(booking, shop)}`,
    heading: 'Your booking has moved',
    lead: words
      ? [`${shop.name} has moved your booking to a new time${words.because}.`, moneyOfMove(booking, move, shop)]
      : [`Your booking has moved to a new time. ${moneyOfMove(booking, move, shop)}`],
    details: [
      ...bookingDetails(booking, shop),
      ['Before', `${formatDay(previous, shop)}, ${previous.startTime}–${previous.endTime}`],
      ...(reason === undefined ? [] : [['Reason', reason] as const]),
      ['Paid', formatMoney(booking.amountPaid, shop)],
      ...(booking.balanceDue > 0 ? [['Balance due', formatMoney(booking.balanceDue, shop)] as const] : []),
    ],
    closing: [
      'The calendar file attached to this email puts the booking at its new time in your calendar, in place of the old one.',
      changeRule(shop),
    ],
    attachments: [calendarAttachment(calendar)],
  });
}

/** Sent when a payment reached the shop after the booking it was for had ended: the money goes back. */
export function latePaymentRefundedEmail(booking: Booking, late: LatePayment, shop: ShopDetails): Mail {
  const amount = formatMoney(late.amountCents / 100, shop);
  return compose(booking, shop, {
    subject: `${shop.name}: your payment for ${booking.service.name} on ${startOf(booking, shop)} is refunded`,
    heading: 'Your payment is given back',
    lead: [
      `Your payment of ${amount} reached us after the time held for your booking had run out, so the booking could not be confirmed and its time may have gone to another customer.`,
      late.status === 'refunded'
        ? `We have given the money back: ${amount} is refunded to the card or account you paid with.`
        : `We are giving the money back: the refund of ${amount} is on its way and may take a few days to reach the card or account you paid with.`,
    ],
    details: [
      ...bookingDetails(booking, shop),
      ['Payment', refundWords({ status: late.status, amount: late.amountCents / 100 }, shop)],
    ],
    closing: [`If you still want a visit, please book again: ${shop.publicUrl}${siteHref('services')}`],
  });
}

/** Sent when the shop books for a customer who pays by a link: the booking and where to pay for it. */
export function paymentLinkEmail(
  booking: Booking,
  paymentUrl: string,
  shop: ShopDetails,
  dueOnline: number = booking.total,
): Mail {
  // The terms the customer accepted may ask a deposit now (the rest at the shop), or only their card.
  const asked =
    dueOnline === 0
      ? 'open this link to save the card you will pay with at the shop.'
      : dueOnline < booking.total
        ? `open this link to pay the deposit of ${formatMoney(dueOnline, shop)}; the rest, ${formatMoney(booking.total - dueOnline, shop)}, is paid at the shop.`
        : `open this link to pay ${formatMoney(booking.total, shop)}.`;
  return compose(booking, shop, {
    subject: `${shop.name}: pay for your ${booking.service.name} on ${startOf(booking, shop)}`,
    heading: 'Your booking is waiting for payment',
    lead: [
      `We have booked your ${booking.service.name} for you. It is confirmed once it is paid: ${asked}`,
      paymentUrl,
    ],
    details: [...bookingDetails(booking, shop), ['To pay', formatMoney(dueOnline, shop)]],
    closing: ['If the time is not paid for soon, it is freed for other customers: call us and we will book it again.'],
  });
}

/** A charge of the card on file that the customer's bank wants them to approve: the link to pay it themselves. */
export function cardApprovalEmail(
  booking: Booking,
  charge: { what: string; amount: number; url: string },
  shop: ShopDetails,
): Mail {
  return compose(booking, shop, {
    subject: `${shop.name}: please approve the payment of your ${charge.what}`,
    heading: 'Your bank asks you to approve a payment',
    lead: [
      `We tried to charge ${formatMoney(charge.amount, shop)} for the ${charge.what} of your ${booking.service.name} to the card you saved, and your bank asks you to approve it. Open this link to pay:`,
      charge.url,
    ],
    details: [...bookingDetails(booking, shop), ['To pay', formatMoney(charge.amount, shop)]],
    closing: [`Questions about this charge? ${BOOKING_MESSAGES.shopContact(shop.contact)}.`],
  });
}

/** Sent ahead of the visit (REMINDER_HOURS_BEFORE). */
export function bookingReminderEmail(booking: Booking, shop: ShopDetails): Mail {
  return compose(booking, shop, {
    subject: `${shop.name}: reminder of your ${booking.service.name} on ${startOf(booking, shop)}`,
    heading: 'See you soon',
    lead: [`This is a reminder of your booking at ${shop.name}.`],
    details: [...bookingDetails(booking, shop), ['Where', shop.contact.address]],
    closing: [`If you cannot come, please let us know: ${BOOKING_MESSAGES.shopContact(shop.contact)}.`],
  });
}
