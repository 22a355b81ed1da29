/** Constants and messages only: importing them never loads a schema library. */
import { TEXT_LIMITS, tooLongMessage } from './text-limits';

/** The bay a fresh install starts with: one bay, so the shop works as one slot, one booking, until it adds more. */
export const FIRST_BAY_NAME = 'Bay 1';

/** How many services one bay may be limited to, and bays one service, in one request. */
export const MAX_RESTRICTION_IDS = 100;

/** An upcoming booking that a change of limits would leave on a bay that may no longer take it. */
export type StrandedBooking = { date: string; startTime: string; service: string };

/** How many bookings a refusal names one by one; the rest are counted. */
export const STRANDED_BOOKINGS_LISTED = 10;

const upcoming = (bookings: readonly StrandedBooking[]) =>
  `${bookings.length} upcoming ${bookings.length === 1 ? 'booking' : 'bookings'}`;

/** `2030-01-02 10:00 Foam Wash; …`, in the order they start, the first STRANDED_BOOKINGS_LISTED of them. */
const listed = (bookings: readonly StrandedBooking[]) => {
  const named = bookings
    .slice(0, STRANDED_BOOKINGS_LISTED)
    .map((booking) => `${booking.date} ${booking.startTime} ${booking.service}`);
  const more = bookings.length - named.length;
  return more > 0 ? `${named.join('; ')}; and ${more} more` : named.join('; ');
};

export const BAY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: tooLongMessage('Name', TEXT_LIMITS.bayName),
  nameTaken: 'Another bay already has this name',
  activeInvalid: 'active must be true or false',
  sortOrderInvalid: 'sortOrder must be a whole number of at least 1',
  servicesInvalid: `services must be a list of at most ${MAX_RESTRICTION_IDS} service ids`,
  servicesRepeated: 'services must not name a service twice',
  nothingToChange: 'Send at least one of name, active, sortOrder, services',
  notFound: 'Bay not found',
  serviceUnknown: 'A service in the list does not exist or has been deleted',
  hasUpcomingBookings: (count: number) =>
    `This bay cannot be deactivated: it has ${count} upcoming ${count === 1 ? 'booking' : 'bookings'}. Cancel or wait for ${count === 1 ? 'it' : 'them'} first`,
  limitStrandsBookings: (bookings: readonly StrandedBooking[]) =>
    `This bay cannot be limited to these services: it holds ${upcoming(bookings)} of services it would no longer serve (${listed(bookings)}). Cancel or reschedule ${bookings.length === 1 ? 'it' : 'them'} first, or keep ${bookings.length === 1 ? 'its service' : 'their services'}`,
  serviceLimitStrandsBookings: (bookings: readonly StrandedBooking[]) =>
    `This service cannot be limited to these bays: ${upcoming(bookings)} of it ${bookings.length === 1 ? 'is' : 'are'} on other bays (${listed(bookings)}). Cancel or reschedule ${bookings.length === 1 ? 'it' : 'them'} first, or keep ${bookings.length === 1 ? 'its bay' : 'their bays'}`,
  created: 'Bay created',
  updated: 'Bay updated',
  retrieved: 'Bays retrieved',
  /** The service page's line under a slot, shown once the shop has more than one bay. */
  remaining: (remaining: number, capacity: number) =>
    `${remaining} of ${capacity} ${capacity === 1 ? 'bay' : 'bays'} free`,
  everyService: 'Every service',
  anyBay: 'Any bay',
  listFailed: 'Something went wrong while fetching the bays',
  saveFailed: 'Something went wrong while saving the bay',
} as const;
