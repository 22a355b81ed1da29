import { z } from 'zod';
import { boundedText } from './fields';
import { listResponse, successResponse } from './http';
import { TEXT_LIMITS } from './text-limits';
import {
  normalisePlate,
  VEHICLE_CLASS_MESSAGES,
  VEHICLE_MESSAGES,
  VEHICLE_YEAR_MAX,
  VEHICLE_YEAR_MIN,
} from './vehicles-constants';

/** A kind of vehicle the shop prices by (`GET /api/vehicle-classes`). */
export const vehicleClassSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  /** 1, 2, 3… in the shop's order. */
  sortOrder: z.number().int(),
  /** The class offered first; exactly one live class is. */
  isDefault: z.boolean(),
  /** False once archived: no longer offered, still named by the bookings made with it. */
  active: z.boolean(),
});

export type VehicleClass = z.infer<typeof vehicleClassSchema>;

const className = boundedText(
  VEHICLE_CLASS_MESSAGES.nameRequired,
  TEXT_LIMITS.catalogueName,
  VEHICLE_CLASS_MESSAGES.nameTooLong,
);
const classDescription = z
  .string({ error: VEHICLE_CLASS_MESSAGES.descriptionTooLong })
  .trim()
  .max(TEXT_LIMITS.catalogueDescription, { error: VEHICLE_CLASS_MESSAGES.descriptionTooLong });
const isDefault = z.boolean({ error: VEHICLE_CLASS_MESSAGES.defaultInvalid });
const sortOrder = z
  .number({ error: VEHICLE_CLASS_MESSAGES.sortOrderInvalid })
  .int({ error: VEHICLE_CLASS_MESSAGES.sortOrderInvalid })
  .min(1, { error: VEHICLE_CLASS_MESSAGES.sortOrderInvalid })
  .max(1000, { error: VEHICLE_CLASS_MESSAGES.sortOrderInvalid });

/** `POST /api/vehicle-classes`: added last in the order; `isDefault: true` makes it the default. */
export const createVehicleClassSchema = z.object({
  name: className,
  description: classDescription.optional(),
  isDefault: isDefault.optional(),
});

export type CreateVehicleClassInput = z.infer<typeof createVehicleClassSchema>;

/** `PUT /api/vehicle-classes/:id`: any of the fields; sortOrder moves the class to that position. */
export const updateVehicleClassSchema = z
  .object({ name: className, description: classDescription, isDefault, sortOrder })
  .partial()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: VEHICLE_CLASS_MESSAGES.nothingToChange,
  });

export type UpdateVehicleClassInput = z.infer<typeof updateVehicleClassSchema>;

export const vehicleClassListResponseSchema = listResponse(vehicleClassSchema);
export const vehicleClassResponseSchema = successResponse(vehicleClassSchema);

/** A vehicle in a customer's garage (`GET /api/vehicles`). */
export const vehicleSchema = z.object({
  _id: z.uuid(),
  vehicleClass: z.object({ _id: z.uuid(), name: z.string() }),
  make: z.string(),
  model: z.string(),
  year: z.number().int().nullable(),
  colour: z.string(),
  /** Normalised: upper-case letters and digits; null when the customer gave none. */
  plate: z.string().nullable(),
  /** The state, province or region the plate is issued in. */
  plateRegion: z.string(),
  nickname: z.string(),
  createdAt: z.string(),
});

export type Vehicle = z.infer<typeof vehicleSchema>;

const vehicleText = (tooLong: string) =>
  z.string({ error: tooLong }).trim().max(TEXT_LIMITS.vehicleText, { error: tooLong });

/** A plate as typed, normalised ("ab-12 cd" → "AB12CD"); empty or null: no plate. */
const plateField = z
  .string({ error: VEHICLE_MESSAGES.plateInvalid })
  .max(TEXT_LIMITS.plateInput, { error: VEHICLE_MESSAGES.plateInvalid })
  .nullable()
  .transform((typed, context) => {
    if (typed === null || typed.trim() === '') return null;
    const plate = normalisePlate(typed);
    if (plate === undefined) {
      context.addIssue({ code: 'custom', message: VEHICLE_MESSAGES.plateInvalid });
      return z.NEVER;
    }
    return plate;
  });

const vehicleFields = {
  vehicleClass: z.uuid({ error: VEHICLE_MESSAGES.classRequired }),
  make: boundedText(VEHICLE_MESSAGES.makeRequired, TEXT_LIMITS.vehicleText, VEHICLE_MESSAGES.makeTooLong),
  model: boundedText(VEHICLE_MESSAGES.modelRequired, TEXT_LIMITS.vehicleText, VEHICLE_MESSAGES.modelTooLong),
  // An emptied year field sends '': no year, as null.
  year: z.preprocess(
    (typed) => (typed === '' ? null : typed),
    z
      .number({ error: VEHICLE_MESSAGES.yearInvalid })
      .int({ error: VEHICLE_MESSAGES.yearInvalid })
      .min(VEHICLE_YEAR_MIN, { error: VEHICLE_MESSAGES.yearInvalid })
      .max(VEHICLE_YEAR_MAX, { error: VEHICLE_MESSAGES.yearInvalid })
      .nullable(),
  ),
  colour: vehicleText(VEHICLE_MESSAGES.colourTooLong),
  plate: plateField,
  plateRegion: vehicleText(VEHICLE_MESSAGES.regionTooLong),
  nickname: vehicleText(VEHICLE_MESSAGES.nicknameTooLong),
};

/** `POST /api/vehicles`: the class, make and model; the rest may be left out. */
export const createVehicleSchema = z.object({
  ...vehicleFields,
  year: vehicleFields.year.optional(),
  colour: vehicleFields.colour.optional(),
  plate: vehicleFields.plate.optional(),
  plateRegion: vehicleFields.plateRegion.optional(),
  nickname: vehicleFields.nickname.optional(),
});

export type CreateVehicleInput = z.infer<typeof createVehicleSchema>;

/** `PUT /api/vehicles/:id`: any of the fields; null or an empty text clears the year or the plate. */
export const updateVehicleSchema = z
  .object(vehicleFields)
  .partial()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: VEHICLE_MESSAGES.nothingToChange,
  });

export type UpdateVehicleInput = z.infer<typeof updateVehicleSchema>;

export const vehicleListResponseSchema = listResponse(vehicleSchema);
export const vehicleResponseSchema = successResponse(vehicleSchema);
