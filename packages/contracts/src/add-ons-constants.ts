/** Constants and messages only: importing them never loads a schema library. */
import { MAX_SERVICE_DURATION_MINUTES, MAX_SERVICE_PRICE } from './services-constants';
import { TEXT_LIMITS, tooLongMessage } from './text-limits';

/** The most add-ons one booking takes. */
export const MAX_BOOKING_ADD_ONS = 10;

/** The most add-ons a shop keeps active. */
export const MAX_ACTIVE_ADD_ONS = 50;

export const ADD_ON_MESSAGES = {
  retrieved: 'Add-ons retrieved',
  created: 'Add-on created',
  updated: 'Add-on updated',
  deactivated: 'Add-on deactivated',
  notFound: 'Add-on not found',
  nameRequired: 'Name is required',
  nameTooLong: tooLongMessage('Name', TEXT_LIMITS.catalogueName),
  descriptionTooLong: tooLongMessage('Description', TEXT_LIMITS.catalogueDescription),
  nameTaken: 'An active add-on with this name already exists',
  priceRequired: 'Price is required',
  pricePositive: 'Price must be a positive number',
  priceCents: 'Price can have at most two decimals',
  priceTooHigh: `Price must be at most ${MAX_SERVICE_PRICE}`,
  minutesInvalid: `Minutes must be a whole number from 1 to ${MAX_SERVICE_DURATION_MINUTES}`,
  activeInvalid: 'active must be true or false',
  servicesInvalid: 'services must be a list of service ids',
  servicesRepeated: 'services must not name a service twice',
  serviceUnknown: 'services names a service that does not exist',
  pricesInvalid: 'prices must be a list of { vehicleClass, price, minutes }',
  pricesRepeated: 'prices must not name a vehicle class twice',
  classUnknown: 'prices names a vehicle class that is not offered',
  tooMany: `A shop can have at most ${MAX_ACTIVE_ADD_ONS} active add-ons`,
  nothingToChange: 'Send at least one of name, description, price, minutes, active, services, prices',
  serviceQueryInvalid: 'service must be a service id',
  // Refusals of a booking or a quote.
  listInvalid: `addOns must be a list of at most ${MAX_BOOKING_ADD_ONS} add-on ids`,
  listRepeated: 'addOns must not name an add-on twice',
  notOffered: 'This add-on is not offered with this service',
  inactive: 'This add-on is no longer offered',
} as const;

/** The administrator's Add-ons screen. */
export const ADD_ON_SCREEN = {
  title: 'Add-ons',
  description: 'Extras a customer ticks when booking a service: their price and minutes are added to the job',
  listFailed: 'Something went wrong while fetching the add-ons',
  saveFailed: 'Something went wrong while saving the add-on',
  empty: 'No add-ons yet.',
  noService: 'Offered with no service',
  servicesHint: 'Offered only with the services checked',
  classPricesHint: 'A class without a row of its own pays the price and takes the minutes above',
  deactivateWarning: 'Customers can no longer pick it; bookings made with it keep their lines.',
} as const;
