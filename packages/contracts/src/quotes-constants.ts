/** Constants and messages only: importing them never loads a schema library. */

export const QUOTE_MESSAGES = {
  quoted: 'Quote ready',
  serviceRequired: 'service must be a service id',
  slotInvalid: 'slot must be a slot id',
  vehicleInvalid: 'vehicle must be a vehicle id',
  vehicleClassInvalid: 'vehicleClass must be a vehicle class id',
  vehicleOrClass: 'Send a vehicle or a vehicle class, not both',
  signInForVehicle: 'Sign in to book one of your vehicles',
  vehicleByPost: 'A vehicle is quoted with POST /api/bookings/quote, signed in as its owner',
  /** The job with its add-ons runs past the time the shop closes after this start. */
  runsPastClosing: 'This job would run past closing time at this start: please choose an earlier time',
} as const;

/** The service page's price words, the summary's lines and every screen that shows a booking's job. */
export const JOB_WORDS = {
  addOnsHeading: 'Add-ons',
  addOnsNone: 'No add-ons are offered with this service.',
  pricesHeading: 'Prices by vehicle',
  classColumn: 'Vehicle class',
  priceColumn: 'Price',
  durationColumn: 'Duration',
  quoteHeading: 'Your price',
  quoteLoading: 'Working out the price…',
  /** Under a quote a member's plan pays: which plan, and that the rest is all there is to pay. */
  coveredBy: (plan: string) => `Your ${plan} covers this wash: you pay only what it does not cover.`,
  quoteFailed: 'The price could not be worked out: please try again.',
  total: 'Total',
  duration: 'Duration',
  vehicle: 'Vehicle',
  vehicleClass: 'Vehicle class',
  linesLabel: 'Price lines',
  minutes: (minutes: number) => `${minutes} minutes`,
  /** An add-on's extra time beside its price: "+20 min". */
  extraMinutes: (minutes: number) => `+${minutes} min`,
  extraPrice: (price: string) => `+${price}`,
} as const;
