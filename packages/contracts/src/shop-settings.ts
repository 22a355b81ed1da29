import { z } from 'zod';
import { calendarDate } from './fields';
import { listResponse, successResponse } from './http';
import { pageQuery } from './pagination';
import {
  DEPOSIT_KINDS,
  FEE_KINDS,
  LATE_CANCELLATION_KINDS,
  PAYMENT_POLICY_MESSAGES,
  type PaymentPolicy,
  POLICY_MAX_AMOUNT,
} from './payment-policy-constants';
import { toE164 } from './phone';
import { jobQueryFields } from './quotes';
import { QUOTE_MESSAGES } from './quotes-constants';
import {
  CALENDAR_MAX_DAYS,
  CALENDAR_MESSAGES,
  CLOSURE_MESSAGES,
  SETTING_LABELS,
  SETTING_LIMITS,
  SETTINGS_MESSAGES,
  WEEKDAYS,
  type Weekday,
  weekdayName,
} from './shop-settings-constants';

/** Dollars from 0 to POLICY_MAX_AMOUNT in whole cents. */
const policyAmount = z
  .number({ error: PAYMENT_POLICY_MESSAGES.amount })
  .min(0, { error: PAYMENT_POLICY_MESSAGES.amount })
  .max(POLICY_MAX_AMOUNT, { error: PAYMENT_POLICY_MESSAGES.amount })
  .refine((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, {
    error: PAYMENT_POLICY_MESSAGES.amount,
  });

/** A percentage or a fixed amount: whole percentages from 1 to 100, amounts in dollars. */
const checkRuleAmount = (
  rule: { kind: string; amount: number },
  context: z.RefinementCtx,
  { required }: { required: boolean },
) => {
  if (rule.kind === 'percent' && !(Number.isInteger(rule.amount) && rule.amount >= 1 && rule.amount <= 100)) {
    context.addIssue({ code: 'custom', message: PAYMENT_POLICY_MESSAGES.percent, path: ['amount'] });
  } else if (required && rule.kind === 'fixed' && rule.amount <= 0) {
    context.addIssue({ code: 'custom', message: PAYMENT_POLICY_MESSAGES.feeAmountRequired, path: ['amount'] });
  }
};

const feeRuleSchema = z
  .strictObject({
    kind: z.enum(FEE_KINDS, { error: PAYMENT_POLICY_MESSAGES.feeKind }),
    amount: policyAmount,
  })
  .superRefine((rule, context) => checkRuleAmount(rule, context, { required: true }))
  // No fee has no amount, whatever was sent.
  .transform((rule) => (rule.kind === 'none' ? { kind: rule.kind, amount: 0 } : rule));

/** The shop's payment and cancellation terms as answers give them. */
export const paymentPolicySchema = z.object({
  deposit: z.object({ kind: z.enum(DEPOSIT_KINDS), amount: z.number(), minimum: z.number() }),
  noShowFee: z.object({ kind: z.enum(FEE_KINDS), amount: z.number() }),
  lateCancellation: z.object({
    kind: z.enum(LATE_CANCELLATION_KINDS),
    fee: z.object({ kind: z.enum(FEE_KINDS), amount: z.number() }),
  }),
}) satisfies z.ZodType<PaymentPolicy>;

/** `PUT /api/settings`'s `paymentPolicy`: the terms, every part given, each amount checked. */
export const paymentPolicyInputSchema = z.strictObject(
  {
    deposit: z
      .strictObject({
        kind: z.enum(DEPOSIT_KINDS, { error: PAYMENT_POLICY_MESSAGES.depositKind }),
        amount: policyAmount,
        minimum: policyAmount,
      })
      .superRefine((rule, context) => checkRuleAmount(rule, context, { required: true })),
    noShowFee: feeRuleSchema,
    lateCancellation: z.strictObject({
      kind: z.enum(LATE_CANCELLATION_KINDS, { error: PAYMENT_POLICY_MESSAGES.lateKind }),
      fee: feeRuleSchema,
    }),
  },
  { error: PAYMENT_POLICY_MESSAGES.policyInvalid },
) satisfies z.ZodType<PaymentPolicy>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A range may close at midnight, written 24:00. */
const CLOSING_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** One opening range on a day, [start, end) in the shop's time zone: 08:00–12:00. */
export const timeRangeSchema = z.strictObject({
  start: z
    .string({ error: SETTINGS_MESSAGES.hoursInvalid })
    .max('HH:MM'.length, { error: SETTINGS_MESSAGES.hoursInvalid, abort: true })
    .regex(TIME, { error: SETTINGS_MESSAGES.hoursInvalid }),
  end: z
    .string({ error: SETTINGS_MESSAGES.hoursInvalid })
    .max('HH:MM'.length, { error: SETTINGS_MESSAGES.hoursInvalid, abort: true })
    .regex(CLOSING_TIME, { error: SETTINGS_MESSAGES.hoursInvalid }),
});
export type TimeRange = z.infer<typeof timeRangeSchema>;

/** A day's ranges: each ends after it starts, in order, none overlapping; none is a closed day. */
const dayRanges = (day: Weekday) =>
  z
    .array(timeRangeSchema, { error: SETTINGS_MESSAGES.hoursInvalid })
    .max(SETTING_LIMITS.rangesPerDay, {
      error: SETTINGS_MESSAGES.tooManyRanges(weekdayName(day), SETTING_LIMITS.rangesPerDay),
    })
    .superRefine((ranges, context) => {
      for (const range of ranges) {
        if (minutesOf(range.end) <= minutesOf(range.start)) {
          context.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.rangeOrder(weekdayName(day)) });
          return;
        }
      }
      for (let index = 1; index < ranges.length; index++) {
        const before = ranges[index - 1];
        const range = ranges[index];
        if (before && range && minutesOf(range.start) < minutesOf(before.end)) {
          context.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.rangesOverlap(weekdayName(day)) });
          return;
        }
      }
    });

