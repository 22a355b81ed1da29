import { BOOKING_LINE_KINDS, BOOKING_STATUSES, PAYMENT_STATES } from '@carcare/contracts/bookings-constants';
import {
  BOOKING_FEE_KINDS,
  BOOKING_FEE_STATUSES,
  MOVE_REASONS,
  PAY_WITH,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
} from '@carcare/contracts/front-desk-constants';
import {
  DEFAULT_PAYMENT_POLICY,
  type PaymentPolicy,
  SERVICE_PAYMENT_MODES,
} from '@carcare/contracts/payment-policy-constants';
import {
  MEMBERSHIP_PAYMENT_KINDS,
  MEMBERSHIP_STATUSES,
  PLAN_INTERVALS,
  PLAN_KINDS,
} from '@carcare/contracts/plans-constants';
import { RATING_MAX, RATING_MIN } from '@carcare/contracts/reviews-constants';
import { ROLES } from '@carcare/contracts/session-constants';
import type { WeeklyHours } from '@carcare/contracts/shop-settings';
import { SLOT_ORIGINS, SLOT_STATUSES } from '@carcare/contracts/slots-constants';
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES, TEXT_KEYWORDS } from '@carcare/contracts/texts-constants';
import { WAITLIST_OFFER_STATUSES, WAITLIST_STATUSES } from '@carcare/contracts/waitlist-constants';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date());

export const roleEnum = pgEnum('role', ROLES);
export const slotStatusEnum = pgEnum('slot_status', SLOT_STATUSES);
export const slotOriginEnum = pgEnum('slot_origin', SLOT_ORIGINS);
export const bookingStatusEnum = pgEnum('booking_status', BOOKING_STATUSES);
export const paymentStateEnum = pgEnum('payment_state', PAYMENT_STATES);
export const paymentSessionStatusEnum = pgEnum('payment_session_status', ['open', 'paid', 'failed', 'expired']);
/** A refund asked of the provider, given back, or refused by it (then the booking stays as it was). */
export const refundStatusEnum = pgEnum('refund_status', ['pending', 'refunded', 'failed']);
/** A priced line of a booking: its service, or one add-on. */
export const bookingLineKindEnum = pgEnum('booking_line_kind', BOOKING_LINE_KINDS);
/** How a booking is paid: its own checkout, a link sent to the customer, at the counter, or the card on file. */
export const payWithEnum = pgEnum('pay_with', PAY_WITH);
/** What a movement of money in the ledger is for; `refund` is money out. */
export const paymentKindEnum = pgEnum('payment_kind', PAYMENT_KINDS);
/** How money moved: online checkout, the card on file, cash or card at the counter. */
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);
/** Why the shop moved a booking. */
export const moveReasonEnum = pgEnum('move_reason', MOVE_REASONS);
/** A fee a booking carries under its terms, and where it stands. */
export const bookingFeeKindEnum = pgEnum('booking_fee_kind', BOOKING_FEE_KINDS);
export const bookingFeeStatusEnum = pgEnum('booking_fee_status', BOOKING_FEE_STATUSES);
/** How a service is paid when booked online: in full, a deposit, or nothing online with the card saved. */
export const servicePaymentModeEnum = pgEnum('service_payment_mode', SERVICE_PAYMENT_MODES);

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Always stored in lower case; null for a customer the shop added with a phone alone. */
    email: text('email'),
    /** Null for a customer the shop added who has not claimed the account (they cannot sign in until then). */
    passwordHash: text('password_hash'),
    role: roleEnum('role').notNull().default('user'),
    address: text('address'),
    phone: text('phone'),
    image: text('image'),
    /** When the customer agreed to booking texts (registering or booking); null: they did not. */
    textsAcceptedAt: timestamp('texts_accepted_at', { withTimezone: true }),
    /** The customer asked not to be asked for reviews. */
    reviewRequestsOff: boolean('review_requests_off').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.createdAt),
    // Booking Management's search: a literal, case-insensitive match anywhere in a name, email or phone,
    // or in the phone's digits alone (trigram indexes serve ILIKE '%term%').
    index('users_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    index('users_phone_digits_trgm_idx').using('gin', sql`regexp_replace(${t.phone}, '[^0-9]', '', 'g') gin_trgm_ops`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    // A customer the shop added has a phone at least.
    check('users_reachable_check', sql`${t.email} is not null or ${t.phone} is not null`),
    // Whether anyone still shows a stored image, asked each time a profile image is replaced.
    index('users_image_idx').on(t.image),
  ],
);

/**
 * When a user changed their profile image, over the last hour: uploads are limited per user and hour
 * (PROFILE_IMAGE_UPLOADS_PER_HOUR), counted under the user's row lock on any instance. Rows older than the
 * hour are deleted as the user's next upload is counted, so a user has at most that many.
 */
export const profileImageUploads = pgTable(
  'profile_image_uploads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('profile_image_uploads_user_idx').on(t.userId, t.uploadedAt)],
);

