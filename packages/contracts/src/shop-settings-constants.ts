/** Constants and messages only: importing them never loads a schema library. */

/** The days of the week in the order the Settings screen and `GET /api/config` list them (ISO: Monday first). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A weekday as messages and screens write it: 'monday' is 'Monday'. */
export const weekdayName = (day: Weekday) => day.charAt(0).toUpperCase() + day.slice(1);

/** What a new shop starts with, until its owner says otherwise on the Settings screen. */
export const DEFAULT_BOOKING_HORIZON_DAYS = 60;
export const DEFAULT_MINIMUM_NOTICE_MINUTES = 120;
export const DEFAULT_SLOT_STEP_MINUTES = 30;

/** The bounds the Settings screen and `PUT /api/settings` keep every number within. */
export const SETTING_LIMITS = {
  bookingHorizonDays: { min: 1, max: 365 },
  minimumNoticeMinutes: { min: 0, max: 7 * 24 * 60 },
  /** Start times fall on multiples of the step from midnight: 5 to 240 minutes, dividing a day evenly. */
  slotStepMinutes: { min: 5, max: 240 },
  cancellationCutoffHours: { min: 0, max: 24 * 30 },
  paymentHoldMinutes: { min: 5, max: 24 * 60 },
  reminderHoursBefore: { min: 1, max: 24 * 14 },
  /** At most this many opening ranges on one day (08:00–12:00 and 13:00–18:00 are two). */
  rangesPerDay: 6,
  closureReason: 100,
  /** A closure spans at most this many days (a season's refit, not a permanent shutdown). */
  closureDays: 366,
} as const;

/** The steps the Settings screen offers; the API takes any whole divisor of a day within the limits. */
export const SLOT_STEP_CHOICES = [10, 15, 20, 30, 45, 60, 90, 120] as const;

/** The settings the audit trail names, as the Settings screen labels them. */
export const SETTING_LABELS = {
  businessName: 'Business name',
  address: 'Address',
  phone: 'Phone',
  email: 'Email',
  timeZone: 'Time zone',
  currency: 'Currency',
  cancellationCutoffHours: 'Cancellation cut-off (hours)',
  paymentHoldMinutes: 'Payment hold (minutes)',
  reminderHoursBefore: 'Reminder lead time (hours)',
  bookingHorizonDays: 'Booking horizon (days)',
  minimumNoticeMinutes: 'Minimum notice (minutes)',
  slotStepMinutes: 'Step between start times (minutes)',
  hours: 'Opening hours',
  paymentPolicy: 'Payment and cancellation terms',
  closure: 'Closure',
} as const;
export type SettingName = keyof typeof SETTING_LABELS;

export const SETTINGS_MESSAGES = {
  retrieved: 'Settings retrieved',
  updated: 'Settings saved',
  unchanged: 'Nothing to save: every setting already has this value',
  businessNameRequired: 'Business name is required',
  addressRequired: 'Address is required',
  phoneInvalid: 'Phone must be a number in international format, such as +44 20 7946 0958',
  emailInvalid: 'Email must be a valid email address',
  timeZoneInvalid: 'Time zone must be an IANA time zone such as Europe/Berlin',
  currencyInvalid: 'Currency must be a three-letter code such as USD',
  wholeNumber: (label: string, min: number, max: number) => `${label} must be a whole number from ${min} to ${max}`,
  slotStepDividesDay: 'The step between start times must divide a day evenly (such as 15, 20, 30 or 60 minutes)',
  timeZoneLocked: (count: number) =>
    `The time zone cannot change while ${count} live ${count === 1 ? 'booking lies' : 'bookings lie'} ahead: every booked time would move`,
  currencyLocked:
    'The currency cannot change once a payment has been taken: past amounts would read in the wrong money',
  hoursInvalid: 'Opening hours must give each weekday a list of ranges written HH:MM',
  rangeOrder: (day: string) => `On ${day}, each range must end after it starts`,
  rangesOverlap: (day: string) => `On ${day}, the ranges overlap or are out of order`,
  tooManyRanges: (day: string, max: number) => `On ${day}, at most ${max} ranges are allowed`,
  auditRetrieved: 'Changes retrieved',
} as const;

export const CLOSURE_MESSAGES = {
  retrieved: 'Closures retrieved',
  created: 'Closure saved',
  deleted: 'Closure removed',
  notFound: 'Closure not found',
  reasonRequired: 'Please give a reason for the closure',
  reasonTooLong: `The reason must be at most ${SETTING_LIMITS.closureReason} characters`,
  endBeforeStart: 'The last day of a closure cannot be before its first',
  tooLong: `A closure can span at most ${SETTING_LIMITS.closureDays} days`,
  inPast: 'A closure cannot end in the past',
  affectedRetrieved: 'Bookings during this closure retrieved',
  /** Shown beside the list of bookings a closure lies over: saving it cancels none of them. */
  affectedNotice: (count: number) =>
    `${count} live ${count === 1 ? 'booking lies' : 'bookings lie'} in this closure. Saving it cancels none of them: contact or move each customer yourself.`,
} as const;

export const SERVICE_HOURS_MESSAGES = {
  updated: 'Service hours saved',
  cleared: 'The service now follows the shop’s hours',
} as const;

export const CALENDAR_MESSAGES = {
  retrieved: 'Calendar retrieved',
  rangeTooLong: 'A calendar covers at most 62 days',
  endBeforeStart: 'to cannot be before from',
  noneAhead: 'No free time in the next days',
  nextAvailable: 'Next available',
} as const;

/** The most days one calendar request covers (two months' pages). */
export const CALENDAR_MAX_DAYS = 62;
