import type { Bay } from '@carcare/contracts/bays';
import { BAY_MESSAGES } from '@carcare/contracts/bays-constants';
import type { ServiceName } from '@carcare/contracts/services';

/** An active bay serving every service, at position `index`; ids are UUIDs so the contract accepts them. */
export const aBay = (index: number, overrides: Partial<Bay> = {}): Bay => ({
  _id: `b4a70000-0000-4000-8000-00000000000${index}`,
  name: `Bay ${index}`,
  active: true,
  sortOrder: index,
  services: [],
  ...overrides,
});

export const FOAM_WASH: ServiceName = { _id: '1b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e51', name: 'Foam Wash' };
export const CERAMIC: ServiceName = { _id: '1b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e52', name: 'Ceramic Coating' };

export const bayListBody = (bays: Bay[]) => ({
  success: true,
  message: BAY_MESSAGES.retrieved,
  data: bays,
  totalDoc: bays.length,
});

export const bayBody = (bay: Bay, message: string = BAY_MESSAGES.updated) => ({ success: true, message, data: bay });

export const serviceNamesBody = (services: ServiceName[] = [FOAM_WASH, CERAMIC]) => ({
  success: true,
  message: 'Service names retrieved',
  data: services,
});