/**
 * One sign-in on one device. Its refresh tokens rotate within it, and its access tokens carry its id
 * (`sid`): once it is revoked (logout, a password change elsewhere, a reset, a reused refresh token),
 * neither is accepted again.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Whether each refresh replaces its token (decision 004). False for sessions begun from an origin in
     * NON_ROTATING_REFRESH_ORIGINS, whose client keeps the token it got at sign-in for its 30 days (decision 015).
     */
    rotates: boolean('rotates').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session this token belongs to (its family); reuse of a rotated token revokes the session. */
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque token: the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    // A session holds one usable refresh token at a time: rotation retires the old one as it issues the next,
    // and the reuse grace hands back that one token.
    uniqueIndex('refresh_tokens_live_family_key').on(t.familyId).where(sql`${t.revokedAt} is null`),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** `reset`: the forgot-password link; `claim`: the link a customer the shop added sets a password with. */
    purpose: text('purpose').notNull().default('reset'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('password_reset_tokens_purpose_check', sql`${t.purpose} in ('reset', 'claim')`),
    uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

// Triggers on its writes (each function in db/functions/<function>.sql):
//   services_report_update → report_log_every_day: after an update of is_deleted, logs every day for the report
export const services = pgTable(
  'services',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Cleanup after the slot (drying, curing): the booking keeps its bay this much longer. */
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    /** The service's own weekly hours, offered only inside the shop's; null: the shop's hours. */
    hours: jsonb('hours').$type<WeeklyHours>(),
    /** How a customer pays for it online (SERVICE_PAYMENT_MODES); `full` is SPEC.md's behaviour. */
    paymentMode: servicePaymentModeEnum('payment_mode').notNull().default('full'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('services_price_check', sql`${t.priceCents} > 0`),
    check('services_duration_check', sql`${t.durationMinutes} > 0`),
    check('services_buffer_check', sql`${t.bufferMinutes} >= 0`),
    index('services_live_created_at_idx').on(t.createdAt).where(sql`${t.isDeleted} = false`),
    index('services_live_price_idx').on(t.priceCents).where(sql`${t.isDeleted} = false`),
    // Substring search (ILIKE '%term%') on names stays index-backed as the catalogue grows.
    index('services_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * The shop's bays: the scarce resource. A booking occupies one over its slot plus its service's buffer; an
 * exclusion constraint on `bookings` (migration 0007) refuses two live bookings overlapping on one bay.
 */
// Triggers on its writes (each function in db/functions/<function>.sql):
//   bays_deactivation → bay_deactivation_check: before deactivating a bay, refuses while bookings lie ahead on it
//   bays_report_change → report_log_every_day: after an insert, a delete or an update of active, logs every day
export const bays = pgTable(
  'bays',
  {
    id: id(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    /** 1, 2, 3… as the shop orders them; a booking takes the first free eligible bay in this order. */
    sortOrder: integer('sort_order').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('bays_name_key').on(sql`lower(${t.name})`)],
);

/** The services a bay is limited to; a bay with no row here serves every service. */
// Triggers on its writes (each function in db/functions/<function>.sql):
//   bay_services_report_change → report_log_every_day: after every write, logs every day for the report
export const bayServices = pgTable(
  'bay_services',
  {
    bayId: uuid('bay_id')
      .notNull()
      .references(() => bays.id),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
  },
  (t) => [primaryKey({ columns: [t.bayId, t.serviceId] }), index('bay_services_service_idx').on(t.serviceId)],
);

/** The bays a service is limited to (the one with a lift); a service with no row here may use any bay. */
// Triggers on its writes (each function in db/functions/<function>.sql):
//   service_bays_report_change → report_log_every_day: after every write, logs every day for the report
export const serviceBays = pgTable(
  'service_bays',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    bayId: uuid('bay_id')
      .notNull()
      .references(() => bays.id),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.bayId] }), index('service_bays_bay_idx').on(t.bayId)],
);

// Triggers on its writes (each function in db/functions/<function>.sql):
//   slots_report_insert → report_log_slot_days: after an insert, logs the slots' days for the report
//   slots_report_update → report_log_slot_days: after an update, logs the slots' old and new days
//   slots_report_delete → report_log_slot_days: after a delete, logs the slots' days
export const slots = pgTable(
  'slots',
  {
    id: id(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    /** Calendar day in the business time zone, YYYY-MM-DD. */
    date: date('date', { mode: 'string' }).notNull(),
    /** HH:MM in the business time zone. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /**
     * What the administrator made of the slot: available or cancel. Whether it is booked is derived from
     * the bays its bookings occupy (capacity and remaining), never stored.
     */
    status: slotStatusEnum('status').notNull().default('available'),
    /** generated: made from the shop's hours (decision 035); manual: made by an administrator. */
    origin: slotOriginEnum('origin').notNull().default('manual'),
    /**
     * A generated time the shop's hours no longer give, kept because bookings (all ended) name it: offered to
     * no one, and brought back as it was (cancelled stays cancelled) if the hours give it again.
     */
    withdrawn: boolean('withdrawn').notNull().default(false),
    /**
     * A generated time's latest end: where the open range it lies in closes. A longer job (a bigger vehicle,
     * add-ons) is offered the time only if it and the service's buffer end by then. Null: no such bound (a
     * hand-made slot, whose bays alone decide).
     */
    openUntil: timestamp('open_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Each time of a service exists once, however many instances generate the same day at once.
    uniqueIndex('slots_service_date_start_key').on(t.serviceId, t.date, t.startTime),
    index('slots_date_service_idx').on(t.date, t.serviceId),
    index('slots_created_at_idx').on(t.createdAt),
    check(
      'slots_time_format_check',
      sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND ${t.endTime} ~ '^([01][0-9]|2[0-4]):[0-5][0-9]$'`,
    ),
    check('slots_time_order_check', sql`${t.startTime} <= ${t.endTime} AND ${t.startsAt} <= ${t.endsAt}`),
    check('slots_status_stored_check', sql`${t.status} <> 'booked'`),
    check('slots_withdrawn_generated_check', sql`not ${t.withdrawn} or ${t.origin} = 'generated'`),
    check('slots_open_until_check', sql`${t.openUntil} is null or ${t.openUntil} >= ${t.endsAt}`),
  ],
);

/**
 * The kinds of vehicle the shop prices by (Small car, Sedan, SUV…), in the shop's order. Exactly one live
 * class is the default, offered first; a class is archived, never deleted, since bookings name it.
 */
export const vehicleClasses = pgTable(
  'vehicle_classes',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** 1, 2, 3… as the shop orders them. */
    sortOrder: integer('sort_order').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vehicle_classes_live_name_key').on(sql`lower(${t.name})`).where(sql`${t.active}`),
    // At most one default; the service layer keeps one while any class is live.
    uniqueIndex('vehicle_classes_default_key').on(t.isDefault).where(sql`${t.isDefault}`),
    check('vehicle_classes_default_live_check', sql`not ${t.isDefault} or ${t.active}`),
  ],
);

/** A service's own price and duration for a vehicle class; a class without a row here takes the service's. */
export const serviceClassPrices = pgTable(
  'service_class_prices',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    vehicleClassId: uuid('vehicle_class_id')
      .notNull()
      .references(() => vehicleClasses.id),
    priceCents: integer('price_cents').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.vehicleClassId] }),
    check('service_class_prices_price_check', sql`${t.priceCents} > 0`),
    check('service_class_prices_duration_check', sql`${t.durationMinutes} > 0`),
  ],
);

/** Extras a customer ticks on a booking (pet hair, engine bay): a price and minutes more in the bay. */
export const addOns = pgTable(
  'add_ons',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    extraMinutes: integer('extra_minutes').notNull(),
    /** An inactive add-on is offered with nothing and cannot be booked; bookings that had it keep their line. */
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('add_ons_live_name_key').on(sql`lower(${t.name})`).where(sql`${t.active}`),
    check('add_ons_price_check', sql`${t.priceCents} > 0`),
    check('add_ons_minutes_check', sql`${t.extraMinutes} > 0`),
  ],
);

/** The services an add-on is offered with. */
export const addOnServices = pgTable(
  'add_on_services',
  {
    addOnId: uuid('add_on_id')
      .notNull()
      .references(() => addOns.id),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
  },
  (t) => [primaryKey({ columns: [t.addOnId, t.serviceId] }), index('add_on_services_service_idx').on(t.serviceId)],
);

/** An add-on's own price and minutes for a vehicle class; a class without a row here takes the add-on's. */
export const addOnClassPrices = pgTable(
  'add_on_class_prices',
  {
    addOnId: uuid('add_on_id')
      .notNull()
      .references(() => addOns.id),
    vehicleClassId: uuid('vehicle_class_id')
      .notNull()
      .references(() => vehicleClasses.id),
    priceCents: integer('price_cents').notNull(),
    extraMinutes: integer('extra_minutes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.addOnId, t.vehicleClassId] }),
    check('add_on_class_prices_price_check', sql`${t.priceCents} > 0`),
    check('add_on_class_prices_minutes_check', sql`${t.extraMinutes} > 0`),
  ],
);

/**
 * A customer's garage. The plate is kept normalised (upper case letters and digits) and is unique among one
 * customer's live vehicles; archived vehicles stay, since bookings name them.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleClassId: uuid('vehicle_class_id')
      .notNull()
      .references(() => vehicleClasses.id),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: smallint('year'),
    colour: text('colour').notNull().default(''),
    plate: text('plate'),
    /** The state, province or region the plate is issued in. */
    plateRegion: text('plate_region').notNull().default(''),
    nickname: text('nickname').notNull().default(''),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Lets a booking's (vehicle, customer) reference a vehicle of that customer only.
    uniqueIndex('vehicles_id_customer_key').on(t.id, t.customerId),
    uniqueIndex('vehicles_live_plate_key')
      .on(t.customerId, t.plate)
      .where(sql`${t.archivedAt} is null and ${t.plate} is not null`),
    index('vehicles_customer_idx').on(t.customerId, t.createdAt),
    check('vehicles_plate_check', sql`${t.plate} is null or ${t.plate} ~ '^[A-Z0-9]{1,10}$'`),
    check('vehicles_year_check', sql`${t.year} is null or ${t.year} between 1900 and 2100`),
  ],
);

/** What a vehicle was when it was booked: the booking shows it so even after the garage changes. */
export type BookedVehicle = {
  make: string;
  model: string;
  year: number | null;
  colour: string;
  plate: string | null;
  plateRegion: string;
  nickname: string;
};

/**
 * The service-days whose generated slots match the shop's hours: `shape` fingerprints the start times the
 * hours, closures, step, time zone and the service's duration, buffer and hours gave when the day was last
 * made. A reader whose fingerprint differs remakes the day under the `slotDay` lock (decision 035).
 */
export const slotDays = pgTable(
  'slot_days',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    date: date('date', { mode: 'string' }).notNull(),
    shape: text('shape').notNull(),
    madeAt: timestamp('made_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.date] })],
);

/**
 * The shop as its owner sets it up on the Settings screen: one row, seeded from the environment on the first
 * start (BUSINESS_NAME, CURRENCY, …), the source of every instance's settings from then on (decision 035).
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint('id').primaryKey().default(1),
    businessName: text('business_name').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    timeZone: text('time_zone').notNull(),
    currency: text('currency').notNull(),
    cancellationCutoffHours: integer('cancellation_cutoff_hours').notNull(),
    paymentHoldMinutes: integer('payment_hold_minutes').notNull(),
    reminderHoursBefore: integer('reminder_hours_before').notNull(),
    bookingHorizonDays: integer('booking_horizon_days').notNull(),
    minimumNoticeMinutes: integer('minimum_notice_minutes').notNull(),
    slotStepMinutes: integer('slot_step_minutes').notNull(),
    hours: jsonb('hours').$type<WeeklyHours>().notNull(),
    /** Deposits, the no-show fee and late cancellations (checked by the API's schema when saved). */
    paymentPolicy: jsonb('payment_policy').$type<PaymentPolicy>().notNull().default(DEFAULT_PAYMENT_POLICY),
    /** The terms' version (a row of policy_versions): moves on with each change of the policy or the cut-off. */
    policyVersion: integer('policy_version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shop_settings_single_row_check', sql`${t.id} = 1`),
    check('shop_settings_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('shop_settings_horizon_check', sql`${t.bookingHorizonDays} between 1 and 365`),
    check('shop_settings_notice_check', sql`${t.minimumNoticeMinutes} between 0 and 10080`),
    check('shop_settings_step_check', sql`${t.slotStepMinutes} between 5 and 240 and 1440 % ${t.slotStepMinutes} = 0`),
    check('shop_settings_cutoff_check', sql`${t.cancellationCutoffHours} between 0 and 720`),
    check('shop_settings_hold_check', sql`${t.paymentHoldMinutes} between 5 and 1440`),
    check('shop_settings_reminder_check', sql`${t.reminderHoursBefore} between 1 and 336`),
  ],
);

/**
 * Every version of the shop's payment and cancellation terms, as customers accepted them: a booking names the
 * version its customer accepted, so a later change never rewrites what they agreed to.
 */
export const policyVersions = pgTable('policy_versions', {
  version: integer('version').primaryKey(),
  policy: jsonb('policy').$type<PaymentPolicy>().notNull(),
  cancellationCutoffHours: integer('cancellation_cutoff_hours').notNull(),
  createdAt: createdAt(),
});

/** The settings' audit trail: one row per setting changed, who changed it, when, from what to what. */
export const settingChanges = pgTable(
  'setting_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    setting: text('setting').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('setting_changes_changed_at_idx').on(t.changedAt, t.id)],
);

/** Whole days the shop is shut (Christmas, a flooded bay), both ends included, in the shop's time zone. */
export const closures = pgTable(
  'closures',
  {
    id: id(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('closures_order_check', sql`${t.startDate} <= ${t.endDate}`),
    index('closures_end_date_idx').on(t.endDate),
  ],
);

// Triggers on its writes (each function in db/functions/<function>.sql):
//   bookings_position → booking_next_position: before each insert, takes the next number of booking_totals
//   bookings_no_delete → bookings_are_kept: before each delete, refuses it (bookings are history)
//   bookings_report_insert → report_log_booking_days: after an insert, logs the bookings' days for the report
//   bookings_report_update → report_log_booking_days: after an update, logs the bookings' old and new days
//   bookings_report_delete → report_log_booking_days: after a delete, logs the bookings' days
//   bookings_count_truncate → booking_totals_reset: after a truncate, sets the count of bookings to 0
//   bookings_vehicle_live → booking_vehicle_live: before an insert or a change of vehicle, refuses an archived vehicle
//   bookings_total → booking_total_matches: at commit, after an insert or a change of price, refuses a price
//     that is not the sum of the booking's lines
//   bookings_free_is_covered → booking_free_is_covered: at commit, after an insert or a change of price, refuses
//     a booking that costs nothing without a membership's wash paying it
//   bookings_return_wash → booking_returns_wash: after its status turns to cancel, gives its wash back
export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => slots.id),
    bayId: uuid('bay_id')
      .notNull()
      .references(() => bays.id),
    /** The bay is busy over [occupiedFrom, occupiedUntil): the slot's time plus the service's buffer when booked. */
    occupiedFrom: timestamp('occupied_from', { withTimezone: true }).notNull(),
    occupiedUntil: timestamp('occupied_until', { withTimezone: true }).notNull(),
    status: bookingStatusEnum('status').notNull().default('pending'),
    payment: paymentStateEnum('payment').notNull().default('unpaid'),
    /**
     * What the booking costs, fixed when it is made: a later price change of the service leaves it alone.
     * Always the sum of its lines (`booking_lines`), checked when the transaction commits.
     */
    priceCents: integer('price_cents').notNull(),
    /** The garage's vehicle booked, one of the customer's own; null when the booking named a class or nothing. */
    vehicleId: uuid('vehicle_id'),
    /** The class the booking was priced by; null: the service's base price and duration (SPEC.md's booking). */
    vehicleClassId: uuid('vehicle_class_id').references(() => vehicleClasses.id),
    /** The class's name when booked. */
    vehicleClassName: text('vehicle_class_name'),
    /** The vehicle as it was when booked. */
    vehicle: jsonb('vehicle').$type<BookedVehicle>(),
    /** The booked vehicle's normalised plate, searched by Booking Management. */
    vehiclePlate: text('vehicle_plate'),
    /** How the booking is paid; `online` for every booking a customer makes. */
    payWith: payWithEnum('pay_with').notNull().default('online'),
    /** The staff member or administrator who made the booking for the customer; null when the customer did. */
    bookedBy: uuid('booked_by').references(() => users.id, { onDelete: 'set null' }),
    /** Whether the shop made it (kept when the staff account is later removed). */
    bookedByShop: boolean('booked_by_shop').notNull().default(false),
    /** The customer's own note for the shop, given when booking. */
    customerNote: text('customer_note'),
    /** Why it was cancelled: one of CANCEL_REASONS or written. */
    cancelReason: text('cancel_reason'),
    /**
     * The version of the shop's terms the customer accepted when booking; null when none was accepted (the older
     * client's booking): such a booking is paid in full online and no fee is ever charged on it.
     */
    policyVersion: integer('policy_version').references(() => policyVersions.version),
    /** When an instance took on sending the reminder, and when it was sent (see the reminder job). */
    reminderClaimedAt: timestamp('reminder_claimed_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** A pending booking past this instant is cancelled and its slot freed. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /**
     * The client address (as TRUST_PROXY resolves it) the booking was made from: unpaid holds are limited per
     * address as well as per account. Null for bookings made before it was kept.
     */
    clientAddress: text('client_address'),
    /** When the customer first opened the booking's checkout page, which extends its short first hold. */
    checkoutOpenedAt: timestamp('checkout_opened_at', { withTimezone: true }),
    /** When the shop marked the car ready to collect. */
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /**
     * 1, 2, 3… in the order bookings were made, with no gaps: set by a trigger (migration 0004) under the
     * booking_totals row lock, whatever value an insert gives. Lets any page of the admin list be read
     * by position instead of skipping rows with OFFSET.
     */
    position: bigint('position', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // No two live bookings overlap on one bay: the exclusion constraint bookings_bay_overlap_excl (migration
    // 0007, btree_gist) is the last line of defence against double booking; drizzle cannot declare it here.
    index('bookings_live_slot_idx').on(t.slotId).where(sql`${t.status} in ('pending', 'confirm')`),
    check('bookings_occupied_check', sql`${t.occupiedFrom} < ${t.occupiedUntil}`),
    // Nothing to pay only for a job a member's plan paid in full (trigger bookings_free_is_covered).
    check('bookings_price_check', sql`${t.priceCents} >= 0`),
    check(
      'bookings_vehicle_class_check',
      sql`(${t.vehicleClassId} is null) = (${t.vehicleClassName} is null) and (${t.vehicleId} is null or ${t.vehicleClassId} is not null)`,
    ),
    // A booking's vehicle is one of its customer's.
    foreignKey({
      name: 'bookings_vehicle_customer_fk',
      columns: [t.vehicleId, t.customerId],
      foreignColumns: [vehicles.id, vehicles.customerId],
    }),
    index('bookings_vehicle_plate_idx').on(t.vehiclePlate).where(sql`${t.vehiclePlate} is not null`),
    check('bookings_customer_note_check', sql`char_length(${t.customerNote}) <= 500`),
    check('bookings_cancel_reason_check', sql`char_length(${t.cancelReason}) <= 200`),
    // Confirmed bookings ahead whose reminder is not sent yet, looked up by the reminder job every minute.
    index('bookings_reminder_due_idx')
      .on(t.occupiedFrom)
      .where(sql`${t.status} = 'confirm' and ${t.reminderSentAt} is null`),
    index('bookings_created_at_idx').on(t.createdAt, t.id),
    uniqueIndex('bookings_position_key').on(t.position),
    index('bookings_customer_idx').on(t.customerId, t.createdAt),
    index('bookings_pending_hold_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'pending'`),
    // How many unpaid holds a customer has, counted at every booking.
    index('bookings_customer_pending_idx').on(t.customerId).where(sql`${t.status} = 'pending'`),
    // And how many come from one client address.
    index('bookings_address_pending_idx').on(t.clientAddress).where(sql`${t.status} = 'pending'`),
    // Booking Management's filters, each read newest first by position (page 1 and deep pages alike).
    index('bookings_status_position_idx').on(t.status, t.position),
    index('bookings_payment_position_idx').on(t.payment, t.position),
    index('bookings_service_position_idx').on(t.serviceId, t.position),
    index('bookings_bay_position_idx').on(t.bayId, t.position),
    index('bookings_customer_position_idx').on(t.customerId, t.position),
    // The slot-date filter, the overview's periods and the day board: bookings by when they take their bay.
    index('bookings_occupied_from_idx').on(t.occupiedFrom),
    // A day's bookings, found from its slots when the overview's daily figures are recomputed.
    index('bookings_slot_idx').on(t.slotId),
  ],
);

/**
 * A booking's priced lines as they were when it was made: its service (first) and each add-on, with the
 * price and minutes each had for the booked class. The booking's price is their sum and its bay is held
 * for their minutes plus the service's buffer.
 */
// Triggers on its writes (each function in db/functions/<function>.sql):
//   booking_lines_bookable → booking_line_bookable: before an insert, refuses an add-on that is not active
//   booking_lines_total → booking_total_matches: at commit, refuses a booking whose price is not its lines' sum
//   (and on bookings: bookings_total → booking_total_matches; bookings_vehicle_live → booking_vehicle_live)
export const bookingLines = pgTable(
  'booking_lines',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    /** 0 for the service, then each add-on in the order chosen. */
    position: smallint('position').notNull(),
    kind: bookingLineKindEnum('kind').notNull(),
    addOnId: uuid('add_on_id').references(() => addOns.id),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    minutes: integer('minutes').notNull(),
  },
  (t) => [
    uniqueIndex('booking_lines_position_key').on(t.bookingId, t.position),
    uniqueIndex('booking_lines_add_on_key').on(t.bookingId, t.addOnId).where(sql`${t.addOnId} is not null`),
    index('booking_lines_add_on_idx').on(t.addOnId).where(sql`${t.addOnId} is not null`),
    // A line a member's plan covers costs nothing.
    check('booking_lines_price_check', sql`${t.priceCents} >= 0`),
    check('booking_lines_minutes_check', sql`${t.minutes} > 0`),
    check(
      'booking_lines_kind_check',
      sql`(${t.kind} = 'service' and ${t.addOnId} is null and ${t.position} = 0) or (${t.kind} = 'addOn' and ${t.addOnId} is not null and ${t.position} > 0)`,
    ),
  ],
);

/**
 * The number of bookings, kept exact by the triggers of `bookings` (each insert takes the next number, which
 * is its position; a truncate sets it to 0), so that the admin list's total costs one row read however many
 * bookings there are. Written by those triggers only.
 */
export const bookingTotals = pgTable(
  'booking_totals',
  {
    id: smallint('id').primaryKey().default(1),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (t) => [check('booking_totals_single_row_check', sql`${t.id} = 1`)],
);

// Triggers on its writes (each function in db/functions/<function>.sql):
//   payments_ledger → ledger_record_checkout: after a checkout is inserted paid or becomes paid, writes the payment
//     in the ledger
export const payments = pgTable(
  'payments',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    provider: text('provider').notNull(),
    /** The provider's checkout session id. */
    sessionId: text('session_id').notNull(),
    /**
     * Where the provider takes the payment; the customer is sent there through our own `/pay/<session>`,
     * which records that the checkout was opened. Null for checkouts opened before it was kept.
     */
    checkoutUrl: text('checkout_url'),
    /**
     * The origin of CORS_ORIGINS whose page made the booking (an older client on its own site): the checkout ends
     * on our result page at `/pay/<session>/result`, which leads back there. Null for bookings made on our web app.
     */
    returnOrigin: text('return_origin'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** What the checkout takes: the whole price, a deposit, the balance, or a fee (a ledger line of that kind once paid). */
    purpose: paymentKindEnum('purpose').notNull().default('full'),
    /** The checkout also keeps the card the customer pays with, for later charges (a saved card). */
    savesCard: boolean('saves_card').notNull().default(false),
    status: paymentSessionStatusEnum('status').notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_session_key').on(t.provider, t.sessionId),
    index('payments_booking_idx').on(t.bookingId),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    check('payments_purpose_check', sql`${t.purpose} <> 'refund'`),
  ],
);

/** Money given back for a booking. At most one refund per booking is ever pending or done. */
// Triggers on its writes (each function in db/functions/<function>.sql):
//   refunds_report_insert → report_log_refund_days: after an insert, logs the refunded bookings' days
//   refunds_report_update → report_log_refund_days: after an update, logs the refunded bookings' days
//   refunds_ledger → ledger_record_refund: after an insert or a change of status, writes a refund given back
//     (or one that came back) in the ledger
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    provider: text('provider').notNull(),
    /** The provider's id of the refund, once it has one. */
    providerRefundId: text('provider_refund_id'),
    amountCents: integer('amount_cents').notNull(),
    status: refundStatusEnum('status').notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refunds_live_booking_key').on(t.bookingId).where(sql`${t.status} in ('pending', 'refunded')`),
    uniqueIndex('refunds_provider_refund_key').on(t.provider, t.providerRefundId),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The payment ledger: every movement of money for a booking, one row each, never changed or deleted. A booking's
 * amount paid is the sum of its rows (a refund is negative) and its balance is derived from that. A checkout
 * paid and a refund given back are written here by triggers on `payments` and `refunds`, so no way of settling
 * them can miss it; the counter and the card on file write their rows directly.
 */
// Triggers on its writes (each function in db/functions/<function>.sql):
//   ledger_within_paid → ledger_entry_allowed: before an insert, under the booking's row lock, refuses a refund
//     larger than what was paid, and money taken by the shop beyond what the booking costs
//   ledger_kept → ledger_entries_are_kept: before an update or a delete, refuses it
//   (and on payments: payments_ledger → ledger_record_checkout; on refunds: refunds_ledger → ledger_record_refund)
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    kind: paymentKindEnum('kind').notNull(),
    method: paymentMethodEnum('method').notNull(),
    /** Cents: positive for money received, negative for money given back. */
    amountCents: integer('amount_cents').notNull(),
    /** The payment provider, for money that moved through one. */
    provider: text('provider'),
    /** The provider's id of the movement (checkout session, payment intent or refund). */
    providerReference: text('provider_reference'),
    /** The checkout this row is the payment of, or the refund this row gives back. */
    checkoutId: uuid('checkout_id').references(() => payments.id),
    refundId: uuid('refund_id').references(() => refunds.id),
    /** The key a charge of the shop's (counter, card on file) was made with: the same key never records twice. */
    idempotencyKey: text('idempotency_key'),
    /** The staff member or administrator who took it; null for money the customer paid online. */
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_booking_idx').on(t.bookingId, t.createdAt),
    index('ledger_entries_created_at_idx').on(t.createdAt),
    uniqueIndex('ledger_entries_checkout_key').on(t.checkoutId).where(sql`${t.checkoutId} is not null`),
    uniqueIndex('ledger_entries_idempotency_key').on(t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    // One row of each refund given back, and one of it coming back if it then failed.
    uniqueIndex('ledger_entries_refund_key')
      .on(t.refundId, sql`(${t.amountCents} > 0)`)
      .where(sql`${t.refundId} is not null`),
    // Money in is positive; a refund is negative, but for a refund that failed after it was given back.
    check(
      'ledger_entries_sign_check',
      sql`case when ${t.kind} = 'refund' then ${t.amountCents} < 0 or ${t.refundId} is not null else ${t.amountCents} > 0 end and ${t.amountCents} <> 0`,
    ),
    check(
      'ledger_entries_method_check',
      sql`(${t.method} = 'online') = (${t.checkoutId} is not null or (${t.kind} = 'refund' and ${t.refundId} is not null))`,
    ),
  ],
);

/**
 * A customer's card saved with a payment provider for charges made without them (a balance, a fee): the
 * provider's customer and payment method, and what the shop may show of the card. A customer has at most one
 * live card per provider; a newer one replaces it (the older is kept, removed). The same payment method
 * reported again is one row.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's customer the card belongs to (Stripe: `cus_...`). */
    customerRef: text('customer_ref').notNull(),
    /** The provider's saved payment method (Stripe: `pm_...`). */
    paymentMethodRef: text('payment_method_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    createdAt: createdAt(),
    /** When a newer card replaced it; null while it is the customer's card on file. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('saved_cards_live_key').on(t.customerId, t.provider).where(sql`${t.removedAt} is null`),
    uniqueIndex('saved_cards_payment_method_key').on(t.provider, t.paymentMethodRef),
    check('saved_cards_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('saved_cards_brand_check', sql`char_length(${t.brand}) between 1 and 40`),
  ],
);

/**
 * A checkout that takes no money and keeps the customer's card (a booking paid at the shop with the card saved):
 * open until the provider reports the card saved. The sandbox's page finds its customer here.
 */
export const cardSetups = pgTable(
  'card_setups',
  {
    id: id(),
    provider: text('provider').notNull(),
    /** The provider's checkout session id. */
    sessionId: text('session_id').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id),
    /** Where the provider takes the card; the customer is sent there through our own `/pay/<session>`. */
    checkoutUrl: text('checkout_url').notNull(),
    /** Where the customer goes once done. */
    returnUrl: text('return_url').notNull(),
    /** The card it saved, once the provider reports it. */
    savedCardId: uuid('saved_card_id').references(() => savedCards.id, { onDelete: 'set null' }),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('card_setups_provider_session_key').on(t.provider, t.sessionId),
    index('card_setups_booking_idx').on(t.bookingId),
  ],
);

/**
 * A fee a booking carries under the terms its customer accepted: at most one of each kind, so that two staff
 * marking the same no-show charge it once. Its money is in the ledger (the charge, and the refund when it is
 * waived after being charged); this row says where it stands and why it was waived.
 */
export const bookingFees = pgTable(
  'booking_fees',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    kind: bookingFeeKindEnum('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: bookingFeeStatusEnum('status').notNull().default('due'),
    /** The provider's payment of the fee, once charged: a waiver refunds it. */
    paymentRef: text('payment_ref'),
    waivedBy: uuid('waived_by').references(() => users.id, { onDelete: 'set null' }),
    waiveReason: text('waive_reason'),
    waivedAt: timestamp('waived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('booking_fees_booking_kind_key').on(t.bookingId, t.kind),
    check('booking_fees_amount_check', sql`${t.amountCents} > 0`),
    check('booking_fees_waived_check', sql`(${t.status} = 'waived') = (${t.waiveReason} is not null)`),
    check('booking_fees_reason_check', sql`char_length(${t.waiveReason}) <= 200`),
  ],
);

/** Notes staff keep on a booking, for the shop's eyes only. */
export const bookingNotes = pgTable(
  'booking_notes',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name when written (kept when the account is removed). */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('booking_notes_booking_idx').on(t.bookingId, t.createdAt),
    check('booking_notes_body_check', sql`char_length(${t.body}) between 1 and 1000`),
  ],
);

/** Every move of a booking to another time: from where, to where, by whom, and why when the shop moved it. */
export const bookingMoves = pgTable(
  'booking_moves',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    fromSlotId: uuid('from_slot_id')
      .notNull()
      .references(() => slots.id),
    toSlotId: uuid('to_slot_id')
      .notNull()
      .references(() => slots.id),
    movedBy: uuid('moved_by').references(() => users.id, { onDelete: 'set null' }),
    /** Null when the customer moved their own booking. */
    reason: moveReasonEnum('reason'),
    reasonText: text('reason_text'),
    movedAt: timestamp('moved_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('booking_moves_booking_idx').on(t.bookingId, t.movedAt),
    check('booking_moves_reason_text_check', sql`char_length(${t.reasonText}) <= 200`),
  ],
);

/** The roles' audit trail: who changed whose role, from what to what, and when. */
export const roleChanges = pgTable(
  'role_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The user's name and email when changed (kept when the account is removed). */
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name').notNull(),
    fromRole: roleEnum('from_role').notNull(),
    toRole: roleEnum('to_role').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('role_changes_changed_at_idx').on(t.changedAt, t.id),
    index('role_changes_user_idx').on(t.userId),
    check('role_changes_change_check', sql`${t.fromRole} <> ${t.toRole}`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    /** The author had a completed or paid booking, not refunded, when writing it. */
    verified: boolean('verified').notNull().default(false),
    /** The booking whose review request it answers: each request's link writes one review. */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_booking_key').on(t.bookingId).where(sql`${t.bookingId} is not null`),
    check(
      'reviews_rating_check',
      sql`${t.rating} between ${sql.raw(String(RATING_MIN))} and ${sql.raw(String(RATING_MAX))}`,
    ),
    index('reviews_created_at_idx').on(t.createdAt),
    // How many reviews a customer wrote in the last day, counted at every review.
    index('reviews_user_created_at_idx').on(t.userId, t.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;
export type BayRow = typeof bays.$inferSelect;

/**
 * The owner's overview reads these daily figures instead of every booking (decision 021). They are
 * derived data: the triggers of migration 0010 log the business days whose bookings, refunds or slots
 * changed in `report_changes`, and `refreshReportDays` recomputes those days before the overview is read.
 */
// Written by the report triggers of bookings, refunds, slots, services, bays, bay_services and service_bays.
export const reportChanges = pgTable('report_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** A business day to recompute; null: the offered bay-minutes of every day (a bay or a restriction changed). */
  day: date('day', { mode: 'string' }),
});

/** A day's bookings of one service in one status: how many, the money, and the bay-minutes of their slots. */
export const reportDays = pgTable(
  'report_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    serviceId: uuid('service_id').notNull(),
    status: bookingStatusEnum('status').notNull(),
    bookings: integer('bookings').notNull(),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull(),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull(),
    slotMinutes: bigint('slot_minutes', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.serviceId, t.status] })],
);

/** A day's bookings that took a bay, by the hour their slot starts (business-local). */
export const reportDayHours = pgTable(
  'report_day_hours',
  {
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    bookings: integer('bookings').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.hour] })],
);

