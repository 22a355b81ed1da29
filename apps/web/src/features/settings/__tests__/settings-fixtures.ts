import { DEFAULT_PAYMENT_POLICY } from '@carcare/contracts/payment-policy-constants';
import type {
  AffectedBooking,
  Closure,
  SettingChange,
  ShopSettings,
  WeeklyHours,
} from '@carcare/contracts/shop-settings';
import { CLOSURE_MESSAGES, SETTINGS_MESSAGES } from '@carcare/contracts/shop-settings-constants';

const weekdays = (ranges: WeeklyHours['monday']): WeeklyHours => ({
  monday: ranges,
  tuesday: ranges,
  wednesday: ranges,
  thursday: ranges,
  friday: ranges,
  saturday: ranges,
  sunday: [],
});

export const SHOP_HOURS = weekdays([{ start: '08:00', end: '18:00' }]);

export const aShopSettings = (overrides: Partial<ShopSettings> = {}): ShopSettings => ({
  businessName: 'CarCare',
  address: '1 Lake Road',
  phone: '+44 20 7946 0958',
  email: 'hello@carcare.example',
  timeZone: 'Europe/Berlin',
  currency: 'EUR',
  cancellationCutoffHours: 24,
  paymentHoldMinutes: 30,
  reminderHoursBefore: 24,
  bookingHorizonDays: 60,
  minimumNoticeMinutes: 120,
  slotStepMinutes: 30,
  hours: SHOP_HOURS,
  paymentPolicy: DEFAULT_PAYMENT_POLICY,
  policyVersion: 1,
  updatedAt: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

export const settingsBody = (settings: ShopSettings, message: string = SETTINGS_MESSAGES.retrieved) => ({
  success: true,
  message,
  data: settings,
});

export const ADMIN_ID = '7d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a11';

export const aChange = (index: number, overrides: Partial<SettingChange> = {}): SettingChange => ({
  _id: `c4a70000-0000-4000-8000-00000000000${index}`,
  setting: 'bookingHorizonDays',
  before: 60,
  after: 90,
  changedAt: '2026-11-25T14:05:00.000Z',
  changedBy: { _id: ADMIN_ID, name: 'Ada Lovelace', email: 'ada@example.com' },
  ...overrides,
});

export const changesBody = (changes: SettingChange[], totalDoc = changes.length) => ({
  success: true,
  message: SETTINGS_MESSAGES.auditRetrieved,
  data: changes,
  totalDoc,
});

export const aClosure = (index: number, overrides: Partial<Closure> = {}): Closure => ({
  _id: `d4a70000-0000-4000-8000-00000000000${index}`,
  startDate: '2026-12-24',
  endDate: '2026-12-26',
  reason: 'Christmas',
  createdAt: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

export const closuresBody = (closures: Closure[]) => ({
  success: true,
  message: CLOSURE_MESSAGES.retrieved,
  data: closures,
});

export const anAffectedBooking = (index: number, overrides: Partial<AffectedBooking> = {}): AffectedBooking => ({
  _id: `e4a70000-0000-4000-8000-00000000000${index}`,
  date: '2026-12-02',
  startTime: '10:00',
  endTime: '11:00',
  status: 'confirm',
  service: { _id: '1b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e51', name: 'Foam Wash' },
  customer: {
    _id: '2b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e51',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    phone: '+8801712345678',
  },
  ...overrides,
});
