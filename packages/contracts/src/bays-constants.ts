/** Constants and messages only: importing them never loads a schema library. */
import { TEXT_LIMITS, tooLongMessage } from './text-limits';

/** The bay a fresh install starts with: one bay, so the shop works as one slot, one booking, until it adds more. */
export const FIRST_BAY_NAME = 'Bay 1';

/** How many services one bay may be limited to, and bays one service, in one request. */
export const MAX_RESTRICTION_IDS = 100;

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