/** The bay-minutes a day's open slots offered, over every bay (decision 021). */
export const reportDayOffers = pgTable('report_day_offers', {
  day: date('day', { mode: 'string' }).primaryKey(),
  offeredMinutes: bigint('offered_minutes', { mode: 'number' }).notNull(),
});

/**
 * Secrets the operator did not configure (JWT_SECRET), generated by the first instance to start and read by
 * every other, so that a token signed by one instance is accepted by all; a database backup carries them.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Raw bytes; both drivers answer a bytea as a Uint8Array or Buffer, always handed on as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Uploaded images, named by the SHA-256 of their bytes: every instance serves every image, and the same
 * picture uploaded twice is one row. A replaced profile image is deleted once no user shows it (decision 028).
 */
export const images = pgTable(
  'images',
  {
    hash: text('hash').primaryKey(),
    contentType: text('content_type').notNull(),
    /** Null when the bytes are kept in the image storage (S3_URL) under the image's name instead. */
    bytes: bytea('bytes'),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('images_hash_check', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
    check(
      'images_content_type_check',
      sql`${t.contentType} in ('image/webp', 'image/png', 'image/jpeg', 'image/gif', 'image/avif')`,
    ),
    check('images_size_check', sql`${t.size} > 0`),
    // The name is the bytes' own hash: a row can never serve other bytes than its URL promises.
    check(
      'images_bytes_match_check',
      sql`${t.bytes} is null or (octet_length(${t.bytes}) = ${t.size} and encode(sha256(${t.bytes}), 'hex') = ${t.hash})`,
    ),
  ],
);

export const planKindEnum = pgEnum('plan_kind', PLAN_KINDS);
export const planIntervalEnum = pgEnum('plan_interval', PLAN_INTERVALS);
export const membershipStatusEnum = pgEnum('membership_status', MEMBERSHIP_STATUSES);
export const membershipPaymentKindEnum = pgEnum('membership_payment_kind', MEMBERSHIP_PAYMENT_KINDS);

/**
 * What the shop sells ahead of the washes: a membership billed every month or year (washes a period, null for
 * unlimited), or a pack of washes paid once and valid for some days. A retired plan takes no one new; its
 * members keep it until they leave. Its price and interval never change: members joined at them.
 */
export const plans = pgTable(
  'plans',
  {
    id: id(),
    kind: planKindEnum('kind').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    interval: planIntervalEnum('interval'),
    washes: integer('washes'),
    washesPerDay: integer('washes_per_day').notNull().default(1),
    vehicles: integer('vehicles').notNull().default(1),
    validDays: integer('valid_days'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('plans_name_key').on(sql`lower(${t.name})`),
    check('plans_price_check', sql`${t.priceCents} > 0`),
    check(
      'plans_kind_check',
      sql`(${t.kind} = 'membership' and ${t.interval} is not null and ${t.validDays} is null)
        or (${t.kind} = 'pack' and ${t.interval} is null and ${t.washes} is not null and ${t.validDays} is not null)`,
    ),
    check('plans_washes_check', sql`${t.washes} is null or ${t.washes} between 1 and 100`),
    check('plans_washes_per_day_check', sql`${t.washesPerDay} between 1 and 5`),
    check('plans_vehicles_check', sql`${t.vehicles} between 1 and 6`),
  ],
);

/** The services a plan covers in full. */
export const planServices = pgTable(
  'plan_services',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
  },
  (t) => [primaryKey({ columns: [t.planId, t.serviceId] })],
);

/** The add-ons a plan covers; any other is paid. */
export const planAddOns = pgTable(
  'plan_add_ons',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    addOnId: uuid('add_on_id')
      .notNull()
      .references(() => addOns.id),
  },
  (t) => [primaryKey({ columns: [t.planId, t.addOnId] })],
);

