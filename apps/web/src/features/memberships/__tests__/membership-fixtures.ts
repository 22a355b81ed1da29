import type { Membership } from '@carcare/contracts/memberships';
import type { Plan } from '@carcare/contracts/plans';
import { aVehicle } from '@/features/garage/__tests__/garage-fixtures';

/** The member's memberships and the plans on offer, as the API answers them. */

export const PLAN_ID = '3c1f0a52-2c1e-4d8e-9a43-1f0b6c2e8a11';

export const aMembership = (index: number, overrides: Partial<Membership> = {}): Membership => ({
  _id: `6d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a1${index}`,
  plan: {
    _id: PLAN_ID,
    kind: 'membership',
    name: 'Wash Club',
    price: 29.99,
    interval: 'month',
    washes: null,
    washesPerDay: 1,
    vehicles: 1,
  },
  status: 'active',
  vehicles: [{ _id: aVehicle(1)._id, make: 'Toyota', model: 'RAV4', year: 2021, plate: 'ABC123', nickname: '' }],
  periodStart: '2030-05-01T10:00:00.000Z',
  periodEnd: '2030-06-01T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  pausedUntil: null,
  graceUntil: null,
  failedPayments: 0,
  comped: false,
  washesUsed: 0,
  washesLeft: null,
  cardUpdateUrl: null,
  createdAt: '2030-05-01T10:00:00.000Z',
  endedAt: null,
  ...overrides,
});

export const aPlan = (overrides: Partial<Plan> = {}): Plan => ({
  _id: PLAN_ID,
  kind: 'membership',
  name: 'Family Club',
  description: '',
  price: 49.99,
  interval: 'month',
  washes: 8,
  washesPerDay: 1,
  vehicles: 2,
  validDays: null,
  services: [],
  addOns: [],
  active: true,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});
