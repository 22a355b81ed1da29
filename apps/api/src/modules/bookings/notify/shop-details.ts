import type { Booking } from '@carcare/contracts/bookings';
import { formatInstantDay } from '@carcare/contracts/display-format';
import { siteHref } from '@carcare/contracts/site-routes';
import type { Config } from '../../../config';

/** What a customer's emails and calendar events say about the shop, all from config: nothing is written in. */
export type ShopDetails = {
  name: string;
  timeZone: string;
  /** How dates read, as on the web app's screens. */
  locale: string;
  currency: string;
  contact: { address: string; phone: string; email: string };
  publicUrl: string;
  /** Up to this many hours before the start a customer may cancel or move a booking online. */
  cancellationCutoffHours: number;
};

export function shopDetails(config: Config): ShopDetails {
  return {
    name: config.business.name,
    timeZone: config.business.timeZone,
    locale: config.business.locale,
    currency: config.business.currency,
    contact: config.business.contact,
    publicUrl: config.publicUrl,
    cancellationCutoffHours: config.lifecycle.cancellationCutoffHours,
  };
}

/** Where customers see, cancel and move their bookings. */
export const myBookingsUrl = (shop: ShopDetails) => `${shop.publicUrl}${siteHref('userMyBookings')}`;

export const formatMoney = (amount: number, shop: ShopDetails) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: shop.currency }).format(amount);

/** The slot's day in the shop's time zone and locale, as every screen writes it, e.g. "Nov 26, 2026". */
export const formatDay = (slot: Booking['slot'], shop: ShopDetails) =>
  formatInstantDay(slot.startsAt, shop.timeZone, shop.locale);

/** The slot's times as the shop's schedule gives them, with its time zone, e.g. "09:00–10:00 (Asia/Dhaka)". */
export const formatTimes = (slot: Booking['slot'], shop: ShopDetails) =>
  `${slot.startTime}–${slot.endTime} (${shop.timeZone})`;