/**
 * A customer's membership of a plan, or a pack they bought: kept from the payment provider's reports (a
 * subscription's periods, failures and end), applied once each and in any order (`providerVersion` is the
 * newest state applied). Its washes are counted by `redemptions`, under this row's lock.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    status: membershipStatusEnum('status').notNull().default('pending'),
    /** The provider billing it; null for a membership the shop gave (comped) or a pack paid at the counter. */
    provider: text('provider'),
    /** The provider's subscription (Stripe: `sub_...`), once known. */
    subscriptionRef: text('subscription_ref'),
    /** The checkout the customer joined or bought through. */
    checkoutSessionId: text('checkout_session_id'),
    /** The paid period (a pack: from its purchase to its expiry); null until the first payment. */
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** Cancelled by the member: it ends with the paid period. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /** After a failed renewal: it keeps washing until then, and is suspended after. */
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    failedPayments: integer('failed_payments').notNull().default(0),
    /** Given by the shop: nothing is billed. */
    comped: boolean('comped').notNull().default(false),
    /** The newest of the provider's states applied; an older one, arriving late, changes nothing. */
    providerVersion: bigint('provider_version', { mode: 'number' }).notNull().default(0),
    /** When the member last changed the vehicle (at most once in 30 days). */
    vehicleChangedAt: timestamp('vehicle_changed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('memberships_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('memberships_subscription_key')
      .on(t.provider, t.subscriptionRef)
      .where(sql`${t.subscriptionRef} is not null`),
    uniqueIndex('memberships_checkout_key')
      .on(t.provider, t.checkoutSessionId)
      .where(sql`${t.checkoutSessionId} is not null`),
    check('memberships_failed_payments_check', sql`${t.failedPayments} >= 0`),
  ],
);

