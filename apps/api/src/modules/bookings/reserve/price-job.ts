import { ADD_ON_MESSAGES } from '@carcare/contracts/add-ons-constants';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import type { BookingLine } from '@carcare/contracts/quotes';
import { QUOTE_MESSAGES } from '@carcare/contracts/quotes-constants';
import { VEHICLE_CLASS_MESSAGES, VEHICLE_MESSAGES } from '@carcare/contracts/vehicles-constants';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import {
  addOnClassPrices,
  addOnServices,
  addOns,
  type BookedVehicle,
  serviceClassPrices,
  services,
  vehicleClasses,
  vehicles,
} from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import type { Coverage } from '../../memberships/public';
import { BASE_JOB, type JobSpan } from './job-span';

/** Prices a vehicle by its class whoever owns it: what times a job fits says nothing of its owner. */
export const ANY_OWNER = Symbol('any owner');

/** Whose vehicle a job may name: the customer's (their id), none (a visitor), or anyone's (`ANY_OWNER`). */
type Owner = string | null | typeof ANY_OWNER;

/** What a booking is priced by, besides its service: a vehicle of the customer's, or a class, and add-ons. */
export type JobChoice = {
  /** One of the customer's vehicles: its class prices the job. */
  vehicleId?: string | undefined;
  vehicleClassId?: string | undefined;
  addOnIds?: readonly string[] | undefined;
};

/** Whether a booking names anything beyond its service and slot (SPEC.md's booking names nothing more). */
export const namesAJob = (choice: JobChoice) =>
  choice.vehicleId !== undefined || choice.vehicleClassId !== undefined || (choice.addOnIds?.length ?? 0) > 0;

/**
 * A priced line as a booking stores it. Before a slot is chosen, the service's minutes may be left to the slot's
 * own length (`ServiceMinutes` null), which the database fills in as it books.
 */
export type PricedLine<ServiceMinutes extends number | null = number> = {
  kind: BookingLine['kind'];
  addOnId: string | null;
  name: string;
  priceCents: number;
  minutes: number | ServiceMinutes;
};

/** A job priced for one service, as the shop's tables stand at the moment it was read. */
export type PricedJob = {
  service: {
    name: string;
    /** The class's own price, or the service's. */
    priceCents: number;
    /** The class's own duration; null: the service's base duration (a slot's own length when booked). */
    classMinutes: number | null;
    /** The service's duration. */
    baseMinutes: number;
    bufferMinutes: number;
  };
  vehicleClass: { id: string; name: string } | null;
  vehicle: { id: string; booked: BookedVehicle; plate: string | null } | null;
  /** In the order the customer chose them. */
  addOns: Array<{ id: string; name: string; priceCents: number; minutes: number }>;
};

/** A slot's own length in minutes: the service's base duration when it was made. */
export const slotMinutes = (slot: { startsAt: Date; endsAt: Date }) =>
  Math.round((slot.endsAt.getTime() - slot.startsAt.getTime()) / 60_000);

/** The minutes the add-ons add to the job. */
export const addOnMinutes = (job: Pick<PricedJob, 'addOns'>) =>
  job.addOns.reduce((minutes, addOn) => minutes + addOn.minutes, 0);

/**
 * The job's lines: the service for the class (for `serviceMinutes`: the class's own duration, or the base
 * one the slot was made for, or null for the length of the slot the database books), then each add-on.
 */
export function linesOf<ServiceMinutes extends number | null>(
  job: PricedJob,
  serviceMinutes: ServiceMinutes,
): PricedLine<ServiceMinutes>[] {
  return [
    {
      kind: 'service',
      addOnId: null,
      name: job.service.name,
      priceCents: job.service.priceCents,
      minutes: serviceMinutes,
    },
    ...job.addOns.map((addOn) => ({
      kind: 'addOn' as const,
      addOnId: addOn.id,
      name: addOn.name,
      priceCents: addOn.priceCents,
      minutes: addOn.minutes,
    })),
  ];
}

/** The job's lines with what a member's plan covers at no cost: the service, and the add-ons it covers. */
export const coveredLines = <Line extends PricedLine<number | null>>(lines: Line[], coverage: Coverage): Line[] =>
  lines.map((line) =>
    line.kind === 'service' || (line.addOnId !== null && coverage.addOnIds.has(line.addOnId))
      ? { ...line, priceCents: 0 }
      : line,
  );

/** The service with the class a vehicle or the choice names, and the class's own price for it. */
function readServiceAndClass(db: Executor, serviceId: string, owner: Owner, choice: JobChoice) {
  const vehicleId = choice.vehicleId ?? null;
  const ownedBy = owner === ANY_OWNER ? sql`true` : sql`${vehicles.customerId} = ${owner}::uuid`;
  return db
    .select({
      name: services.name,
      priceCents: services.priceCents,
      durationMinutes: services.durationMinutes,
      bufferMinutes: services.bufferMinutes,
      vehicleId: vehicles.id,
      archivedAt: vehicles.archivedAt,
      make: vehicles.make,
      model: vehicles.model,
      year: vehicles.year,
      colour: vehicles.colour,
      plate: vehicles.plate,
      plateRegion: vehicles.plateRegion,
      nickname: vehicles.nickname,
      classId: vehicleClasses.id,
      className: vehicleClasses.name,
      classActive: vehicleClasses.active,
      ownPriceCents: serviceClassPrices.priceCents,
      ownDurationMinutes: serviceClassPrices.durationMinutes,
    })
    .from(services)
    .leftJoin(vehicles, and(sql`${vehicles.id} = ${vehicleId}::uuid`, ownedBy))
    .leftJoin(
      vehicleClasses,
      sql`${vehicleClasses.id} = coalesce(${vehicles.vehicleClassId}, ${choice.vehicleClassId ?? null}::uuid)`,
    )
    .leftJoin(
      serviceClassPrices,
      and(eq(serviceClassPrices.serviceId, services.id), eq(serviceClassPrices.vehicleClassId, vehicleClasses.id)),
    )
    .where(and(eq(services.id, serviceId), eq(services.isDeleted, false)));
}

