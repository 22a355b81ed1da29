import type { Booking } from '@carcare/contracts/bookings';
import { MAX_TEXT_LENGTH } from '@carcare/contracts/texts-constants';
import { formatDay, myBookingsUrl, type ShopDetails } from './shop-details';

/**
 * What each text says: short (one or two messages on a phone), in the shop's name, with the day and time as
 * the shop's screens and emails write them.
 */
const clip = (text: string) => (text.length <= MAX_TEXT_LENGTH ? text : `${text.slice(0, MAX_TEXT_LENGTH - 1)}…`);

const when = (booking: Booking, shop: ShopDetails) => `${formatDay(booking.slot, shop)} at ${booking.slot.startTime}`;

export const confirmationText = (booking: Booking, shop: ShopDetails) =>
  clip(
    `${shop.name}: your ${booking.service.name} is booked for ${when(booking, shop)}. To change it: ${myBookingsUrl(shop)}`,
  );

export const reminderText = (booking: Booking, shop: ShopDetails) =>
  clip(
    `${shop.name}: see you ${when(booking, shop)} for your ${booking.service.name}, ${shop.contact.address}. Can't come? Call ${shop.contact.phone}`,
  );

export const movedText = (booking: Booking, shop: ShopDetails) =>
  clip(
    `${shop.name}: your ${booking.service.name} is moved to ${when(booking, shop)}. Your bookings: ${myBookingsUrl(shop)}`,
  );

export const cancelledText = (booking: Booking, shop: ShopDetails) =>
  clip(
    `${shop.name}: your ${booking.service.name} on ${when(booking, shop)} is cancelled. Questions? Call ${shop.contact.phone}`,
  );

export const readyText = (booking: Booking, shop: ShopDetails) =>
  clip(`${shop.name}: your car is ready to collect (${booking.service.name}). See you soon! ${shop.contact.phone}`);

export const reviewRequestText = (shop: ShopDetails, link: string) =>
  clip(`${shop.name}: thank you for your visit! How did we do? Tell us in a minute: ${link}`);

/** The email of a message with no other email (ready, a review request): the text, greeted and signed. */
export const emailOfText = (booking: Booking, shop: ShopDetails, text: string) =>
  [
    `Hello ${booking.customer.firstName},`,
    text,
    [shop.name, shop.contact.address, `${shop.contact.phone} · ${shop.contact.email}`].join('\n'),
  ].join('\n\n');
