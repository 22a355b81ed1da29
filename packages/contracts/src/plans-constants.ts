/** Constants and messages only: importing them never loads a schema library. */
import { MAX_SERVICE_PRICE } from './services-constants';
import { TEXT_LIMITS, tooLongMessage } from './text-limits';

/**
 * What the shop sells ahead of the washes: a `membership` (the wash club, billed every month or year until the
 * member leaves) or a `pack` (N washes bought once, valid for a number of days).
 */
export const PLAN_KINDS = ['membership', 'pack'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** How often a membership is billed. */
export const PLAN_INTERVALS = ['month', 'year'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

/** The limits of a plan's numbers. */
export const PLAN_LIMITS = {
  /** Washes a period (a membership) or in all (a pack). */
  washes: { min: 1, max: 100 },
  washesPerDay: { min: 1, max: 5 },
  /** A family plan's vehicles. */
  vehicles: { min: 1, max: 6 },
  /** How long a pack lasts, in days. */
  validDays: { min: 7, max: 730 },
  /** The most services or add-ons one plan covers. */
  covered: 50,
  /** The most plans, retired or not, a shop keeps. */
  plans: 100,
} as const;

const range = (label: string, { min, max }: { min: number; max: number }) =>
  `${label} must be a whole number from ${min} to ${max}`;

export const PLAN_MESSAGES = {
  retrieved: 'Plans retrieved',
  created: 'Plan created',
  updated: 'Plan updated',
  retired: 'Plan retired',
  notFound: 'Plan not found',
  kindInvalid: 'kind must be membership or pack',
  nameRequired: 'Name is required',
  nameTooLong: tooLongMessage('Name', TEXT_LIMITS.catalogueName),
  nameTaken: 'A plan with this name already exists',
  descriptionTooLong: tooLongMessage('Description', TEXT_LIMITS.catalogueDescription),
  priceRequired: 'Price is required',
  pricePositive: 'Price must be a positive number',
  priceCents: 'Price can have at most two decimals',
  priceTooHigh: `Price must be at most ${MAX_SERVICE_PRICE}`,
  intervalInvalid: 'interval must be month or year',
  intervalForMembership: 'A membership is billed every month or year: give interval',
  intervalNotForPack: 'A pack is paid once: it has no interval',
  washesInvalid: `washes must be null (unlimited) or a whole number from ${PLAN_LIMITS.washes.min} to ${PLAN_LIMITS.washes.max}`,
  washesForPack: 'A pack has a number of washes: give washes',
  washesPerDayInvalid: range('washesPerDay', PLAN_LIMITS.washesPerDay),
  vehiclesInvalid: range('vehicles', PLAN_LIMITS.vehicles),
  validDaysInvalid: range('validDays', PLAN_LIMITS.validDays),
  validDaysForPack: 'A pack is valid for a number of days: give validDays',
  validDaysNotForMembership: 'A membership lasts until the member leaves: it has no validDays',
  servicesInvalid: `services must be a list of at most ${PLAN_LIMITS.covered} service ids`,
  servicesRepeated: 'services must not name a service twice',
  servicesRequired: 'A plan covers at least one service',
  serviceUnknown: 'services names a service that does not exist',
  addOnsInvalid: `addOns must be a list of at most ${PLAN_LIMITS.covered} add-on ids`,
  addOnsRepeated: 'addOns must not name an add-on twice',
  addOnUnknown: 'addOns names an add-on the shop does not offer',
  kindFixed: 'A plan stays a membership or a pack: make a new plan instead',
  billingFixed: 'Members joined at this price and interval: retire the plan and make a new one instead',
  tooMany: `A shop can keep at most ${PLAN_LIMITS.plans} plans`,
  nothingToChange:
    'Send at least one of name, description, washes, washesPerDay, vehicles, validDays, services, addOns',
  alreadyRetired: 'This plan is already retired',
} as const;

/** The administrator's Plans screen. */
export const PLAN_SCREEN = {
  title: 'Plans',
  description: 'Memberships billed every month or year, and packs of washes paid once: what each costs and covers',
  listFailed: 'Something went wrong while fetching the plans',
  saveFailed: 'Something went wrong while saving the plan',
  empty: 'No plans yet.',
  billingFixed:
    'Its kind, price and interval stay as members joined at them: to change them, retire it and make a new plan.',
  retireWarning: 'No one new can join it; its members keep it until they leave.',
} as const;

/** The public Wash club page. */
export const WASH_CLUB_PAGE = {
  title: 'Wash club',
  description: 'Wash as often as you like for one monthly price, or buy washes ahead for less.',
  metaDescription:
    'Car wash memberships billed monthly or yearly, family plans for several cars and prepaid packs of washes.',
  empty: 'No plans are on offer right now.',
  loadFailed: 'The plans could not be loaded, please try again',
  join: 'Join',
} as const;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** How a plan reads on the Wash club page and the Plans screen. */
export const PLAN_WORDS = {
  kind: { membership: 'Membership', pack: 'Pack' } satisfies Record<PlanKind, string>,
  interval: { month: 'Monthly', year: 'Yearly' } satisfies Record<PlanInterval, string>,
  /** Its price as it is paid: "$39 a month", "$399 a year", "$199 once". */
  price: (price: string, interval: PlanInterval | null) =>
    interval === null ? `${price} once` : `${price} a ${interval}`,
  /** "Unlimited washes", "8 washes a month", "10 washes, valid 365 days". */
  washes: (plan: { washes: number | null; interval: PlanInterval | null; validDays: number | null }) => {
    if (plan.washes === null) return 'Unlimited washes';
    const washes = plural(plan.washes, 'wash', 'washes');
    if (plan.interval !== null) return `${washes} a ${plan.interval}`;
    return `${washes}, valid ${plural(plan.validDays ?? 0, 'day', 'days')}`;
  },
  /** "1 wash a day", "Up to 2 washes a day", for each vehicle. */
  perDay: (washesPerDay: number) =>
    washesPerDay === 1 ? '1 wash a day' : `Up to ${plural(washesPerDay, 'wash', 'washes')} a day`,
  /** "For 1 vehicle", "For 2 vehicles". */
  vehicles: (vehicles: number) => `For ${plural(vehicles, 'vehicle', 'vehicles')}`,
  covers: 'Covers',
  addOns: 'Add-ons included',
  active: 'Active',
  retired: 'Retired',
} as const;

/**
 * Where a membership or a pack stands: `pending` until its first payment; `active`; `past_due` after a failed
 * renewal, still washing through the grace period; `suspended` after it, until paid; `paused` for the months the
 * member chose; `ended` once cancelled at the end of its period, ended by the shop, used up or expired.
 */
export const MEMBERSHIP_STATUSES = ['pending', 'active', 'past_due', 'suspended', 'paused', 'ended'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** The statuses in good standing: a member's vehicle washes under the plan. */
export const GOOD_STANDING: readonly MembershipStatus[] = ['active', 'past_due'];

/** Money a membership or pack moved: its price paid (each period, or once), or given back. */
export const MEMBERSHIP_PAYMENT_KINDS = ['subscription', 'pack', 'refund'] as const;
export type MembershipPaymentKind = (typeof MEMBERSHIP_PAYMENT_KINDS)[number];

/** How long a member keeps washing after a failed renewal before the membership is suspended until paid. */
export const MEMBERSHIP_GRACE_DAYS = 7;

/** How many months a member may pause a monthly membership for, from the end of its paid period. */
export const MEMBERSHIP_PAUSE_MONTHS = [1, 2, 3] as const;
export type MembershipPauseMonths = (typeof MEMBERSHIP_PAUSE_MONTHS)[number];

/** A member changes the cars of a membership at most once in this many days. */
export const MEMBERSHIP_VEHICLE_CHANGE_DAYS = 30;

/** A yearly member is reminded by email this many days before the renewal. */
export const MEMBERSHIP_RENEWAL_REMINDER_DAYS = 7;

export const MEMBERSHIP_MESSAGES = {
  retrieved: 'Memberships retrieved',
  joined: 'Finish paying to join',
  notFound: 'Membership not found',
  planNotFound: 'Plan not found',
  planRetired: 'This plan is no longer offered',
  vehiclesInvalid: 'vehicles must be a list of your vehicle ids',
  vehiclesRepeated: 'vehicles must not name a vehicle twice',
  vehiclesRequired: 'Choose the vehicle the plan is for',
  vehicleUnknown: 'vehicles names a vehicle that is not in your garage',
  tooManyVehicles: (covered: number) =>
    covered === 1 ? 'This plan covers one vehicle' : `This plan covers at most ${covered} vehicles`,
  alreadyMember: 'This vehicle is already in a membership of this plan',
  providerUnavailable: 'The payment service is not reachable right now, please try again',
  cancelled: 'Your membership ends at the end of the paid period',
  alreadyEnding: 'This membership already ends at the end of its paid period',
  notActive: 'This membership is not active',
  plateRequired: 'plate is required',
  plateTooLong: tooLongMessage('plate', TEXT_LIMITS.plateInput),
  plateLookedUp: 'Plate looked up',
  clockMoved: "The sandbox's clock moved on",
  statusInvalid: `status must be one of ${MEMBERSHIP_STATUSES.join(', ')}`,
  customerInvalid: 'customer must be a customer id',
  customerNotFound: 'Customer not found',
  monthsInvalid: 'months must be a whole number from 1 to 12',
  comped: 'Membership given',
  ended: 'Membership ended',
  alreadyEnded: 'This membership has already ended',
  counterMethodInvalid: 'method must be cash or card',
  packOnlyAtCounter: 'A membership renews from a card: the customer joins it online. The counter sells packs',
  packSold: 'Pack sold',
  noWashesLeft: 'This membership has no washes left this period: the booking is paid as usual',
  dayWashUsed: 'This car has had its washes for that day under the plan',
  notInGoodStanding: 'This membership is not in good standing: update your card to wash under it again',
  clockDays: 'days must be a whole number from 1 to 800',
  pauseMonthsInvalid: `months must be ${MEMBERSHIP_PAUSE_MONTHS.slice(0, -1).join(', ')} or ${MEMBERSHIP_PAUSE_MONTHS.at(-1)}`,
  paused: 'Your membership pauses at the end of the paid period',
  packNotPausable: 'A pack cannot be paused',
  yearlyNotPausable: 'Only a monthly membership can be paused',
  alreadyPaused: 'This membership is already paused',
  notPaused: 'This membership is not paused',
  resumed: 'Your membership resumed: billing restarts now',
  pauseCalledOff: 'The pause is called off: your membership renews as usual',
  vehiclesChanged: 'The cars of your membership are changed',
  vehiclesUnchanged: 'These are already the cars of this membership',
  vehicleChangeTooSoon: (day: string) => `The cars of this membership can change again from ${day}`,
  switched: 'Your plan is switched: a new period starts now',
  packNotSwitchable: 'A pack cannot switch plans',
  switchToMembership: 'A membership switches only to another membership plan',
  samePlan: 'This membership is already on this plan',
  switchWhilePaused: 'A paused membership cannot switch plans: resume it first',
  switchDeclined: 'Your card was declined: the plan was not switched',
} as const;
