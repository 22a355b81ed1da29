/**
 * A waitlist entry: waiting for a time, holding an offer, booked from one, left by its customer, or past
 * its last preferred day.
 */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'left', 'expired'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** An offer of a freed time: held for its customer, taken (paid), lapsed unanswered, or withdrawn. */
export const WAITLIST_OFFER_STATUSES = ['open', 'taken', 'lapsed', 'withdrawn'] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];

/** At most this many preferred days and time windows an entry names. */
export const WAITLIST_MAX_WINDOWS = 3;

/** How long a freed time is held for the customer it is offered to, unless the configuration says otherwise. */
export const DEFAULT_WAITLIST_OFFER_MINUTES = 15;

/** A window is written as a day and two times of day, HH:MM, in the shop's time. */
export const WAITLIST_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Why a booking held for a waitlist offer was cancelled when its customer left the waitlist. */
export const WAITLIST_LEFT_REASON = 'Left the waitlist';

export const WAITLIST_MESSAGES = {
  joined: "You are on the waitlist: we'll email you when a time you chose frees up",
  retrieved: 'Waitlist retrieved',
  left: 'You left the waitlist',
  serviceRequired: 'Please choose a service',
  serviceUnknown: 'Service not found',
  windowsRequired: 'Choose at least one day and time window',
  tooManyWindows: `Choose at most ${WAITLIST_MAX_WINDOWS} days and time windows`,
  windowsInvalid: 'Each window needs a day and a from and to time',
  dateRequired: 'Please choose a day',
  dateInvalid: 'Date must be a real day written YYYY-MM-DD',
  timeRequired: 'Please choose a time',
  timeInvalid: 'Times must be written HH:MM',
  fromBeforeTo: 'A window must start before it ends',
  windowRepeated: 'Each window must start at a different time of its day',
  datePast: 'A window cannot be on a day that has passed',
  dateBeyondHorizon: 'A window must be on a day the shop takes bookings for',
  alreadyWaiting: 'You are already on the waitlist for this service',
  notFound: 'Waitlist entry not found',
  notActive: 'This waitlist entry is no longer active',
  dayRequired: 'Please choose a day to see its waitlist',
} as const;

/** How the waitlist is named on the web app's screens. */
export const WAITLIST_WORDS = {
  title: 'My waitlist',
  subtitle: 'Times you are waiting for: when one frees up, we hold it for you and email you a link to book it.',
  empty: 'You are not waiting for any time.',
  loadFailed: 'Your waitlist could not be loaded.',
  join: 'Join the waitlist',
  joinHint: 'No time that suits you? Tell us when you could come, and we will offer you the first one that frees up.',
  addWindow: 'Add another day',
  removeWindow: 'Remove this day',
  day: 'Day',
  from: 'From',
  to: 'To',
  vehicle: 'Vehicle',
  anyVehicle: 'No vehicle',
  submit: 'Join',
  signInToJoin: 'Sign in to join the waitlist',
  leave: 'Leave',
  bookAndPay: 'Book and pay',
  offerHeld: (time: string) => `A time is held for you: ${time}`,
  timeLeft: (minutes: number) => (minutes <= 1 ? 'Less than a minute left' : `${minutes} minutes left`),
  status: {
    waiting: 'Waiting',
    offered: 'Time offered',
    booked: 'Booked',
    left: 'Left',
    expired: 'Expired',
  },
  dayHeading: 'Waitlist',
  dayEmpty: 'No one is waiting for a time on this day.',
  dayLoadFailed: 'The waitlist could not be loaded.',
} as const;
