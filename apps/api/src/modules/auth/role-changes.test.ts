import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { ROLE_CHANGES_LIMIT } from '@carcare/contracts/front-desk';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser } from '../../../test/helper';
import { roleChanges, users } from '../../db/schema';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

const updateRole = (id: string, role: string, caller: TestUser = admin) =>
  t.app.inject(asUser(caller, { method: 'PUT', url: `/api/auth/update-role/${id}`, payload: { role } }));
const roleChangesOf = (query = '', caller: TestUser = admin) =>
  t.app.inject(asUser(caller, { method: 'GET', url: `/api/auth/role-changes${query}` }));
const storedChangesOf = (userId: string) =>
  t.app.db.select().from(roleChanges).where(eq(roleChanges.userId, userId)).orderBy(roleChanges.id);
const nameOf = async (id: string) => {
  const [user] = await t.app.db.select().from(users).where(eq(users.id, id));
  return `${user?.firstName} ${user?.lastName}`;
};

describe('a role change', () => {
  it('makes a customer staff, effective at once, and keeps who changed whom, from, to and when', async () => {
    const customer = await signedInUser(t.app);
    const before = Date.now();
    const response = await updateRole(customer.id, 'staff');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: AUTH_MESSAGES.roleUpdated('staff'),
      data: { _id: customer.id, role: 'staff', auth: { role: 'staff' } },
    });
    // The customer's token from before now lets them at the counter's day board.
    const board = await t.app.inject(asUser(customer, { method: 'GET', url: '/api/admin/schedule' }));
    expect(board.statusCode).toBe(200);

    const [change, ...more] = await storedChangesOf(customer.id);
    expect(more).toEqual([]);
    expect(change).toEqual({
      id: expect.any(Number),
      userId: customer.id,
      userName: await nameOf(customer.id),
      userEmail: customer.email,
      changedBy: admin.id,
      changedByName: await nameOf(admin.id),
      fromRole: 'user',
      toRole: 'staff',
      changedAt: expect.any(Date),
    });
    expect(change?.changedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(change?.changedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('to the role the user already has answers as before and keeps nothing', async () => {
    const member = await signedInUser(t.app, 'staff');
    const response = await updateRole(member.id, 'staff');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: AUTH_MESSAGES.roleUpdated('staff'),
      data: { _id: member.id, role: 'staff' },
    });
    expect(await storedChangesOf(member.id)).toEqual([]);
  });

  it("of one's own role, by staff, or of nobody keeps nothing", async () => {
    const own = await updateRole(admin.id, 'user');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ success: false, message: AUTH_MESSAGES.ownRole });

    const staff = await signedInUser(t.app, 'staff');
    const customer = await signedInUser(t.app);
    const byStaff = await updateRole(customer.id, 'admin', staff);
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.forbidden });

    const nobody = await updateRole(crypto.randomUUID(), 'staff');
    expect(nobody.statusCode).toBe(404);

    const [stored] = await t.app.db.select().from(users).where(eq(users.id, customer.id));
    expect(stored?.role).toBe('user');
    expect(await storedChangesOf(admin.id)).toEqual([]);
    expect(await storedChangesOf(customer.id)).toEqual([]);
  });
});

describe('GET /api/auth/role-changes', () => {
  it("lists the changes newest first, of one user's role with ?user=", async () => {
    const first = await signedInUser(t.app);
    const second = await signedInUser(t.app);
    expect((await updateRole(first.id, 'staff')).statusCode).toBe(200);
    expect((await updateRole(second.id, 'admin')).statusCode).toBe(200);
    expect((await updateRole(first.id, 'user')).statusCode).toBe(200);

    const response = await roleChangesOf(`?user=${first.id}`);
    expect(response.statusCode).toBe(200);
    const [latest, earliest] = (await storedChangesOf(first.id)).reverse();
    const adminRef = { _id: admin.id, name: await nameOf(admin.id) };
    const userRef = { _id: first.id, name: await nameOf(first.id), email: first.email };
    expect(response.json()).toEqual({
      success: true,
      message: FRONT_DESK_MESSAGES.roleChangesRetrieved,
      data: [
        {
          _id: String(latest?.id),
          user: userRef,
          changedBy: adminRef,
          from: 'staff',
          to: 'user',
          changedAt: latest?.changedAt.toISOString(),
        },
        {
          _id: String(earliest?.id),
          user: userRef,
          changedBy: adminRef,
          from: 'user',
          to: 'staff',
          changedAt: earliest?.changedAt.toISOString(),
        },
      ],
    });

    const everyone = (await roleChangesOf()).json().data as Array<{ user: { _id: string }; to: string }>;
    expect(everyone.slice(0, 3).map((change) => [change.user._id, change.to])).toEqual([
      [first.id, 'user'],
      [second.id, 'admin'],
      [first.id, 'staff'],
    ]);
  });

  it('keeps the name and email a removed user had', async () => {
    const leaver = await signedInUser(t.app);
    await updateRole(leaver.id, 'staff');
    const name = await nameOf(leaver.id);
    await t.app.db.delete(users).where(eq(users.id, leaver.id));
    const [kept] = (await roleChangesOf()).json().data;
    expect(kept).toMatchObject({ user: { _id: null, name, email: leaver.email }, from: 'user', to: 'staff' });
  });

  it(`answers the latest ${ROLE_CHANGES_LIMIT} at most`, async () => {
    const busy = await signedInUser(t.app);
    const start = Date.UTC(2026, 0, 1);
    await t.app.db.insert(roleChanges).values(
      Array.from({ length: ROLE_CHANGES_LIMIT + 5 }, (_, index) => ({
        userId: busy.id,
        userName: 'Busy',
        userEmail: busy.email,
        changedBy: admin.id,
        changedByName: 'Admin',
        fromRole: index % 2 === 0 ? ('user' as const) : ('staff' as const),
        toRole: index % 2 === 0 ? ('staff' as const) : ('user' as const),
        changedAt: new Date(start + index * 60_000),
      })),
    );
    const data = (await roleChangesOf(`?user=${busy.id}`)).json().data as Array<{ changedAt: string }>;
    expect(data).toHaveLength(ROLE_CHANGES_LIMIT);
    expect(data[0]?.changedAt).toBe(new Date(start + (ROLE_CHANGES_LIMIT + 4) * 60_000).toISOString());
    expect(data.at(-1)?.changedAt).toBe(new Date(start + 5 * 60_000).toISOString());
  });

  it('is for the administrator only, and refuses a user that is not an id', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/auth/role-changes' });
    expect(visitor.statusCode).toBe(401);
    const staff = await roleChangesOf('', await signedInUser(t.app, 'staff'));
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.forbidden });
    const customer = await roleChangesOf('', await signedInUser(t.app));
    expect(customer.statusCode).toBe(403);
    const bad = await roleChangesOf('?user=someone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(FRONT_DESK_MESSAGES.roleChangesUserInvalid);
  });
});
