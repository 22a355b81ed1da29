import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../src/plugins/auth';
import { asUser, createTestApp, serviceWithSlots, signedInUser, type TestApp, type TestUser } from './helper';

/**
 * Who may call every API route. The list must name every route the server has, and nothing else:
 * a new route without an entry here fails this suite. Each access is checked for the four callers below
 * (`guardOutcome`): 'staff' lets staff and the administrator in; 'admin' stops staff with 403; 'user' routes
 * (a customer's own booking and garage) stop staff and the administrator with 403.
 */
const EXPECTED: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/config': 'public',
  'POST /api/auth/register/customer': 'public',
  'POST /api/auth/login': 'public',
  'GET /api/auth/auth-state': 'signed-in',
  'POST /api/auth/refreshToken': 'public',
  'POST /api/auth/logout': 'public',
  'PUT /api/auth/update-role/:id': 'admin',
  'GET /api/auth/role-changes': 'admin',
  // A reset link's token works here too; a change of password still needs a signed-in caller (auth.test.ts).
  'PUT /api/auth/reset-password': 'public',
  'POST /api/auth/forgot-password': 'public',
  'PUT /api/auth/recover-password': 'public',
  'POST /api/auth/claim': 'public',
  'GET /api/services': 'public',
  'GET /api/services/g/names': 'public',
  'GET /api/services/:id': 'public',
  'POST /api/services': 'admin',
  'PUT /api/services/:id': 'admin',
  'DELETE /api/services/:id': 'admin',
  'PUT /api/services/:id/hours': 'admin',
  'PUT /api/services/:id/prices': 'admin',
  'POST /api/services/slots': 'admin',
  'GET /api/services/get/all': 'admin',
  'GET /api/slots/availability': 'public',
  'GET /api/slots/availability/:id': 'public',
  'GET /api/slots/calendar': 'public',
  'PUT /api/slots/toggle-status/:id': 'admin',
  // A customer books their own; staff and the administrator book for a customer (front-desk-bookings.test.ts).
  'POST /api/bookings': 'signed-in',
  'POST /api/bookings/:id/payments': 'staff',
  'GET /api/bookings/quote': 'public',
  'POST /api/bookings/quote': 'public',
  'GET /api/bookings': 'staff',
  'GET /api/bookings/export.csv': 'staff',
  'GET /api/bookings/:id': 'signed-in',
  'GET /api/my-bookings': 'signed-in',
  'POST /api/bookings/:id/cancel': 'signed-in',
  // A customer moves their own booking; staff and the administrator any, with a reason.
  'POST /api/bookings/:id/reschedule': 'signed-in',
  'GET /api/bookings/:id/notes': 'staff',
  'POST /api/bookings/:id/notes': 'staff',
  'POST /api/bookings/:id/charge-card': 'staff',
  'POST /api/bookings/:id/fees/:feeId/waive': 'staff',
  'GET /api/bookings/:id/calendar.ics': 'signed-in',
  'POST /api/bookings/:id/complete': 'staff',
  'POST /api/bookings/:id/no-show': 'staff',
  'POST /api/bookings/:id/ready': 'staff',
  // The counter filters bookings by bay; only the administrator keeps the bays.
  'GET /api/bays': 'staff',
  'POST /api/bays': 'admin',
  'PUT /api/bays/:id': 'admin',
  'GET /api/vehicle-classes': 'public',
  'GET /api/vehicle-classes/all': 'admin',
  'POST /api/vehicle-classes': 'admin',
  'PUT /api/vehicle-classes/:id': 'admin',
  'DELETE /api/vehicle-classes/:id': 'admin',
  'GET /api/add-ons': 'public',
  'GET /api/add-ons/all': 'admin',
  'POST /api/add-ons': 'admin',
  'PUT /api/add-ons/:id': 'admin',
  'DELETE /api/add-ons/:id': 'admin',
  // The wash club's plans: anyone reads those on offer, and one by id (a retired one's members too).
  'GET /api/plans': 'public',
  'GET /api/plans/all': 'admin',
  'GET /api/plans/:id': 'public',
  'POST /api/plans': 'admin',
  'PUT /api/plans/:id': 'admin',
  'DELETE /api/plans/:id': 'admin',
  // A customer's garage: customers only, as booking is.
  'GET /api/vehicles': 'user',
  'POST /api/vehicles': 'user',
  'PUT /api/vehicles/:id': 'user',
  'DELETE /api/vehicles/:id': 'user',
  // The front desk's customers.
  'GET /api/customers': 'staff',
  'POST /api/customers': 'staff',
  'POST /api/customers/:id/claim-link': 'staff',
  // The wash club: customers join and leave their own; the counter looks plates up; the sandbox's clock is the
  // administrator's.
  'POST /api/memberships': 'user',
  'GET /api/memberships/mine': 'user',
  'GET /api/memberships/lookup': 'staff',
  'POST /api/memberships/sandbox-clock': 'admin',
  'POST /api/memberships/:id/cancel': 'user',
  // The member's own changes: pausing, resuming, the cars and the plan (membership-changes.test.ts).
  'POST /api/memberships/:id/pause': 'user',
  'POST /api/memberships/:id/resume': 'user',
  'PUT /api/memberships/:id/vehicles': 'user',
  'POST /api/memberships/:id/switch': 'user',
  // The owner's Members screen: every membership, given or ended by the shop.
  'GET /api/memberships': 'admin',
  'POST /api/memberships/comp': 'admin',
  'POST /api/memberships/:id/end': 'admin',
  // The counter sells packs, paid there.
  'POST /api/memberships/counter': 'staff',
  // A membership's history: its member's, and the shop's.
  'GET /api/memberships/:id/history': 'signed-in',
  'GET /api/admin/overview': 'admin',
  // The day board is the counter's; the overview's money is the administrator's.
  'GET /api/admin/schedule': 'staff',
  'GET /api/user/all': 'admin',
  'PUT /api/user/update': 'signed-in',
  'PUT /api/user/update-profile-image': 'signed-in',
  'POST /api/review/create': 'signed-in',
  'GET /api/review/get': 'public',
  // A review request's signed link is the credential (review-requests.test.ts).
  'GET /api/review/requests/:token': 'public',
  'POST /api/review/requests/:token': 'public',
  'POST /api/review/requests/:token/opt-out': 'public',
  'GET /api/settings': 'admin',
  'PUT /api/settings': 'admin',
  'GET /api/settings/changes': 'admin',
  'GET /api/closures': 'admin',
  'GET /api/closures/affected': 'admin',
  'POST /api/closures': 'admin',
  'DELETE /api/closures/:id': 'admin',
  // The text provider's calls: no session, a signature made with its auth token instead (texts.test.ts).
  'POST /api/texts/status': 'public',
  'POST /api/texts/inbound': 'public',
  // The waitlist: customers join and leave their own; the counter reads a day's list.
  'POST /api/waitlist': 'user',
  'GET /api/waitlist/mine': 'user',
  'DELETE /api/waitlist/:id': 'user',
  'GET /api/waitlist': 'staff',
};

