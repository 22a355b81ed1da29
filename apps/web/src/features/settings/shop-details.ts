import type { ShopSettings, UpdateSettingsInput } from '@carcare/contracts/shop-settings';
import { SLOT_STEP_CHOICES } from '@carcare/contracts/shop-settings-constants';

/** The settings the shop details form edits: everything but the hours, which have their own editor. */
export const DETAIL_FIELDS = [
  'businessName',
  'address',
  'phone',
  'email',
  'timeZone',
  'currency',
  'cancellationCutoffHours',
  'paymentHoldMinutes',
  'reminderHoursBefore',
  'bookingHorizonDays',
  'minimumNoticeMinutes',
  'slotStepMinutes',
] as const satisfies readonly (keyof UpdateSettingsInput & keyof ShopSettings)[];

export type DetailField = (typeof DETAIL_FIELDS)[number];
export type ShopDetails = Pick<ShopSettings, DetailField>;

export const detailsOf = (settings: ShopSettings): ShopDetails =>
  Object.fromEntries(DETAIL_FIELDS.map((field) => [field, settings[field]])) as ShopDetails;

/** Only what differs from the saved settings, so that the audit trail records only real changes. */
export const changedDetails = (values: UpdateSettingsInput, saved: ShopDetails): UpdateSettingsInput =>
  Object.fromEntries(
    DETAIL_FIELDS.filter((field) => values[field] !== undefined && values[field] !== saved[field]).map((field) => [
      field,
      values[field],
    ]),
  );

/** Currencies a shop is likely to price in; the saved one is offered too when it is not among them. */
const COMMON_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'JPY',
  'CNY',
  'HKD',
  'SGD',
  'INR',
  'BDT',
  'PKR',
  'AED',
  'SAR',
  'ZAR',
  'BRL',
  'MXN',
] as const;

const currencyName = (code: string) => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
};

export const currencyOptions = (saved: string) =>
  [...new Set([saved, ...COMMON_CURRENCIES])].map((code) => ({
    value: code,
    label: `${code} · ${currencyName(code)}`,
  }));

export const stepOptions = (saved: number) =>
  [...new Set([...SLOT_STEP_CHOICES, saved])]
    .sort((a, b) => a - b)
    .map((step) => ({ value: String(step), label: `${step} minutes` }));

/** Every IANA zone the browser knows, with the saved one (UTC is not always listed). */
export const timeZoneChoices = (saved: string): string[] => {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(saved) ? known : [saved, ...known];
};