/** The vehicles a membership covers: one, or a family plan's N. */
export const membershipVehicles = pgTable(
  'membership_vehicles',
  {
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.membershipId, t.vehicleId] }),
    index('membership_vehicles_vehicle_idx').on(t.vehicleId),
  ],
);

/**
 * One wash a membership or pack paid for: written in its booking's transaction, counted against the plan's caps
 * by trigger redemption_within_caps under the membership's row lock (two bookings for the last wash: one wins).
 * A cancelled booking gives its wash back (`returnedAt`).
 */
// Triggers on its writes (each function in db/functions/<function>.sql):
//   redemptions_within_caps → redemption_within_caps: before an insert, under the membership's row lock, refuses a
//     wash of a membership not in good standing, or beyond the plan's washes a period or a day
export const redemptions = pgTable(
  'redemptions',
  {
    id: id(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id),
    /** The membership's period it counts in; set by the trigger from the membership. */
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    /** The shop's day of the wash, for the per-day cap. */
    day: date('day', { mode: 'string' }).notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('redemptions_booking_key').on(t.bookingId),
    index('redemptions_membership_idx').on(t.membershipId, t.periodStart),
  ],
);

/** The provider's subscription events applied, each once however often it is delivered. */
export const membershipEvents = pgTable(
  'membership_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    appliedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The email that reminds a yearly member of the coming renewal: one per membership and period, claimed by the
 * instance that sends it (a claim never marked sent and older than a few minutes is taken over).
 */
export const renewalReminders = pgTable(
  'renewal_reminders',
  {
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    /** The end of the period it reminds of: the renewal's day. */
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.periodEnd] })],
);

