import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  rowCounts,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../helper';

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  staff = await signedInUser(t.app, 'staff');
  customer = await signedInUser(t.app);
  await serviceWithSlots(t.app, { name: 'Fuzzed' });
});
afterAll(async () => {
  await t.close();
});

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1e309',
    'NaN',
    'null',
    '[]',
    '{}',
    '%',
    '_',
    "' or 1=1 --",
    '../../etc/passwd',
    '2026-02-30',
    '25:00',
  ),
  fc.uuid().map(String),
);
const jsonValue = fc.jsonValue({ maxDepth: 2 });
const query = fc.dictionary(
  fc.constantFrom(
    'searchTerm',
    'min',
    'max',
    'sort',
    'page',
    'limit',
    'service',
    'date',
    'payment',
    'status',
    'from',
    'to',
    'bay',
    'search',
    'q',
    'origin',
    'user',
    'plate',
    'x',
  ),
  text,
  {
    maxKeys: 4,
  },
);
const body = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      'name',
      'description',
      'duration',
      'price',
      'email',
      'password',
      'role',
      'rating',
      'comment',
      'service',
      'slot',
      'date',
      'startTime',
      'endTime',
      'token',
      'firstName',
      'phone',
      'active',
      'sortOrder',
      'services',
      'bays',
      'bufferMinutes',
      'refund',
      'businessName',
      'address',
      'timeZone',
      'currency',
      'slotStepMinutes',
      'hours',
      'startDate',
      'endDate',
      'reason',
      'reasonText',
      'acceptPolicy',
      'body',
      'isDefault',
      'minutes',
      'prices',
      'vehicleClass',
      'make',
      'model',
      'year',
      'colour',
      'plate',
      'plateRegion',
      'nickname',
      'paymentPolicy',
      'paymentMode',
      'lastName',
      'customer',
      'payWith',
      'walkIn',
      'note',
      'method',
      'amount',
      'plan',
      'vehicles',
      'days',
      'kind',
      'interval',
      'washes',
      'washesPerDay',
      'validDays',
      'addOns',
      'months',
      'textsAccepted',
      'reviewRequestsOff',
      'MessageSid',
      'MessageStatus',
      'From',
      'Body',
      'vehicle',
      'windows',
    ),
    jsonValue,
    { maxKeys: 6 },
  ),
  jsonValue,
);

describe('every route under random input', () => {
  it('never answers 5xx, always uses the error envelope, and stores nothing when it refuses', async () => {
    const routes = t.app.accessTable.filter((route) => route.method !== 'HEAD');
    const callers = [null, customer, staff, admin];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom(...callers),
        text,
        query,
        body,
        async (route, caller, param, queryValues, payload) => {
          const path = route.url.replace(':id', encodeURIComponent(param)).replace(':token', encodeURIComponent(param));
          const url = `${path}?${new URLSearchParams(queryValues)}`;
          const options = {
            method: route.method as 'GET',
            url,
            ...(route.method === 'GET' || route.method === 'DELETE'
              ? {}
              : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
          };
          // Logging out ends the caller's session: it is done with a session of its own.
          const as =
            caller && route.url === '/api/auth/logout'
              ? await signedInUser(t.app, caller === admin ? 'admin' : caller === staff ? 'staff' : 'user')
              : caller;
          const before = await rowCounts(t.database);
          const response = await t.app.inject(as ? asUser(as, options) : options);
          expect(response.statusCode, `${route.method} ${url}`).toBeLessThan(500);
          if (response.statusCode >= 400) {
            const envelope = response.json();
            expect(envelope.success).toBe(false);
            expect(typeof envelope.message).toBe('string');
            expect(envelope.message.length).toBeGreaterThan(0);
            // Logging out and sign-in attempts may write tokens only when they succeed.
            expect(await rowCounts(t.database), `${route.method} ${url} stored something it refused`).toEqual(before);
          }
        },
      ),
      { numRuns: 300 },
    );
    // 300 calls, each counting every table before and after: some 11 s alone on a slow day, twice that with
    // other suites beside it. The timeout only ends a stuck run.
  }, 90_000);
});
