import type { Booking } from '@carcare/contracts/bookings';
import type { Overview, OverviewPeriod, Schedule } from '@carcare/contracts/reports';
import { aPublicConfig, jsonResponse, requestOf } from '@/test/fixtures';

/** The business of these tests is in Dhaka (UTC+6): at 20:30 UTC on 10 May it is already 11 May there. */
export const TIME_ZONE = 'Asia/Dhaka';
export const NOW = '2030-05-10T20:30:00.000Z';
export const TODAY = '2030-05-11';

export const configBody = () => ({
  success: true,
  message: 'Configuration',
  data: { ...aPublicConfig(), timeZone: TIME_ZONE },
});

/** No money moved: the ledger's section of a period with nothing in it. */
const noMoney = (): OverviewPeriod['money'] => ({
  collected: 0,
  byMethod: { online: 0, card_on_file: 0, cash: 0, card: 0 },
  refunded: 0,
  depositsHeld: 0,
  balancesOutstanding: 0,
  feesCharged: 0,
  feesWaived: 0,
});

/** A wash club with no member. */
export const noClub = (): OverviewPeriod['club'] => ({
  recurringRevenue: 0,
  activeMembers: 0,
  newMembers: 0,
  cancelledMembers: 0,
  failedPayments: 0,
  washesUsed: 0,
  collected: 0,
});

const quietPeriod = (from: string, to: string): OverviewPeriod => ({
  from,
  to,
  revenue: 0,
  paid: 0,
  refunded: 0,
  bookings: { pending: 0, confirm: 0, cancel: 0, completed: 0, no_show: 0, total: 0 },
  occupancy: { bookedMinutes: 0, openMinutes: 0, rate: null },
  noShowRate: null,
  newCustomers: 0,
  reviews: 0,
  averageRating: null,
  money: noMoney(),
  club: noClub(),
  waitlist: { bookingsWonBack: 0, revenueWonBack: 0 },
});

/** Every day from `from` to `to` with nothing earned, as the API lists an empty range. */
export const emptyDays = (from: string, to: string) => {
  const days: Overview['revenuePerDay'] = [];
  for (let day = new Date(`${from}T00:00:00Z`); day <= new Date(`${to}T00:00:00Z`); ) {
    days.push({ date: day.toISOString().slice(0, 10), revenue: 0, bookings: 0 });
    day = new Date(day.getTime() + 24 * 60 * 60 * 1000);
  }
  return days;
};

/** An overview of nothing at all, for the range asked. */
export const aQuietOverview = (from: string, to: string): Overview => ({
  timeZone: TIME_ZONE,
  current: quietPeriod(from, to),
  previous: quietPeriod('2030-01-01', '2030-01-01'),
  revenuePerDay: emptyDays(from, to),
  bookingsPerService: [],
  demand: [],
  revenueByClass: [],
  addOns: { attachRate: null, revenue: 0, byAddOn: [] },
});

/** The 30 days ending 11 May 2030, beside the 30 days before. */
export const aBusyOverview = (): Overview => ({
  timeZone: TIME_ZONE,
  current: {
    from: '2030-04-12',
    to: TODAY,
    revenue: 1250.5,
    paid: 1300.5,
    refunded: 50,
    bookings: { pending: 1, confirm: 10, cancel: 3, completed: 20, no_show: 2, total: 36 },
    occupancy: { bookedMinutes: 1800, openMinutes: 6000, rate: 0.3 },
    noShowRate: 0.09,
    newCustomers: 8,
    reviews: 5,
    averageRating: 4.6,
    money: {
      collected: 1250.5,
      byMethod: { online: 1100.5, card_on_file: 0, cash: 150, card: 50 },
      refunded: 50,
      depositsHeld: 0,
      balancesOutstanding: 0,
      feesCharged: 0,
      feesWaived: 0,
    },
    club: {
      recurringRevenue: 1_287,
      activeMembers: 33,
      newMembers: 6,
      cancelledMembers: 2,
      failedPayments: 1,
      washesUsed: 140,
      collected: 1_249.5,
    },
    waitlist: { bookingsWonBack: 4, revenueWonBack: 182 },
  },
  previous: {
    from: '2030-03-13',
    to: '2030-04-11',
    revenue: 1000,
    paid: 1000,
    refunded: 0,
    bookings: { pending: 0, confirm: 5, cancel: 2, completed: 20, no_show: 3, total: 30 },
    occupancy: { bookedMinutes: 1500, openMinutes: 6000, rate: 0.25 },
    noShowRate: 0.12,
    newCustomers: 0,
    reviews: 4,
    averageRating: 4.4,
    money: { ...noMoney(), collected: 1000, byMethod: { online: 1000, card_on_file: 0, cash: 0, card: 0 } },
    club: { ...noClub(), recurringRevenue: 1_170, activeMembers: 30, washesUsed: 120, collected: 1_100 },
    waitlist: { bookingsWonBack: 1, revenueWonBack: 45 },
  },
  revenuePerDay: emptyDays('2030-04-12', TODAY).map((day) => {
    if (day.date === '2030-05-10') return { ...day, revenue: 129.99, bookings: 3 };
    if (day.date === TODAY) return { ...day, revenue: 45, bookings: 1 };
    return day;
  }),
  bookingsPerService: [
    { service: { _id: '1b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e51', name: 'Premium Wash' }, bookings: 20 },
    { service: { _id: '1b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e52', name: 'Interior Detail' }, bookings: 13 },
  ],
  demand: [
    { weekday: 1, hour: 9, bookings: 4 },
    { weekday: 6, hour: 14, bookings: 7 },
    { weekday: 6, hour: 11, bookings: 2 },
  ],
  revenueByClass: [
    { vehicleClass: { _id: 'c1a55000-0000-4000-8000-000000000003', name: 'SUV' }, revenue: 820.5, bookings: 9 },
    { vehicleClass: { _id: 'c1a55000-0000-4000-8000-000000000002', name: 'Sedan' }, revenue: 380, bookings: 8 },
    { vehicleClass: null, revenue: 50, bookings: 2 },
  ],
  addOns: {
    attachRate: 0.421,
    revenue: 310,
    byAddOn: [
      { addOn: { _id: 'a0d0a000-0000-4000-8000-000000000002', name: 'Engine bay' }, bookings: 4, revenue: 160 },
      { addOn: { _id: 'a0d0a000-0000-4000-8000-000000000001', name: 'Pet hair removal' }, bookings: 6, revenue: 150 },
    ],
  },
});

