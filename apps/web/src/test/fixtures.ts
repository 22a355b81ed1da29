import { DEFAULT_PAYMENT_POLICY } from '@carcare/contracts/payment-policy-constants';
import type { Role, User } from '@carcare/contracts/users';
import type { SessionState } from '@/lib/session/session-slice';

export const aUser = (overrides: Partial<User> = {}): User => {
  const role: Role = overrides.role ?? 'user';
  return {
    _id: '7d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a11',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.com',
    address: '12 Road, Dhaka',
    phone: '+8801712345678',
    image: null,
    createdAt: '2024-03-05T10:00:00.000Z',
    textsAccepted: false,
    reviewRequestsOff: false,
    ...overrides,
    role,
    auth: { role },
  };
};

export const signedIn = (user: User = aUser(), token = 'access-token'): SessionState => ({
  user,
  token,
  isLoading: false,
  signedOut: false,
});

export const signedOut: SessionState = { user: null, token: null, isLoading: false, signedOut: false };

/** A JSON Response as the API sends it. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The URL path a stubbed fetch was called with (fetchBaseQuery passes a Request). */
export const requestOf = (input: unknown) => (input instanceof Request ? input : new Request(String(input)));

/** What GET /api/config says of a business that prices in `currency`. */
export const aPublicConfig = (currency = 'USD') => ({
  businessName: 'CarCare',
  currency,
  timeZone: 'UTC',
  locale: 'en-US',
  cancellationCutoffHours: 24,
  contact: { address: '1 Lake Road', phone: '+880 1700-000000', email: 'hello@carcare.example' },
  hours: {
    monday: [{ start: '08:00', end: '18:00' }],
    tuesday: [{ start: '08:00', end: '18:00' }],
    wednesday: [{ start: '08:00', end: '18:00' }],
    thursday: [{ start: '08:00', end: '18:00' }],
    friday: [{ start: '08:00', end: '18:00' }],
    saturday: [{ start: '08:00', end: '18:00' }],
    sunday: [],
  },
  closures: [],
  bookingHorizonDays: 60,
  minimumNoticeMinutes: 120,
  slotStepMinutes: 30,
  paymentPolicy: DEFAULT_PAYMENT_POLICY,
  policyVersion: 1,
});

/** The body of GET /api/config for a business that prices in `currency`. */
export const publicConfigBody = (currency = 'USD') => ({
  success: true,
  message: 'Configuration',
  data: aPublicConfig(currency),
});
