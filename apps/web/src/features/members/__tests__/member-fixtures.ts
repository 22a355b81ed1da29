import type { Customer } from '@carcare/contracts/front-desk';
import type { Member } from '@carcare/contracts/memberships';
import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { FAMILY_CLUB, TEN_WASH_PACK, WASH_CLUB } from '@/features/plans/__tests__/plan-fixtures';

const SEDAN = { _id: 'c1a55000-0000-4000-8000-000000000001', name: 'Sedan' };

/** A customer as the front desk's search finds them, with their live cars. */
export const aCustomer = (index: number, overrides: Partial<Customer> = {}): Customer => ({
  _id: `c0570000-0000-4000-8000-00000000000${index}`,
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '+15550000001',
  claimed: true,
  cardOnFile: false,
  vehicles: [
    {
      _id: 'ca000000-0000-4000-8000-000000000001',
      make: 'Toyota',
      model: 'RAV4',
      plate: 'ABC123',
      vehicleClass: SEDAN,
    },
    { _id: 'ca000000-0000-4000-8000-000000000002', make: 'Honda', model: 'Civic', plate: 'XYZ9', vehicleClass: SEDAN },
  ],
  createdAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

export const ANN = aCustomer(1);

const planOf = (plan: typeof WASH_CLUB): Member['plan'] => ({
  _id: plan._id,
  kind: plan.kind,
  name: plan.name,
  price: plan.price,
  interval: plan.interval,
  washes: plan.washes,
  washesPerDay: plan.washesPerDay,
  vehicles: plan.vehicles,
});

/** A monthly unlimited Wash Club membership of one car, active since May 1 2030, of `index`'s member. */
export const aMember = (index: number, overrides: Partial<Member> = {}): Member => ({
  _id: `3e3be000-0000-4000-8000-00000000000${index}`,
  plan: planOf(WASH_CLUB),
  status: 'active',
  vehicles: [
    {
      _id: `ca000000-0000-4000-8000-00000000010${index}`,
      make: 'Toyota',
      model: 'RAV4',
      year: 2021,
      plate: `PLT${index}`,
      nickname: '',
    },
  ],
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
  createdAt: '2030-05-01T09:00:00.000Z',
  endedAt: null,
  customer: {
    _id: `c0570000-0000-4000-8000-00000000010${index}`,
    firstName: 'Member',
    lastName: String(index),
    email: `member${index}@example.com`,
  },
  ...overrides,
});

/** Ann's family plan for her two cars, 3 of its 8 washes used this year. */
export const ANN_FAMILY = aMember(1, {
  plan: planOf(FAMILY_CLUB),
  vehicles: [
    { _id: ANN.vehicles[0]?._id ?? '', make: 'Toyota', model: 'RAV4', year: 2021, plate: 'ABC123', nickname: '' },
    { _id: ANN.vehicles[1]?._id ?? '', make: 'Honda', model: 'Civic', year: null, plate: 'XYZ9', nickname: 'Work car' },
  ],
  periodEnd: '2031-05-01T10:00:00.000Z',
  washesUsed: 3,
  washesLeft: 5,
  customer: { _id: ANN._id, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' },
});

/** A pack the shop gave Bob, 7 of its 10 washes left. */
export const BOB_PACK = aMember(2, {
  plan: planOf(TEN_WASH_PACK),
  comped: true,
  periodEnd: '2031-05-01T10:00:00.000Z',
  washesUsed: 3,
  washesLeft: 7,
  customer: {
    _id: 'c0570000-0000-4000-8000-000000000202',
    firstName: 'Bob',
    lastName: 'Stone',
    email: 'bob@example.com',
  },
});

/** Carol's renewal was declined twice; she leaves at the end of the period. */
export const CAROL_PAST_DUE = aMember(3, {
  status: 'past_due',
  failedPayments: 2,
  cancelAtPeriodEnd: true,
  graceUntil: '2030-06-08T10:00:00.000Z',
  customer: {
    _id: 'c0570000-0000-4000-8000-000000000303',
    firstName: 'Carol',
    lastName: 'Diaz',
    email: 'carol@example.com',
  },
});

/** Dan's membership, ended on April 1. */
export const DAN_ENDED = aMember(4, {
  status: 'ended',
  periodStart: '2030-03-01T10:00:00.000Z',
  endedAt: '2030-04-01T10:00:00.000Z',
  customer: { _id: 'c0570000-0000-4000-8000-000000000404', firstName: 'Dan', lastName: 'Wu', email: 'dan@example.com' },
});

export const memberListBody = (members: Member[]) => ({
  success: true,
  message: MEMBERSHIP_MESSAGES.retrieved,
  data: members,
});

export const memberBody = (member: Member, message: string) => ({ success: true, message, data: member });