/** The memberships' and packs' money, as the bookings' ledger: rows are added, never changed. */
// Triggers on its writes (each function in db/functions/<function>.sql):
//   membership_payments_kept → ledger_entries_are_kept: before an update or a delete, refuses it
export const membershipPayments = pgTable(
  'membership_payments',
  {
    id: id(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id),
    kind: membershipPaymentKindEnum('kind').notNull(),
    method: paymentMethodEnum('method').notNull(),
    /** Cents: positive for money received, negative for money given back. */
    amountCents: integer('amount_cents').notNull(),
    provider: text('provider'),
    /** The provider's invoice or payment: the same one never records twice. */
    providerReference: text('provider_reference'),
    /** The period it paid for. */
    periodStart: timestamp('period_start', { withTimezone: true }),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('membership_payments_membership_idx').on(t.membershipId, t.createdAt),
    index('membership_payments_created_at_idx').on(t.createdAt),
    uniqueIndex('membership_payments_reference_key')
      .on(t.provider, t.providerReference)
      .where(sql`${t.providerReference} is not null`),
    check('membership_payments_amount_check', sql`${t.amountCents} <> 0`),
  ],
);

/**
 * The sandbox provider's own subscriptions, as a provider would keep them: billed on the sandbox's clock
 * (`sandbox_clock`), which tests and the demo move forward to renew, fail and recover them.
 */
