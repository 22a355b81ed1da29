/** Constants and messages only: importing them never loads a schema library. */
import { TEXT_LIMITS } from './text-limits';

/** The longest range the overview and the booking filters accept: two years, a leap day included. */
export const MAX_REPORT_DAYS = 731;

/** The ranges the overview offers besides a custom one, as days ending today. */
export const OVERVIEW_PRESETS = [
  { key: 'today', label: 'Today', days: 1 },
  { key: '7d', label: '7 days', days: 7 },
  { key: '30d', label: '30 days', days: 30 },
  { key: '12m', label: '12 months', days: 365 },
] as const;

/** The longest search term of the booking filters, as long as the catalogue's. */
export const MAX_SEARCH_LENGTH = TEXT_LIMITS.searchTerm;

/** What Booking Management's search box matches, as its placeholder says. */
export const BOOKING_SEARCH_HINT = 'Customer name, email, phone or plate';

export const REPORT_MESSAGES = {
  fromInvalid: 'from must be a date written YYYY-MM-DD',
  toInvalid: 'to must be a date written YYYY-MM-DD',
  dateInvalid: 'date must be a date written YYYY-MM-DD',
  rangeReversed: 'from must be on or before to',
  rangeTooLong: `The range can cover at most ${MAX_REPORT_DAYS} days (two years)`,
  overviewRetrieved: 'Overview retrieved',
  scheduleRetrieved: 'Schedule retrieved',
  searchTooLong: `search must be at most ${MAX_SEARCH_LENGTH} characters`,
  serviceInvalid: 'service must be a service id',
  bayInvalid: 'bay must be a bay id',

  // Web only, below this line.
  overviewEmpty: 'No bookings, reviews or new customers in this range yet.',
  scheduleEmpty: 'No bookings on this day.',
  noBays: 'No bays yet: add one under Bays.',
  downloadCsv: 'Download CSV',
  clearFilters: 'Clear filters',
  noMatches: 'No bookings match these filters.',
} as const;

/** The export's columns, in order, as its header row names them. */
export const BOOKING_EXPORT_COLUMNS = [
  'Booking ID',
  'Booked at',
  'Date',
  'Start',
  'End',
  'Service',
  'Bay',
  'Customer',
  'Email',
  'Phone',
  'Status',
  'Payment',
  'Price',
  'Refunded',
  // Added last, so that every column before it keeps its position for the spreadsheets already reading it.
  'Currency',
  // The car, added after: the vehicle as booked ("2021 Toyota RAV4, blue"), its plate, the class that priced
  // the booking, and its add-ons' names.
  'Vehicle',
  'Plate',
  'Class',
  'Add-ons',
  // The money from the ledger, as the booking shows it (amounts in the currency column): what was paid, the
  // balance still due, the fees taken; then how it is paid, who booked it, the customer's own note and why
  // it was cancelled.
  'Paid',
  'Balance',
  'Fees',
  'Paid with',
  'Booked by',
  'Customer note',
  'Cancel reason',
] as const;

/** The overview's words for what the car and its add-ons bring in. */
export const OVERVIEW_PRICING_WORDS = {
  revenueByClass: 'Revenue by vehicle class',
  revenueByClassCaption: 'Revenue and paid bookings by vehicle class, most revenue first',
  /** Bookings that named no class: the service's base price. */
  noClass: 'No class (base price)',
  addOns: 'Add-ons',
  attachRate: 'Attach rate',
  attachRateDetail: 'Of paid bookings, those with at least one add-on',
  addOnRevenue: 'Add-on revenue',
  topAddOns: 'Top add-ons',
  noAddOns: 'No add-on was booked in this range.',
} as const;
