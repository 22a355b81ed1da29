import type { Booking } from '@carcare/contracts/bookings';
import type { ServiceDetail } from '@carcare/contracts/services';
import type { Slot } from '@carcare/contracts/slots';

const SERVICE_ID = '1b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e5f';

export const aService = (): ServiceDetail => ({
  _id: SERVICE_ID,
  name: 'Wheel & Tyre Detail',
  description: 'Wheels cleaned and tyres dressed.',
  duration: 60,
  price: 45,
  bufferMinutes: 0,
  bays: [],
  isDeleted: false,
  createdAt: '2024-01-01T00:00:00.000Z',
  hours: null,
  paymentMode: 'full',
  // A shop without vehicle classes or add-ons: the service's one price, as SPEC.md describes it.
  priceFrom: 45,
  prices: [],
  addOns: [],
});

/** A slot of a one-bay shop unless `bays` says otherwise: a booked slot has no bay left. */
export const aSlot = (
  index: number,
  isBooked: Slot['isBooked'],
  date = '2030-05-10',
  bays: Pick<Slot, 'capacity' | 'remaining'> = { capacity: 1, remaining: isBooked === 'booked' ? 0 : 1 },
): Slot => ({
  _id: `5c0d3a1e-0000-4000-8000-00000000000${index}`,
  date,
  startTime: `${String(9 + index).padStart(2, '0')}:00`,
  endTime: `${String(10 + index).padStart(2, '0')}:00`,
  isBooked,
  origin: 'manual',
  service: { _id: SERVICE_ID, name: 'Wheel & Tyre Detail' },
  createdAt: '2024-01-01T00:00:00.000Z',
  ...bays,
});

export const aBooking = (id: number, startsAt: string, endsAt: string, overrides: Partial<Booking> = {}): Booking => ({
  _id: `9a0d3a1e-0000-4000-8000-00000000000${id}`,
  customer: {
    _id: '7d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a11',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.com',
    phone: '+8801712345678',
  },
  service: { _id: SERVICE_ID, name: 'Wheel & Tyre Detail', price: 45, duration: 60 },
  slot: {
    _id: `5c0d3a1e-0000-4000-8000-00000000000${id}`,
    date: startsAt.slice(0, 10),
    startTime: startsAt.slice(11, 16),
    endTime: endsAt.slice(11, 16),
    startsAt,
    endsAt,
  },
  bay: { _id: 'b4a70000-0000-4000-8000-000000000001', name: 'Bay 1' },
  payment: 'paid',
  status: 'confirm',
  holdExpiresAt: null,
  refund: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  // A booking that named no vehicle, as the older client books: the service's base price in one line.
  bayHeld: { from: startsAt, until: endsAt },
  total: 45,
  duration: 60,
  lines: [{ kind: 'service', addOn: null, name: 'Wheel & Tyre Detail', price: 45, minutes: 60 }],
  vehicleClass: null,
  vehicle: null,
  amountPaid: 45,
  balanceDue: 0,
  payments: [],
  payWith: 'online',
  bookedByShop: false,
  customerNote: null,
  cancelReason: null,
  policyVersion: null,
  lateCancellation: null,
  membership: null,
  readyAt: null,
  messages: [],
  fees: [],
  ...overrides,
});