export const sandboxSubscriptions = pgTable('sandbox_subscriptions', {
  id: text('id').primaryKey(),
  membershipId: uuid('membership_id')
    .notNull()
    .references(() => memberships.id),
  amountCents: integer('amount_cents').notNull(),
  interval: planIntervalEnum('interval').notNull(),
  /** The test card it is billed to (see sandbox-cards). */
  card: text('card').notNull(),
  status: text('status').notNull(),
  periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
  periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  pausedUntil: timestamp('paused_until', { withTimezone: true }),
  /** Grows with every change: the state each of its events carries. */
  version: bigint('version', { mode: 'number' }).notNull().default(1),
  createdAt: createdAt(),
});

/** The sandbox's clock: how far ahead of the real one it runs (one row). */
export const sandboxClock = pgTable('sandbox_clock', {
  id: smallint('id').primaryKey().default(1),
  offsetSeconds: bigint('offset_seconds', { mode: 'number' }).notNull().default(0),
});

export const messageKindEnum = pgEnum('message_kind', MESSAGE_KINDS);
export const messageChannelEnum = pgEnum('message_channel', MESSAGE_CHANNELS);
export const messageStatusEnum = pgEnum('message_status', MESSAGE_STATUSES);
export const textKeywordEnum = pgEnum('text_keyword', TEXT_KEYWORDS);
export const waitlistStatusEnum = pgEnum('waitlist_status', WAITLIST_STATUSES);
export const waitlistOfferStatusEnum = pgEnum('waitlist_offer_status', WAITLIST_OFFER_STATUSES);

