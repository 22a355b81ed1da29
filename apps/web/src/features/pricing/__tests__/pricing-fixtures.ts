import type { AddOn } from '@carcare/contracts/add-ons';
import { ADD_ON_MESSAGES } from '@carcare/contracts/add-ons-constants';
import type { ServiceName } from '@carcare/contracts/services';
import type { VehicleClass } from '@carcare/contracts/vehicles';
import { VEHICLE_CLASS_MESSAGES } from '@carcare/contracts/vehicles-constants';

/** A live class at position `index`; ids are UUIDs so the contract accepts them. */
export const aClass = (index: number, overrides: Partial<VehicleClass> = {}): VehicleClass => ({
  _id: `c1a55000-0000-4000-8000-00000000000${index}`,
  name: `Class ${index}`,
  description: '',
  sortOrder: index,
  isDefault: false,
  active: true,
  ...overrides,
});

export const SMALL = aClass(1, { name: 'Small car', description: 'Hatchbacks and coupés' });
export const SEDAN = aClass(2, { name: 'Sedan', isDefault: true });
export const SUV = aClass(3, { name: 'SUV' });
export const OLD_VAN = aClass(4, { name: 'Old van', active: false, sortOrder: 4 });

export const classListBody = (classes: VehicleClass[]) => ({
  success: true,
  message: VEHICLE_CLASS_MESSAGES.retrieved,
  data: classes,
  totalDoc: classes.length,
});

export const classBody = (vehicleClass: VehicleClass, message: string = VEHICLE_CLASS_MESSAGES.updated) => ({
  success: true,
  message,
  data: vehicleClass,
});

export const FULL_DETAIL: ServiceName = { _id: '1b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e51', name: 'Full Interior Detail' };
export const FOAM_WASH: ServiceName = { _id: '1b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e52', name: 'Foam Wash' };

export const serviceNamesBody = (services: ServiceName[] = [FULL_DETAIL, FOAM_WASH]) => ({
  success: true,
  message: 'Service names retrieved',
  data: services,
});

/** An active add-on offered with Full Interior Detail, one price for every live class. */
export const anAddOn = (index: number, overrides: Partial<AddOn> = {}): AddOn => ({
  _id: `a0d0a000-0000-4000-8000-00000000000${index}`,
  name: `Add-on ${index}`,
  description: '',
  price: 25,
  minutes: 20,
  prices: [SMALL, SEDAN, SUV].map((each) => ({
    vehicleClass: each._id,
    name: each.name,
    price: 25,
    minutes: 20,
    own: false,
  })),
  active: true,
  services: [FULL_DETAIL._id],
  sortOrder: index,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

export const addOnListBody = (addOns: AddOn[]) => ({
  success: true,
  message: ADD_ON_MESSAGES.retrieved,
  data: addOns,
  totalDoc: addOns.length,
});

export const addOnBody = (addOn: AddOn, message: string = ADD_ON_MESSAGES.updated) => ({
  success: true,
  message,
  data: addOn,
});