/** The week's opening hours: every weekday, each with its ranges (an empty list: closed that day). */
export const weeklyHoursSchema = z.strictObject(
  Object.fromEntries(WEEKDAYS.map((day) => [day, dayRanges(day)])) as Record<Weekday, ReturnType<typeof dayRanges>>,
  { error: SETTINGS_MESSAGES.hoursInvalid },
);
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

/** A week closed every day: where a shop starts until its owner sets its hours. */
export const closedWeek = (): WeeklyHours =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as WeeklyHours;

/** The week's hours with its days in weekday order and nothing else, whatever order they were stored in. */
export const inWeekdayOrder = (hours: WeeklyHours): WeeklyHours =>
  Object.fromEntries(
    WEEKDAYS.map((day) => [day, (hours[day] ?? []).map((range) => ({ start: range.start, end: range.end }))]),
  ) as WeeklyHours;

const wholeNumber = (name: keyof typeof SETTING_LIMITS & keyof typeof SETTING_LABELS) => {
  const { min, max } = SETTING_LIMITS[name] as { min: number; max: number };
  const message = SETTINGS_MESSAGES.wholeNumber(SETTING_LABELS[name], min, max);
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
};

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
};

/** The shop as its owner sets it up on the Settings screen. */
export const shopSettingsSchema = z.object({
  businessName: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  cancellationCutoffHours: z.number().int(),
  paymentHoldMinutes: z.number().int(),
  reminderHoursBefore: z.number().int(),
  bookingHorizonDays: z.number().int(),
  minimumNoticeMinutes: z.number().int(),
  slotStepMinutes: z.number().int(),
  hours: weeklyHoursSchema,
  /** How deposits, no-shows and late cancellations are handled. */
  paymentPolicy: paymentPolicySchema,
  /** The terms' version: it moves on with every change of the payment policy or the cut-off. */
  policyVersion: z.number().int(),
  updatedAt: z.string(),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** `PUT /api/settings`: any of the settings; what is left out stays as it is. */
export const updateSettingsSchema = z
  .strictObject({
    businessName: z
      .string({ error: SETTINGS_MESSAGES.businessNameRequired })
      .trim()
      .min(1, { error: SETTINGS_MESSAGES.businessNameRequired })
      .max(100, { error: 'Business name must be at most 100 characters' }),
    address: z
      .string({ error: SETTINGS_MESSAGES.addressRequired })
      .trim()
      .min(1, { error: SETTINGS_MESSAGES.addressRequired })
      .max(300, { error: 'Address must be at most 300 characters' }),
    phone: z
      .string({ error: SETTINGS_MESSAGES.phoneInvalid })
      .trim()
      .max(30, { error: SETTINGS_MESSAGES.phoneInvalid })
      .refine((phone) => toE164(phone) !== undefined, { error: SETTINGS_MESSAGES.phoneInvalid }),
    email: z
      .string({ error: SETTINGS_MESSAGES.emailInvalid })
      .trim()
      .max(254, { error: SETTINGS_MESSAGES.emailInvalid })
      .pipe(z.email({ error: SETTINGS_MESSAGES.emailInvalid }))
      .transform((email) => email.toLowerCase()),
    timeZone: z
      .string({ error: SETTINGS_MESSAGES.timeZoneInvalid })
      .max(64, { error: SETTINGS_MESSAGES.timeZoneInvalid })
      .refine(isTimeZone, { error: SETTINGS_MESSAGES.timeZoneInvalid }),
    currency: z
      .string({ error: SETTINGS_MESSAGES.currencyInvalid })
      .max(3, { error: SETTINGS_MESSAGES.currencyInvalid, abort: true })
      .regex(/^[A-Z]{3}$/, { error: SETTINGS_MESSAGES.currencyInvalid }),
    cancellationCutoffHours: wholeNumber('cancellationCutoffHours'),
    paymentHoldMinutes: wholeNumber('paymentHoldMinutes'),
    reminderHoursBefore: wholeNumber('reminderHoursBefore'),
    bookingHorizonDays: wholeNumber('bookingHorizonDays'),
    minimumNoticeMinutes: wholeNumber('minimumNoticeMinutes'),
    slotStepMinutes: wholeNumber('slotStepMinutes').refine((step) => (24 * 60) % step === 0, {
      error: SETTINGS_MESSAGES.slotStepDividesDay,
    }),
    hours: weeklyHoursSchema,
    paymentPolicy: paymentPolicyInputSchema,
  })
  .partial();
export type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

export const settingsResponseSchema = successResponse(shopSettingsSchema);

/** One change in the audit trail: who changed which setting when, from what to what. */
export const settingChangeSchema = z.object({
  _id: z.string(),
  setting: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  changedAt: z.string(),
  changedBy: z.object({ _id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
});
export type SettingChange = z.infer<typeof settingChangeSchema>;

export const settingChangesQuerySchema = z.object(pageQuery);
export const settingChangesResponseSchema = listResponse(settingChangeSchema);

const closureDate = (field: string) =>
  calendarDate({ required: `${field} is required`, invalid: `${field} must be a real day written YYYY-MM-DD`, field });

/** A span of whole days the shop is shut, both ends included. */
export const closureSchema = z.object({
  _id: z.uuid(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type Closure = z.infer<typeof closureSchema>;

/** How many days run from `startDate` to `endDate`, both included. */
const daysSpanned = (startDate: string, endDate: string) =>
  Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1;

/** `POST /api/closures` and the preview of the bookings it would lie over. */
export const createClosureSchema = z
  .strictObject({
    startDate: closureDate('Start date'),
    endDate: closureDate('End date'),
    reason: z
      .string({ error: CLOSURE_MESSAGES.reasonRequired })
      .trim()
      .min(1, { error: CLOSURE_MESSAGES.reasonRequired })
      .max(SETTING_LIMITS.closureReason, { error: CLOSURE_MESSAGES.reasonTooLong }),
  })
  .refine((closure) => closure.startDate <= closure.endDate, {
    error: CLOSURE_MESSAGES.endBeforeStart,
    path: ['endDate'],
  })
  .refine((closure) => daysSpanned(closure.startDate, closure.endDate) <= SETTING_LIMITS.closureDays, {
    error: CLOSURE_MESSAGES.tooLong,
    path: ['endDate'],
  });
export type CreateClosureInput = z.infer<typeof createClosureSchema>;

export const closureRangeQuerySchema = z
  .object({ startDate: closureDate('Start date'), endDate: closureDate('End date') })
  .refine((range) => range.startDate <= range.endDate, { error: CLOSURE_MESSAGES.endBeforeStart, path: ['endDate'] });

/** A live booking a closure would lie over, listed before the closure is saved. */
export const affectedBookingSchema = z.object({
  _id: z.uuid(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.string(),
  service: z.object({ _id: z.uuid(), name: z.string() }),
  customer: z.object({ _id: z.uuid(), name: z.string(), email: z.string(), phone: z.string().nullable() }),
});
export type AffectedBooking = z.infer<typeof affectedBookingSchema>;

export const closuresResponseSchema = successResponse(z.array(closureSchema));
export const closureCreatedResponseSchema = successResponse(
  z.object({ closure: closureSchema, affectedBookings: z.array(affectedBookingSchema) }),
);
export const closureResponseSchema = successResponse(closureSchema);
export const affectedBookingsResponseSchema = successResponse(z.array(affectedBookingSchema));

/** `PUT /api/services/:id/hours`: the service's own weekly hours inside the shop's, or null to follow the shop's. */
export const serviceHoursSchema = z.strictObject({ hours: weeklyHoursSchema.nullable() });
export type ServiceHoursInput = z.infer<typeof serviceHoursSchema>;

/**
 * A service as `GET /api/services/:id` and `PUT /api/services/:id/hours` answer it, read for its own hours
 * (null: it follows the shop's).
 */
export const serviceHoursResponseSchema = successResponse(
  z.object({ _id: z.uuid(), hours: weeklyHoursSchema.nullable() }),
);

/** What a day of a service's calendar offers. */
export const CALENDAR_DAY_STATES = ['open', 'closed', 'past', 'beyond'] as const;

/** `GET /api/slots/calendar`: a service's days from `from` to `to` (at most CALENDAR_MAX_DAYS). */
export const calendarQuerySchema = z
  .object({
    service: z.uuid({ error: 'service must be a service id' }),
    from: closureDate('from'),
    to: closureDate('to'),
    /** The job, as `GET /api/slots` takes it: a day's free times are those the whole job fits. */
    ...jobQueryFields,
  })
  .refine((job) => job.vehicle === undefined || job.vehicleClass === undefined, {
    error: QUOTE_MESSAGES.vehicleOrClass,
    path: ['vehicleClass'],
  })
  .refine((range) => range.from <= range.to, { error: CALENDAR_MESSAGES.endBeforeStart, path: ['to'] })
  .refine(
    (range) =>
      Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`) < CALENDAR_MAX_DAYS * 86_400_000,
    { error: CALENDAR_MESSAGES.rangeTooLong, path: ['to'] },
  );
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

export const calendarDaySchema = z.object({
  date: z.string(),
  /** open: the service is offered that day; closed: shop or service hours, or a closure; past; beyond the horizon. */
  state: z.enum(CALENDAR_DAY_STATES),
  /** How many start times that day a customer could book now. */
  free: z.number().int(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

export const calendarSchema = z.object({
  timeZone: z.string(),
  /** The shop's today and the last day customers may book, YYYY-MM-DD. */
  today: z.string(),
  lastBookableDate: z.string(),
  /** The first day on or after max(from, today) with a free time, up to the horizon; null when none. */
  nextAvailable: z.string().nullable(),
  days: z.array(calendarDaySchema),
});
export type Calendar = z.infer<typeof calendarSchema>;

export const calendarResponseSchema = successResponse(calendarSchema);
