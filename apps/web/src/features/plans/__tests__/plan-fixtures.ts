import type { Plan } from '@carcare/contracts/plans';
import { PLAN_MESSAGES } from '@carcare/contracts/plans-constants';

export const EXPRESS = { _id: '5e41c000-0000-4000-8000-000000000001', name: 'Express Exterior Wash' };
export const COMBO = { _id: '5e41c000-0000-4000-8000-000000000002', name: 'Wash & Vacuum Combo' };
export const WAX = { _id: '5e41c000-0000-4000-8000-000000000003', name: 'Premium Hand Wash & Wax' };
export const TYRE_SHINE = { _id: 'add0a000-0000-4000-8000-000000000001', name: 'Tyre shine' };
export const RAIN_REPEL = { _id: 'add0a000-0000-4000-8000-000000000002', name: 'Rain repellent' };

/** A monthly unlimited membership of the express wash at `index`; ids are UUIDs so the contract accepts them. */
export const aPlan = (index: number, overrides: Partial<Plan> = {}): Plan => ({
  _id: `b1a40000-0000-4000-8000-00000000000${index}`,
  kind: 'membership',
  name: `Plan ${index}`,
  description: '',
  price: 39,
  interval: 'month',
  washes: null,
  washesPerDay: 1,
  vehicles: 1,
  validDays: null,
  services: [EXPRESS],
  addOns: [],
  active: true,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

export const WASH_CLUB = aPlan(1, {
  name: 'Wash Club',
  description: 'Unlimited express washes for one car.',
  addOns: [TYRE_SHINE],
});
export const FAMILY_CLUB = aPlan(2, {
  name: 'Family Club',
  price: 999,
  interval: 'year',
  washes: 8,
  washesPerDay: 2,
  vehicles: 2,
  services: [EXPRESS, COMBO],
});
export const TEN_WASH_PACK = aPlan(3, {
  kind: 'pack',
  name: '10-Wash Pack',
  price: 200,
  interval: null,
  washes: 10,
  validDays: 365,
});
export const OLD_CLUB = aPlan(4, { name: 'Old Club', price: 29.5, active: false });

export const planListBody = (plans: Plan[]) => ({
  success: true,
  message: PLAN_MESSAGES.retrieved,
  data: plans,
  totalDoc: plans.length,
});

export const planBody = (plan: Plan, message: string = PLAN_MESSAGES.updated) => ({
  success: true,
  message,
  data: plan,
});

export const serviceNamesBody = () => ({
  success: true,
  message: 'Service names retrieved',
  data: [EXPRESS, COMBO, WAX],
});

/** GET /api/add-ons as the API answers it: the add-ons on offer with their prices. */
export const addOnOffersBody = () => ({
  success: true,
  message: 'Add-ons retrieved',
  data: [TYRE_SHINE, RAIN_REPEL].map((addOn) => ({ ...addOn, description: '', price: 10, minutes: 10, prices: [] })),
  totalDoc: 2,
});