export const BAYS = [
  { _id: 'b4a70000-0000-4000-8000-000000000001', name: 'Bay 1', active: true },
  { _id: 'b4a70000-0000-4000-8000-000000000002', name: 'Bay 2', active: true },
  { _id: 'b4a70000-0000-4000-8000-000000000003', name: 'Bay 3', active: true },
] as const;

/** A booking of `date` from `startTime` to `endTime` (Dhaka), in `bay`. */
export const aBoardBooking = (
  id: number,
  [startTime, endTime]: [string, string],
  bay: (typeof BAYS)[number],
  overrides: Partial<Booking> = {},
  date = TODAY,
): Booking => {
  const instant = (time: string) => new Date(`${date}T${time}:00+06:00`).toISOString();
  return {
    _id: `9a0d3a1e-0000-4000-8000-00000000000${id}`,
    customer: {
      _id: '7d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a11',
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
      phone: '+8801712345678',
    },
    service: { _id: '1b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e51', name: 'Premium Wash', price: 45, duration: 60 },
    slot: {
      _id: `5c0d3a1e-0000-4000-8000-00000000000${id}`,
      date,
      startTime,
      endTime,
      startsAt: instant(startTime),
      endsAt: instant(endTime),
    },
    bay: { _id: bay._id, name: bay.name },
    payment: 'paid',
    status: 'confirm',
    holdExpiresAt: null,
    refund: null,
    createdAt: '2030-05-01T00:00:00.000Z',
    // Held for the slot unless a test says otherwise (a longer job, a buffer).
    bayHeld: { from: instant(startTime), until: instant(endTime) },
    total: 45,
    duration: 60,
    lines: [{ kind: 'service', addOn: null, name: 'Premium Wash', price: 45, minutes: 60 }],
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
  };
};

export const aSchedule = (overrides: Partial<Schedule> = {}): Schedule => ({
  date: TODAY,
  timeZone: TIME_ZONE,
  bays: [...BAYS],
  opensAt: '09:00',
  closesAt: '17:00',
  bookings: [],
  ...overrides,
});

type Handler = (request: Request) => Response | Promise<Response>;

/** A fetch stub answering "METHOD /path" from `handlers` and the config; anything else is a 404. Logs each call. */
export const serveApi = (
  fetchMock: { mockImplementation: (implementation: (input: unknown) => Promise<Response>) => unknown },
  requests: Request[],
  handlers: Record<string, Handler>,
) =>
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    requests.push(request.clone());
    const all: Record<string, Handler> = { 'GET /api/config': () => jsonResponse(200, configBody()), ...handlers };
    const handler = all[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : jsonResponse(404, { success: false, message: 'Not found' });
  });

/** The query strings of the calls made to `path`, in order. */
export const queriesTo = (requests: Request[], path: string) =>
  requests
    .filter((request) => request.method === 'GET' && new URL(request.url).pathname === path)
    .map((request) => new URL(request.url).search);