/**
 * What the shop told a customer about a booking, by text (or email, a failed text's fallback): one row per
 * booking, kind and occasion, so that each is sent once however many instances try. Queued rows are
 * claimed by the instance that sends them (a claim older than a few minutes and never finished is taken over).
 */
export const bookingMessages = pgTable(
  'booking_messages',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: messageKindEnum('kind').notNull(),
    /** Tells repeated messages of a kind apart (each move of a booking is told once); '' for the others. */
    occasion: text('occasion').notNull().default(''),
    channel: messageChannelEnum('channel').notNull(),
    status: messageStatusEnum('status').notNull().default('queued'),
    /** The number (E.164) or address it goes to. */
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    /** Not before this instant: quiet hours move a text to the morning; a review request waits a few hours. */
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The provider's id of the text, by which its delivery reports are matched. */
    providerId: text('provider_id'),
    /** Why it failed or was not sent, as the provider or the sender said. */
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('booking_messages_once_key').on(t.bookingId, t.kind, t.occasion, t.channel),
    uniqueIndex('booking_messages_provider_key').on(t.providerId).where(sql`${t.providerId} is not null`),
    // The sender's queue: what is due, oldest first.
    index('booking_messages_due_idx').on(t.sendAfter).where(sql`${t.status} in ('queued', 'sending')`),
    check('booking_messages_body_check', sql`char_length(${t.body}) <= 1600`),
  ],
);

/** The numbers that texted STOP to the shop: nothing is texted to them until they text START. */
export const textOptOuts = pgTable('text_opt_outs', {
  /** E.164. */
  phone: text('phone').primaryKey(),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }).notNull(),
});

/** Every STOP, START and HELP the provider delivered, each once however often it is delivered. */
export const textKeywordEvents = pgTable(
  'text_keyword_events',
  {
    id: id(),
    phone: text('phone').notNull(),
    keyword: textKeywordEnum('keyword').notNull(),
    /** The provider's id of the inbound text. */
    providerId: text('provider_id').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('text_keyword_events_provider_key').on(t.providerId),
    index('text_keyword_events_phone_idx').on(t.phone),
  ],
);

/** A customer waiting for a time of a service that was full: the first matching entry is offered a freed time. */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    /** The garage's vehicle to book, one of the customer's own; null when the entry names a class or nothing. */
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    vehicleClassId: uuid('vehicle_class_id').references(() => vehicleClasses.id, { onDelete: 'set null' }),
    addOnIds: uuid('add_on_ids').array().notNull().default(sql`'{}'::uuid[]`),
    status: waitlistStatusEnum('status').notNull().default('waiting'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('waitlist_entries_service_idx').on(t.serviceId, t.createdAt).where(sql`${t.status} = 'waiting'`),
    index('waitlist_entries_customer_idx').on(t.customerId, t.createdAt),
  ],
);

/** An entry's preferred days and time windows (at most WAITLIST_MAX_WINDOWS), in the shop's time. */
export const waitlistWindows = pgTable(
  'waitlist_windows',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** Minutes after the day's midnight: a time starting in [from, to) suits the customer. */
    fromMinute: smallint('from_minute').notNull(),
    toMinute: smallint('to_minute').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.day, t.fromMinute] }),
    index('waitlist_windows_day_idx').on(t.day),
    check(
      'waitlist_windows_span_check',
      sql`0 <= ${t.fromMinute} and ${t.fromMinute} < ${t.toMinute} and ${t.toMinute} <= 1440`,
    ),
  ],
);

/**
 * A freed time offered to a waitlist entry: the booking is the hold (a pending booking, guarded as a
 * checkout's), the customer's to pay for until it lapses. An entry holds one open offer at most and is never
 * offered the same time twice.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: id(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The time offered: its start. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    status: waitlistOfferStatusEnum('status').notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('waitlist_offers_booking_key').on(t.bookingId),
    uniqueIndex('waitlist_offers_open_key').on(t.entryId).where(sql`${t.status} = 'open'`),
    uniqueIndex('waitlist_offers_time_key').on(t.entryId, t.startsAt),
    index('waitlist_offers_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'open'`),
  ],
);
