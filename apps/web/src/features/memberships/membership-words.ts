import type { Membership } from '@carcare/contracts/memberships';
import type { MembershipStatus, PlanInterval } from '@carcare/contracts/plans-constants';

/** The member's page's own words (the API never sends these). */
export const MEMBERSHIP_WORDS = {
  title: 'Wash club',
  subtitle: 'Your memberships and packs: what is left, when they renew, and leaving in two clicks.',
  empty: 'You have no membership or pack yet.',
  browse: 'See the wash club',
  loadFailed: 'Your memberships could not be loaded, please try again.',
  joinTitle: (plan: string) => `Join ${plan}`,
  joinVehicles: (covered: number) => (covered === 1 ? 'The car it is for' : `The cars it is for (up to ${covered})`),
  joinNoVehicles: 'Add your car to your garage first: the plan is for a car.',
  addVehicle: 'Add a vehicle',
  join: 'Continue to payment',
  buy: 'Continue to payment',
  planUnavailable: 'This plan is not offered any more.',
  planLoadFailed: 'The plan could not be loaded, please try again.',
  failed: 'That did not work, please try again.',
  cancel: 'Cancel membership',
  cancelPrompt: (plan: string) => `Cancel your ${plan}?`,
  cancelNotice: (until: string) =>
    `Nothing more is charged. Your washes continue until the end of the paid period, on ${until}.`,
  keep: 'Keep membership',
  cancelled: 'Membership cancelled',
  renews: 'Renews on',
  pauses: 'Pauses on',
  resumes: 'Resumes on',
  ends: 'Ends on',
  validUntil: 'Valid until',
  ended: 'Ended on',
  cars: 'Cars',
  washes: 'Washes',
  unlimited: 'Unlimited',
  washesLeft: (left: number, of: number, pack: boolean) =>
    pack ? `${left} of ${of} left` : `${left} of ${of} left this period`,
  graceNotice: (until: string) =>
    `Your last renewal was declined. You keep washing until ${until}: update your card to keep your membership.`,
  suspendedNotice: 'Your last renewal was declined and the grace period is over. Update your card to wash again.',
  updateCard: 'Update card',
  history: 'History',
} as const;

export const STATUS_WORDS = {
  pending: 'Waiting for payment',
  active: 'Active',
  past_due: 'Payment failed',
  suspended: 'Suspended',
  paused: 'Paused',
  ended: 'Ended',
} as const satisfies Record<MembershipStatus, string>;

const EVERY: Record<PlanInterval, string> = { month: 'month', year: 'year' };

/** A plan's price as a member reads it: "$29.99 a month", or "$150.00" once for a pack. */
export const priceWords = (plan: Pick<Membership['plan'], 'interval'>, price: string) =>
  plan.interval ? `${price} a ${EVERY[plan.interval]}` : price;

/** A member's car as the page names it: its nickname, or year, make and model, with the plate. */
export const carWords = (vehicle: Membership['vehicles'][number]) => {
  const name = vehicle.nickname.trim() || [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ');
  return vehicle.plate ? `${name} (${vehicle.plate})` : name;
};

/** The counter's plate lookup. */
export const LOOKUP_WORDS = {
  title: 'Member lookup',
  plate: 'Plate',
  lookUp: 'Look up',
  member: (plan: string) => `Member in good standing: ${plan}`,
  notMember: (plate: string) => `${plate} is not a member in good standing.`,
  standing: (status: string, plan: string) => `${plan}: ${status}`,
  failed: 'The plate could not be looked up, please try again.',
} as const;

/** The counter's pack sale. */
export const SELL_PACK_WORDS = {
  open: 'Sell a pack',
  title: 'Sell a pack',
  pack: 'Pack',
  choosePack: 'Choose a pack',
  cars: 'For the cars',
  noCars: "Add the customer's car to sell a pack for it.",
  method: 'Paid',
  cash: 'Cash',
  card: 'Card at the counter',
  sell: 'Sell pack',
  close: 'Close',
  sold: (pack: string, price: string) => `${pack} sold: ${price} taken`,
  failed: 'The pack could not be sold, please try again.',
  noPacks: 'No pack is on offer.',
} as const;

/** The member's own changes: pausing, resuming, the cars and the plan. */
export const CHANGE_WORDS = {
  pause: 'Pause',
  pauseTitle: (plan: string) => `Pause your ${plan}`,
  pauseNotice: (until: string) =>
    `Your washes continue until the end of the paid period, on ${until}. Nothing is charged while paused, and billing restarts on its own when the pause ends.`,
  pauseFor: 'Pause for',
  months: (months: number) => (months === 1 ? '1 month' : `${months} months`),
  pauseConfirm: 'Pause membership',
  paused: (from: string, until: string) => `Paused from ${from} until ${until}`,
  resume: 'Resume',
  resumeTitle: (plan: string) => `Resume your ${plan} now?`,
  resumeUnderWayNotice: (price: string) =>
    `A new period starts today and ${price} is charged now. Your washes start again at once.`,
  callOffNotice: (on: string) => `The pause is called off: your membership renews as usual on ${on}.`,
  resumeConfirm: 'Resume membership',
  resumed: 'Membership resumed',
  calledOff: 'Pause called off',
  keepPaused: 'Keep paused',
  changeCars: (covered: number) => (covered === 1 ? 'Change car' : 'Change cars'),
  changeCarsTitle: (plan: string) => `The cars of your ${plan}`,
  changeCarsNotice: (covered: number) =>
    `${covered === 1 ? 'Choose the car it is for' : `Choose up to ${covered} cars`}. The cars can change once in 30 days.`,
  saveCars: 'Save cars',
  carsChanged: 'Cars changed',
  switchPlan: 'Switch plan',
  switchTitle: (plan: string) => `Switch your ${plan}`,
  switchNotice:
    'The unused part of your paid period is credited against the new price and the rest is charged now; a new period starts today. A credit larger than the new price is not paid back.',
  newPlan: 'New plan',
  noOtherPlans: 'No other membership plan is on offer.',
  switchConfirm: 'Switch plan',
  switched: (plan: string) => `Switched to ${plan}`,
  close: 'Close',
} as const;

/** A membership's history on its card. */
export const HISTORY_WORDS = {
  title: 'History',
  washes: 'Washes',
  payments: 'Payments',
  noWashes: 'No wash yet.',
  noPayments: 'Nothing paid: given by the shop.',
  givenBack: 'given back',
  loading: 'Loading the history…',
  failed: 'The history could not be loaded, please try again.',
  kind: { subscription: 'Membership', pack: 'Pack', refund: 'Refund' },
} as const;
