import type { Executor } from '../db/client';
import {
  addOnClassPrices,
  addOnServices,
  addOns,
  type BookedVehicle,
  type ServiceRow,
  serviceClassPrices,
  vehicleClasses,
  vehicles,
} from '../db/schema';

/**
 * The demo shop's vehicle classes, in its order: each service costs and takes this much more (or less) for
 * a class than its base price and duration, which the default class, Sedan, pays as it is.
 */
const DEMO_CLASSES = [
  { name: 'Small car', description: 'Hatchbacks and city cars', priceFactor: 0.9, durationFactor: 1 },
  { name: 'Sedan', description: 'Saloons, estates and coupés', priceFactor: 1, durationFactor: 1 },
  { name: 'SUV', description: 'SUVs and crossovers', priceFactor: 1.2, durationFactor: 1.25 },
  { name: 'Pickup or van', description: 'Pickups, vans and people carriers', priceFactor: 1.35, durationFactor: 1.5 },
] as const;

const DEFAULT_CLASS = 'Sedan';

type DemoClassName = (typeof DEMO_CLASSES)[number]['name'];

/**
 * The add-ons, each offered with the services named (by name), and what it costs the bigger vehicles where
 * that differs.
 */
const DEMO_ADD_ONS: Array<{
  name: string;
  description: string;
  price: number;
  minutes: number;
  services: string[];
  byClass?: Partial<Record<DemoClassName, { price: number; minutes: number }>>;
}> = [
  {
    name: 'Interior shampoo',
    description: 'Hot-water extraction of the seats and carpets.',
    price: 35,
    minutes: 30,
    services: ['Interior Vacuum & Wipe', 'Wash & Vacuum Combo'],
    byClass: { SUV: { price: 45, minutes: 40 }, 'Pickup or van': { price: 55, minutes: 45 } },
  },
  {
    name: 'Pet hair removal',
    description: 'Every last hair lifted from the seats, carpets and boot.',
    price: 25,
    minutes: 20,
    services: ['Interior Vacuum & Wipe', 'Wash & Vacuum Combo', 'Full Interior Detail'],
    byClass: { SUV: { price: 35, minutes: 30 }, 'Pickup or van': { price: 40, minutes: 35 } },
  },
  {
    name: 'Engine bay degrease',
    description: 'A quick degrease and dressing of the engine bay.',
    price: 30,
    minutes: 25,
    services: ['Express Exterior Wash', 'Wash & Vacuum Combo', 'Premium Hand Wash & Wax'],
  },
  {
    name: 'Headlight restoration',
    description: 'Yellowed lenses sanded, polished and sealed clear.',
    price: 45,
    minutes: 30,
    services: ['Express Exterior Wash', 'Premium Hand Wash & Wax', 'Paint Correction Polish'],
  },
  {
    name: 'Ceramic top-up',
    description: 'A spray ceramic sealant on top of the wash for months of beading.',
    price: 49,
    minutes: 20,
    services: ['Premium Hand Wash & Wax', 'Paint Correction Polish', 'Wheel & Tyre Detail'],
    byClass: { SUV: { price: 59, minutes: 25 }, 'Pickup or van': { price: 69, minutes: 30 } },
  },
  {
    name: 'Odour neutraliser',
    description: 'An ozone treatment that removes smoke and food smells.',
    price: 20,
    minutes: 15,
    services: ['Interior Vacuum & Wipe', 'Full Interior Detail', 'Leather Care Treatment'],
  },
];

/** The demo customer's garage. */
const DEMO_VEHICLES: Array<{ className: DemoClassName } & Omit<BookedVehicle, 'year'> & { year: number }> = [
  {
    className: 'SUV',
    nickname: 'Family SUV',
    make: 'Toyota',
    model: 'RAV4',
    year: 2021,
    colour: 'Blue',
    plate: 'DHK4521',
    plateRegion: 'Dhaka',
  },
  {
    className: 'Sedan',
    nickname: '',
    make: 'Honda',
    model: 'Civic',
    year: 2018,
    colour: 'White',
    plate: 'DHK1187',
    plateRegion: 'Dhaka',
  },
];

/** Whole dollars, and whole quarters of an hour. */
const dollars = (cents: number) => Math.round(cents / 100) * 100;
const quarters = (minutes: number) => Math.ceil(minutes / 15) * 15;

/** A demo class as a booking names it. */
export type DemoClass = { id: string; name: string };

/** A demo add-on with what it costs each class, for the demo's bookings. */
export type DemoAddOn = {
  id: string;
  name: string;
  serviceIds: Set<string>;
  /** Price (cents) and minutes for a class id, or the add-on's own. */
  forClass: (classId: string | null) => { priceCents: number; minutes: number };
};

