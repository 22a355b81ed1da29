import { ADD_ON_MESSAGES } from '@carcare/contracts/add-ons-constants';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import type { BookingLine } from '@carcare/contracts/quotes';
import { QUOTE_MESSAGES } from '@carcare/contracts/quotes-constants';
import { VEHICLE_CLASS_MESSAGES, VEHICLE_MESSAGES } from '@carcare/contracts/vehicles-constants';
import { sql } from 'drizzle-orm';
import { builtOnce } from '../../../db/built-once';
import type { Executor } from '../../../db/client';
import { onePerHandle } from '../../../db/one-per-handle';
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
import { singleFlight } from '../../../lib/single-flight';
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

type PriceValues = {
  serviceId: string;
  vehicleId: string | null;
  /** Whether the vehicle may be anyone's (`ANY_OWNER`); else it must be `ownerId`'s. */
  anyOwner: boolean;
  ownerId: string | null;
  vehicleClassId: string | null;
  /** The chosen add-ons' ids, as a JSON array. */
  addOnIds: string;
};

type PriceRow = {
  name: string;
  priceCents: number;
  durationMinutes: number;
  bufferMinutes: number;
  vehicleId: string | null;
  archivedAt: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  colour: string | null;
  plate: string | null;
  plateRegion: string | null;
  nickname: string | null;
  classId: string | null;
  className: string | null;
  classActive: boolean | null;
  ownPriceCents: number | null;
  ownDurationMinutes: number | null;
  /** The chosen add-ons found, whether each is active and offered with the service, at the class's own price if any. */
  addOns: Array<{
    id: string;
    name: string;
    priceCents: number;
    extraMinutes: number;
    active: boolean;
    offered: boolean;
    ownPriceCents: number | null;
    ownExtraMinutes: number | null;
  }>;
};

/**
 * Everything a job is priced by, in one statement built once (each booking of a rush prices its job): the live
 * service, the vehicle (the owner's, or anyone's) or the class named, the class's own price for the service, and
 * the chosen add-ons at the class's own prices.
 */
const priceStatement = builtOnce<PriceValues, PriceRow>(
  'price_job',
  (value) => sql`select ${services.name} as "name", ${services.priceCents} as "priceCents",
      ${services.durationMinutes} as "durationMinutes", ${services.bufferMinutes} as "bufferMinutes",
      ${vehicles.id} as "vehicleId", ${vehicles.archivedAt} as "archivedAt", ${vehicles.make} as "make",
      ${vehicles.model} as "model", ${vehicles.year} as "year", ${vehicles.colour} as "colour",
      ${vehicles.plate} as "plate", ${vehicles.plateRegion} as "plateRegion", ${vehicles.nickname} as "nickname",
      ${vehicleClasses.id} as "classId", ${vehicleClasses.name} as "className",
      ${vehicleClasses.active} as "classActive", ${serviceClassPrices.priceCents} as "ownPriceCents",
      ${serviceClassPrices.durationMinutes} as "ownDurationMinutes",
      (select coalesce(json_agg(json_build_object('id', ${addOns.id}, 'name', ${addOns.name},
          'priceCents', ${addOns.priceCents}, 'extraMinutes', ${addOns.extraMinutes}, 'active', ${addOns.active},
          'offered', exists (select from ${addOnServices} where ${addOnServices.addOnId} = ${addOns.id}
            and ${addOnServices.serviceId} = ${services.id}),
          'ownPriceCents', ${addOnClassPrices.priceCents}, 'ownExtraMinutes', ${addOnClassPrices.extraMinutes})), '[]')
        from ${addOns} left join ${addOnClassPrices} on ${addOnClassPrices.addOnId} = ${addOns.id}
          and ${addOnClassPrices.vehicleClassId} = ${vehicleClasses.id}
        where ${addOns.id} in (select jsonb_array_elements_text(${value('addOnIds')}::jsonb)::uuid)) as "addOns"
    from ${services}
    left join ${vehicles} on ${vehicles.id} = ${value('vehicleId')}::uuid
      and (${value('anyOwner')}::boolean or ${vehicles.customerId} = ${value('ownerId')}::uuid)
    left join ${vehicleClasses}
      on ${vehicleClasses.id} = coalesce(${vehicles.vehicleClassId}, ${value('vehicleClassId')}::uuid)
    left join ${serviceClassPrices} on ${serviceClassPrices.serviceId} = ${services.id}
      and ${serviceClassPrices.vehicleClassId} = ${vehicleClasses.id}
    where ${services.id} = ${value('serviceId')}::uuid and not ${services.isDeleted}`,
);

/** Each handle's reads of prices under way (see `readPrices`). */
const pricesUnderWay = onePerHandle((_db: Executor) => singleFlight<PriceRow[]>());

/**
 * What a job is priced by, read once for every caller that asks for the same job while it is being read: a rush
 * prices a handful of jobs two hundred times at once. A caller that joins a read gets what the database held a
 * moment before it asked, as a read of its own begun a moment sooner would; the read is forgotten once answered.
 */
function readPrices(db: Executor, values: PriceValues): Promise<PriceRow[]> {
  const reads = pricesUnderWay(db);
  const key = JSON.stringify(values);
  return reads.current(key, 0) ?? reads.begin(key, 0, () => priceStatement(db, values));
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
  // The owner matters only for a vehicle: a job by class is priced alike for everyone, and read once for them.
  const byVehicle = choice.vehicleId !== undefined;
  const [row] = await readPrices(db, {
    serviceId,
    vehicleId: choice.vehicleId ?? null,
    anyOwner: byVehicle && owner === ANY_OWNER,
    ownerId: byVehicle && owner !== ANY_OWNER ? owner : null,
    vehicleClassId: choice.vehicleClassId ?? null,
    addOnIds: JSON.stringify(choice.addOnIds ?? []),
  });
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

  // Priced at the class's own prices: the class read is the one named (a class not named is none, and one not
  // offered was refused above).
  const byId = new Map(row.addOns.map((addOn) => [addOn.id, addOn]));
  const ids = choice.addOnIds ?? [];
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