/** The chosen add-ons, whether each is active and offered with the service, at the class's own price if any. */
function readAddOns(db: Executor, serviceId: string, classId: string | null, ids: readonly string[]) {
  return db
    .select({
      id: addOns.id,
      name: addOns.name,
      priceCents: addOns.priceCents,
      extraMinutes: addOns.extraMinutes,
      active: addOns.active,
      offered: sql<boolean>`exists (select from ${addOnServices} where ${addOnServices.addOnId} = ${addOns.id} and ${addOnServices.serviceId} = ${serviceId})`,
      ownPriceCents: addOnClassPrices.priceCents,
      ownExtraMinutes: addOnClassPrices.extraMinutes,
    })
    .from(addOns)
    .leftJoin(
      addOnClassPrices,
      and(eq(addOnClassPrices.addOnId, addOns.id), sql`${addOnClassPrices.vehicleClassId} = ${classId}::uuid`),
    )
    .where(inArray(addOns.id, [...ids]));
}

/**
 * Prices a job of `serviceId` for the customer (`owner`; null: a visitor, who may name a class but no vehicle). The
 * server is the only judge: refused, in this order, are a service gone (404), a vehicle that is not the
 * customer's (404), one they removed (409), a class not offered (409), an add-on not offered with the service
 * (409) or no longer offered (409). A read, not a lock: the booking's insert checks again what could change
 * meanwhile (the vehicle, the add-ons) under share locks, in the database's triggers.
 */
export async function priceJob(db: Executor, serviceId: string, owner: Owner, choice: JobChoice): Promise<PricedJob> {
  if (choice.vehicleId !== undefined && owner === null) {
    throw new AppError(401, QUOTE_MESSAGES.signInForVehicle);
  }
  const [row] = await readServiceAndClass(db, serviceId, owner, choice);
  if (!row) throw new AppError(404, BOOKING_MESSAGES.serviceUnknown);
  let vehicle: PricedJob['vehicle'] = null;
  if (choice.vehicleId !== undefined) {
    if (row.vehicleId === null) throw new AppError(404, VEHICLE_MESSAGES.notFound);
    if (row.archivedAt !== null) throw new AppError(409, VEHICLE_MESSAGES.archivedCannotBook);
    vehicle = {
      id: row.vehicleId,
      plate: row.plate,
      booked: {
        make: row.make ?? '',
        model: row.model ?? '',
        year: row.year,
        colour: row.colour ?? '',
        plate: row.plate,
        plateRegion: row.plateRegion ?? '',
        nickname: row.nickname ?? '',
      },
    };
  }
  const named = choice.vehicleId !== undefined || choice.vehicleClassId !== undefined;
  if (named && (row.classId === null || row.className === null || !row.classActive)) {
    throw new AppError(409, VEHICLE_CLASS_MESSAGES.notOffered);
  }
  const vehicleClass = named && row.classId && row.className ? { id: row.classId, name: row.className } : null;

  const ids = choice.addOnIds ?? [];
  const found = ids.length === 0 ? [] : await readAddOns(db, serviceId, vehicleClass?.id ?? null, ids);
  const byId = new Map(found.map((addOn) => [addOn.id, addOn]));
  const chosen = ids.map((id) => {
    const addOn = byId.get(id);
    if (!addOn?.offered) throw new AppError(409, ADD_ON_MESSAGES.notOffered);
    if (!addOn.active) throw new AppError(409, ADD_ON_MESSAGES.inactive);
    return {
      id,
      name: addOn.name,
      priceCents: addOn.ownPriceCents ?? addOn.priceCents,
      minutes: addOn.ownExtraMinutes ?? addOn.extraMinutes,
    };
  });
  return {
    service: {
      name: row.name,
      priceCents: row.ownPriceCents ?? row.priceCents,
      classMinutes: row.ownDurationMinutes,
      baseMinutes: row.durationMinutes,
      bufferMinutes: row.bufferMinutes,
    },
    vehicleClass,
    vehicle,
    addOns: chosen,
  };
}

/**
 * The span of a job of the service for availability: its class's duration and its add-ons' minutes. A
 * vehicle is read for its class whoever owns it; the refusals are `priceJob`'s.
 */
export async function jobSpanOf(db: Executor, serviceId: string, choice: JobChoice): Promise<JobSpan> {
  if (!namesAJob(choice)) return BASE_JOB;
  const job = await priceJob(db, serviceId, ANY_OWNER, choice);
  return { classMinutes: job.service.classMinutes, extraMinutes: addOnMinutes(job) };
}
