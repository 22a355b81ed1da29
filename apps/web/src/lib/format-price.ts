import { DEFAULT_CURRENCY } from '@carcare/contracts/app-config-constants';

// The interface is written in English, so amounts read the English way whatever the visitor's browser says.
const LOCALE = 'en-US';

const formatters = new Map<string, Intl.NumberFormat>();

const formatterFor = (currency: string) => {
  let formatter = formatters.get(currency);
  if (!formatter) {
    // Whole amounts keep SPEC's look ('$25'); others get the currency's own decimals ('$129.99', '$49.50').
    formatter = new Intl.NumberFormat(LOCALE, { style: 'currency', currency, trailingZeroDisplay: 'stripIfInteger' });
    formatters.set(currency, formatter);
  }
  return formatter;
};

/** A price in the business's currency (`GET /api/config`): '$25' in USD, '€25' in EUR. */
export const formatPrice = (price: number, currency: string = DEFAULT_CURRENCY) => formatterFor(currency).format(price);

/** The currency's sign as prices show it ('$', '€'), for labels such as 'Price ($)'. */
export const currencySymbol = (currency: string = DEFAULT_CURRENCY) =>
  formatterFor(currency)
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? currency;