type Caller = 'visitor' | 'customer' | 'staff' | 'admin';

const CALLERS = ['visitor', 'customer', 'staff', 'admin'] as const satisfies readonly Caller[];

/** Which signed-in callers each guarded access lets through; every other signed-in caller gets 403. */
const LET_THROUGH: Record<Exclude<Access, 'public'>, ReadonlySet<Caller>> = {
  'signed-in': new Set(['customer', 'staff', 'admin']),
  user: new Set(['customer']),
  staff: new Set(['staff', 'admin']),
  admin: new Set(['admin']),
};

/** The guard's answer for a caller, or 'through' when the guard lets the request reach its handler. */
const guardOutcome = (access: Access, caller: Caller): 401 | 403 | 'through' => {
  if (access === 'public') return 'through';
  if (caller === 'visitor') return 401;
  return LET_THROUGH[access].has(caller) ? 'through' : 403;
};

const roleOf = { customer: 'user', staff: 'staff', admin: 'admin' } as const;

let t: TestApp;
let callers: Record<Exclude<Caller, 'visitor'>, TestUser>;

beforeAll(async () => {
  t = await createTestApp();
  callers = {
    customer: await signedInUser(t.app),
    staff: await signedInUser(t.app, 'staff'),
    admin: await signedInUser(t.app, 'admin'),
  };
});
afterAll(async () => {
  await t.close();
});

const routeKeys = () =>
  t.app.accessTable
    .filter((route) => route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.url.replace(/\/$/, '')}`);

describe('the authorization matrix', () => {
  it('names every route the server has, with the access the server declares', () => {
    const declared = Object.fromEntries(
      t.app.accessTable
        .filter((route) => route.method !== 'HEAD')
        .map((route) => [`${route.method} ${route.url.replace(/\/$/, '')}`, route.access]),
    );
    expect(declared).toEqual(EXPECTED);
  });

  it('lets each caller through or stops them exactly as declared', async () => {
    const failures: string[] = [];
    for (const key of routeKeys()) {
      const [method = 'GET', url = ''] = key.split(' ');
      const access = EXPECTED[key];
      if (!access) continue;
      for (const caller of CALLERS) {
        const options = {
          method: method as 'GET',
          url: url.replace(':id', crypto.randomUUID()),
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        };
        // Logging out ends the caller's session: it is done with a session of its own.
        const signedIn =
          caller === 'visitor'
            ? undefined
            : key === 'POST /api/auth/logout'
              ? await signedInUser(t.app, roleOf[caller])
              : callers[caller];
        const response = await t.app.inject(signedIn ? asUser(signedIn, options) : options);
        const expected = guardOutcome(access, caller);
        const status = response.statusCode;
        const stopped = status === 401 || status === 403;
        const ok =
          expected === 'through'
            ? !stopped || (key === 'POST /api/auth/refreshToken' && status === 401)
            : status === expected;
        if (!ok) failures.push(`${key} as ${caller}: ${status}, expected ${expected}`);
        if (status >= 500) failures.push(`${key} as ${caller}: server error ${status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("keeps one customer out of another customer's bookings", async () => {
    const other = await signedInUser(t.app);
    const { service, slots } = await serviceWithSlots(t.app, { name: 'Private' });
    const created = await t.app.inject(
      asUser(callers.customer, {
        method: 'POST',
        url: '/api/bookings',
        payload: { service: service.id, slot: slots[0]?.id },
      }),
    );
    const bookingId = created.json().data.booking._id;
    const theirs = await t.app.inject(asUser(other, { method: 'GET', url: `/api/bookings/${bookingId}` }));
    expect(theirs.statusCode).toBe(404);
    const list = await t.app.inject(asUser(other, { method: 'GET', url: '/api/my-bookings' }));
    expect(list.json().data).toEqual([]);
    const own = await t.app.inject(asUser(callers.customer, { method: 'GET', url: `/api/bookings/${bookingId}` }));
    expect(own.statusCode).toBe(200);
  });
});
