import type { Booking } from '@carcare/contracts/bookings';
import { formatInstantDay } from '@carcare/contracts/display-format';
import { siteHref } from '@carcare/contracts/site-routes';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import type { shopSettings } from '../../../db/schema';

/**
 * What a customer's emails and calendar events say about the shop, from its settings (the Settings screen)
 * as they are when the mail is written, and the locale and address of its configuration: nothing is written in.
 */
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
  /** A confirmed booking is reminded this many hours before its start. */
  reminderHoursBefore: number;
};

/** The settings a customer's emails use. */
export type ShopSettingsValues = Pick<
  typeof shopSettings.$inferSelect,
  | 'businessName'
  | 'timeZone'
  | 'currency'
  | 'address'
  | 'phone'
  | 'email'
  | 'cancellationCutoffHours'
  | 'reminderHoursBefore'
>;

export function shopDetails(settings: ShopSettingsValues, config: Pick<Config, 'business' | 'publicUrl'>): ShopDetails {
  return {
    name: settings.businessName,
    timeZone: settings.timeZone,
    locale: config.business.locale,
    currency: settings.currency,
    contact: { address: settings.address, phone: settings.phone, email: settings.email },
    publicUrl: config.publicUrl,
    cancellationCutoffHours: settings.cancellationCutoffHours,
    reminderHoursBefore: settings.reminderHoursBefore,
  };
}

/** The shop as this instance knows it now: read at each use, since the Settings screen may change it any time. */
export const currentShopDetails = (app: FastifyInstance): ShopDetails =>
  shopDetails(app.shop.current().settings, app.config);

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
