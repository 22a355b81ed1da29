import { z } from 'zod';
import { bookingAddOnsField } from './add-ons';
import { ADD_ON_MESSAGES, MAX_BOOKING_ADD_ONS } from './add-ons-constants';
import { BOOKING_LINE_KINDS } from './bookings-constants';
import { successResponse } from './http';
import { optionalQuery } from './pagination';
import { QUOTE_MESSAGES } from './quotes-constants';

/**
 * What a booking is priced by, besides its service: one of the caller's vehicles (its class prices it), or a
 * vehicle class, and the add-ons. All left out: the service's base price and duration (SPEC.md's booking).
 */
export const jobFields = {
  vehicle: z.uuid({ error: QUOTE_MESSAGES.vehicleInvalid }).optional(),
  vehicleClass: z.uuid({ error: QUOTE_MESSAGES.vehicleClassInvalid }).optional(),
  addOns: bookingAddOnsField.optional(),
};

const notBoth = (job: { vehicle?: string | undefined; vehicleClass?: string | undefined }) =>
  job.vehicle === undefined || job.vehicleClass === undefined;

/** The job as a query string: `vehicle`, `vehicleClass`, and `addOns` as ids separated by commas. */
export const jobQueryFields = {
  vehicle: optionalQuery(z.uuid({ error: QUOTE_MESSAGES.vehicleInvalid })),
  vehicleClass: optionalQuery(z.uuid({ error: QUOTE_MESSAGES.vehicleClassInvalid })),
  addOns: optionalQuery(
    z
      .string({ error: ADD_ON_MESSAGES.listInvalid })
      // Ids of 36 characters, each with its comma.
      .max(MAX_BOOKING_ADD_ONS * 37, { error: ADD_ON_MESSAGES.listInvalid })
      .transform((text, context) => {
        const parsed = bookingAddOnsField.safeParse(text.trim() === '' ? [] : text.split(',').map((id) => id.trim()));
        if (parsed.success) return parsed.data;
        context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? ADD_ON_MESSAGES.listInvalid });
        return z.NEVER;
      }),
  ),
};

/** Refuses a job naming both a vehicle and a class (the vehicle's class prices it). */
export const oneVehicleOrClass = <
  T extends z.ZodType<{ vehicle?: string | undefined; vehicleClass?: string | undefined }>,
>(
  schema: T,
) => schema.refine(notBoth, { error: QUOTE_MESSAGES.vehicleOrClass, path: ['vehicleClass'] });

/** `POST /api/bookings/quote`: what a booking takes (its slot may be left out). */
export const quoteInputSchema = oneVehicleOrClass(
  z.object({
    service: z.uuid({ error: QUOTE_MESSAGES.serviceRequired }),
    slot: z.uuid({ error: QUOTE_MESSAGES.slotInvalid }).optional(),
    ...jobFields,
  }),
);

export type QuoteInput = z.infer<typeof quoteInputSchema>;

/**
 * `GET /api/bookings/quote`: the same quote as a public read, for a class (not a vehicle, which is the
 * signed-in customer's own): `service`, `vehicleClass`, `addOns=id,id` and `slot`, each optional but the
 * service. Kept by the public read cache until the catalogue changes.
 */
export const quoteQuerySchema = z.object({
  service: z.uuid({ error: QUOTE_MESSAGES.serviceRequired }),
  slot: optionalQuery(z.uuid({ error: QUOTE_MESSAGES.slotInvalid })),
  vehicleClass: jobQueryFields.vehicleClass,
  addOns: jobQueryFields.addOns,
  /** Refused: a vehicle's quote reads the caller's garage, which a shared public read cannot. */
  vehicle: z.never({ error: QUOTE_MESSAGES.vehicleByPost }).optional(),
});

export type QuoteQuery = z.infer<typeof quoteQuerySchema>;

/** One priced line: the service for the class, or an add-on. */
export const bookingLineSchema = z.object({
  kind: z.enum(BOOKING_LINE_KINDS),
  /** The add-on's id; null for the service's line. */
  addOn: z.uuid().nullable(),
  name: z.string(),
  /** Dollars. */
  price: z.number(),
  minutes: z.number().int(),
});

export type BookingLine = z.infer<typeof bookingLineSchema>;

/** The answer of a quote: the lines, what they cost in all (dollars) and how long the job takes (minutes). */
export const quoteSchema = z.object({
  lines: z.array(bookingLineSchema),
  total: z.number(),
  duration: z.number().int(),
  /** The class that priced it; null: the service's base price and duration. */
  vehicleClass: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  /**
   * The signed-in customer's membership or pack that would pay the job for the vehicle named (what it covers
   * is priced at nothing); null when none would.
   */
  membership: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  currency: z.string(),
});

export type Quote = z.infer<typeof quoteSchema>;

export const quoteResponseSchema = successResponse(quoteSchema);
