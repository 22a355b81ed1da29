import type { AddOnOffer } from '@carcare/contracts/add-ons';
import type { Vehicle, VehicleClass } from '@carcare/contracts/vehicles';

export const SEDAN = 'c1a55000-0000-4000-8000-000000000001';
export const SUV = 'c1a55000-0000-4000-8000-000000000002';
export const PET_HAIR = 'add0a000-0000-4000-8000-000000000001';
export const ENGINE_BAY = 'add0a000-0000-4000-8000-000000000002';

const aClass = (_id: string, name: string, sortOrder: number, isDefault: boolean): VehicleClass => ({
  _id,
  name,
  description: '',
  sortOrder,
  isDefault,
  active: true,
});

/** The shop's live classes, in order: Sedan (the default) and SUV. */
export const CLASSES: VehicleClass[] = [aClass(SEDAN, 'Sedan', 1, true), aClass(SUV, 'SUV', 2, false)];

export const aVehicle = (index: number, overrides: Partial<Vehicle> = {}): Vehicle => ({
  _id: `7e41c1e0-0000-4000-8000-00000000000${index}`,
  vehicleClass: { _id: SUV, name: 'SUV' },
  make: 'Toyota',
  model: 'RAV4',
  year: 2021,
  colour: 'Blue',
  plate: 'ABC123',
  plateRegion: 'CA',
  nickname: '',
  createdAt: '2030-05-01T00:00:00.000Z',
  ...overrides,
});

/** Pet hair: $25 and 20 minutes, $35 and 30 minutes for an SUV. Engine bay: $40 and 15 minutes for every class. */
export const ADD_ONS: AddOnOffer[] = [
  {
    _id: PET_HAIR,
    name: 'Pet hair removal',
    description: 'Every seat and the boot.',
    price: 25,
    minutes: 20,
    prices: [
      { vehicleClass: SEDAN, name: 'Sedan', price: 25, minutes: 20, own: false },
      { vehicleClass: SUV, name: 'SUV', price: 35, minutes: 30, own: true },
    ],
  },
  {
    _id: ENGINE_BAY,
    name: 'Engine bay clean',
    description: '',
    price: 40,
    minutes: 15,
    prices: [
      { vehicleClass: SEDAN, name: 'Sedan', price: 40, minutes: 15, own: false },
      { vehicleClass: SUV, name: 'SUV', price: 40, minutes: 15, own: false },
    ],
  },
];

export const ok = (message: string, data: unknown) => ({ success: true, message, data });

/** A list answer: its items and how many there are. */
export const okList = (message: string, data: unknown[]) => ({ success: true, message, data, totalDoc: data.length });
