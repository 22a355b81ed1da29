/** Constants and messages only: importing them never loads a schema library. */
import { TEXT_LIMITS, tooLongMessage } from './text-limits';

/** Services priced above this many dollars are shown as premium on the home page. */
export const PREMIUM_PRICE_THRESHOLD = 70;

export const SERVICE_DESCRIPTION_PREVIEW_LENGTH = 30;

export const SEARCH_DEBOUNCE_MS = 300;

export const MAX_SERVICE_DURATION_MINUTES = 24 * 60;

export const MAX_SERVICE_PRICE = 100_000;

/** The longest cleanup (drying, curing) a service may keep its bay busy after the slot ends. */
export const MAX_BUFFER_MINUTES = 24 * 60;

/** The customer catalogue's page size. */
export const CATALOGUE_PAGE_SIZE = 10;

export const SERVICE_SORTS = ['price', '-price', 'createdAt', '-createdAt'] as const;

export type ServiceSort = (typeof SERVICE_SORTS)[number];

export const SERVICE_MESSAGES = {
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  durationRequired: 'duration is required',
  durationWhole: 'Duration must be a positive whole number of minutes',
  durationTooLong: `Duration must be at most ${MAX_SERVICE_DURATION_MINUTES} minutes`,
  bufferInvalid: `Buffer must be a whole number of minutes from 0 to ${MAX_BUFFER_MINUTES}`,
  baysInvalid: 'bays must be a list of bay ids',
  baysRepeated: 'bays must not name a bay twice',
  priceRequired: 'Price is required',
  pricePositive: 'Price must be a positive number',
  priceCents: 'Price can have at most two decimals',
  priceTooHigh: `Price must be at most ${MAX_SERVICE_PRICE}`,
  nameTooLong: tooLongMessage('Name', TEXT_LIMITS.serviceName),
  descriptionTooLong: tooLongMessage('Description', TEXT_LIMITS.serviceDescription),
  created: 'Successfully created service',
  updated: 'Successfully updated service',
  deleted: 'Product deleted successfully',
  retrieved: 'Services retrieved',
  notFound: 'Service not found',
  fetchFailed: 'Something went wrong while fetching product',
  saveFailed: 'something went wrong while making this request',
  saveFailedDescription: 'Please try agin',
  deleteNoData: 'An unknown error occurred',
  deleteFailed: 'Failed to delete product',
  deleteException: 'Something went wrong',
  compareEmpty: 'Please select a service to compare',
  minNotNumber: 'min must be a number of at least 0',
  maxNotNumber: 'max must be a number of at least 0',
  minAboveMax: 'min cannot be greater than max',
  badSort: `sort must be one of ${SERVICE_SORTS.join(', ')}`,
  searchTooLong: tooLongMessage('searchTerm', TEXT_LIMITS.searchTerm),
  nothingToChange: 'Send at least one of name, description, duration, price, bufferMinutes, bays',
  pricesInvalid: 'prices must be a list of { vehicleClass, price, duration }',
  pricesRepeated: 'prices must not name a vehicle class twice',
  pricesClassUnknown: 'prices names a vehicle class that is not offered',
  pricesSaved: 'Prices by vehicle class saved',
  /** The catalogue's and the service page's lowest price: "from $25.00". */
  priceFrom: (price: string) => `from ${price}`,
} as const;

/** The service form's prices by vehicle class. */
export const SERVICE_PRICES_WORDS = {
  title: 'Prices by vehicle class',
  hint: 'A class left empty pays the price and takes the duration above; fill in only what differs.',
  loadFailed: 'The prices by vehicle class could not be loaded, please try again',
  saveFailed: 'The prices by vehicle class could not be saved, please try again',
  noClasses: 'No vehicle class is offered yet: add them on the Vehicle Classes screen.',
  save: 'Save prices',
} as const;