/** A demo service's price (cents) and duration for a class id (null: its base). */
export type ServicePriceOf = (service: ServiceRow, classId: string | null) => { priceCents: number; minutes: number };

export type DemoPricing = {
  classes: DemoClass[];
  addOns: DemoAddOn[];
  priceOf: ServicePriceOf;
  /** The demo customer's vehicles: the SUV first. */
  garage: Array<{ id: string; classId: string; className: string; booked: BookedVehicle }>;
};

/** The demo shop's vehicle classes and their prices, its add-ons, and the demo customer's two cars. */
export async function seedDemoPricing(
  tx: Executor,
  catalogue: readonly ServiceRow[],
  customerId: string,
): Promise<DemoPricing> {
  const classRows = await tx
    .insert(vehicleClasses)
    .values(
      DEMO_CLASSES.map((demo, index) => ({
        name: demo.name,
        description: demo.description,
        sortOrder: index + 1,
        isDefault: demo.name === DEFAULT_CLASS,
      })),
    )
    .returning();
  const classByName = new Map(classRows.map((row) => [row.name, row.id]));
  const classId = (name: DemoClassName) => {
    const id = classByName.get(name);
    if (!id) throw new Error(`demo class ${name} was not stored`);
    return id;
  };

  const ownPrices = catalogue.flatMap((service) =>
    DEMO_CLASSES.filter((demo) => demo.priceFactor !== 1 || demo.durationFactor !== 1).map((demo) => ({
      serviceId: service.id,
      vehicleClassId: classId(demo.name),
      priceCents: dollars(service.priceCents * demo.priceFactor),
      durationMinutes: quarters(service.durationMinutes * demo.durationFactor),
    })),
  );
  await tx.insert(serviceClassPrices).values(ownPrices);
  const priceOf: ServicePriceOf = (service, id) => {
    const own = ownPrices.find((row) => row.serviceId === service.id && row.vehicleClassId === id);
    return own
      ? { priceCents: own.priceCents, minutes: own.durationMinutes }
      : { priceCents: service.priceCents, minutes: service.durationMinutes };
  };

  const addOnRows = await tx
    .insert(addOns)
    .values(
      DEMO_ADD_ONS.map((demo, index) => ({
        name: demo.name,
        description: demo.description,
        priceCents: demo.price * 100,
        extraMinutes: demo.minutes,
        sortOrder: index + 1,
      })),
    )
    .returning();
  const serviceIdOf = (name: string) => {
    const service = catalogue.find((candidate) => candidate.name === name);
    if (!service) throw new Error(`demo service ${name} is not in the catalogue`);
    return service.id;
  };
  const demoAddOns = DEMO_ADD_ONS.map((demo, index): DemoAddOn => {
    const row = addOnRows[index];
    if (!row) throw new Error(`demo add-on ${demo.name} was not stored`);
    const byClassId = new Map(
      Object.entries(demo.byClass ?? {}).map(([name, own]) => [classId(name as DemoClassName), own]),
    );
    return {
      id: row.id,
      name: row.name,
      serviceIds: new Set(demo.services.map(serviceIdOf)),
      forClass: (id) => {
        const own = id === null ? undefined : byClassId.get(id);
        return own
          ? { priceCents: own.price * 100, minutes: own.minutes }
          : { priceCents: row.priceCents, minutes: row.extraMinutes };
      },
    };
  });
  await tx
    .insert(addOnServices)
    .values(
      demoAddOns.flatMap((addOn) => [...addOn.serviceIds].map((serviceId) => ({ addOnId: addOn.id, serviceId }))),
    );
  const classPriceRows = DEMO_ADD_ONS.flatMap((demo, index) =>
    Object.entries(demo.byClass ?? {}).map(([name, own]) => ({
      addOnId: demoAddOns[index]?.id ?? '',
      vehicleClassId: classId(name as DemoClassName),
      priceCents: own.price * 100,
      extraMinutes: own.minutes,
    })),
  );
  await tx.insert(addOnClassPrices).values(classPriceRows);

  const garageRows = await tx
    .insert(vehicles)
    .values(
      DEMO_VEHICLES.map(({ className, ...vehicle }) => ({
        ...vehicle,
        customerId,
        vehicleClassId: classId(className),
      })),
    )
    .returning();
  const garage = garageRows.map((row, index) => ({
    id: row.id,
    classId: row.vehicleClassId,
    className: DEMO_VEHICLES[index]?.className ?? '',
    booked: {
      make: row.make,
      model: row.model,
      year: row.year,
      colour: row.colour,
      plate: row.plate,
      plateRegion: row.plateRegion,
      nickname: row.nickname,
    },
  }));
  return { classes: classRows.map((row) => ({ id: row.id, name: row.name })), addOns: demoAddOns, priceOf, garage };
}
