import { createHash, randomBytes } from 'node:crypto';
import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asUser, createTestApp, mailsTo, signedInUser, type TestApp, type TestUser } from '../../../test/helper';
import { passwordResetTokens, savedCards, users, vehicleClasses, vehicles } from '../../db/schema';

let t: TestApp;
let staff: TestUser;
let admin: TestUser;
let customer: TestUser;
let sedan: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInUser(t.app, 'staff');
  admin = await signedInUser(t.app, 'admin');
  customer = await signedInUser(t.app);
  const [made] = await t.database.db
    .insert(vehicleClasses)
    .values({ name: 'Sedan', sortOrder: 1, isDefault: true })
    .returning({ id: vehicleClasses.id });
  sedan = made?.id ?? '';
});
afterAll(async () => {
  await t.close();
});

const call = (caller: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) => {
  const options = { method, url, ...(payload ? { payload } : {}) };
  return t.app.inject(caller ? asUser(caller, options) : options);
};
const search = (caller: TestUser | null, q: string) => call(caller, 'GET', `/api/customers?q=${encodeURIComponent(q)}`);
const addCustomer = (caller: TestUser | null, payload: object) => call(caller, 'POST', '/api/customers', payload);
const storedUser = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
/** The token of the claim link in a mail (quoted-printable wraps lines with '=' and writes '=' as '=3D'). */
const claimTokenIn = (mail: string) =>
  mail
    .replace(/=\r?\n/g, '')
    .replaceAll('=3D', '=')
    .match(/claim-account\?token=([\w-]+)/)?.[1] ?? '';

let phoneCounter = 1000;
const nextPhone = () => {
  phoneCounter += 1;
  return `+1415555${phoneCounter}`;
};

describe('adding a customer at the front desk', () => {
  it('keeps the name, the phone in international form and no password, and answers 201 with the customer', async () => {
    const response = await addCustomer(staff, { firstName: ' Dana ', lastName: 'Reyes', phone: '+1 (415) 555-0101' });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.message).toBe(FRONT_DESK_MESSAGES.customerCreated);
    expect(body.data).toMatchObject({
      firstName: 'Dana',
      lastName: 'Reyes',
      email: '',
      phone: '+14155550101',
      claimed: false,
      cardOnFile: false,
      vehicles: [],
    });
    const stored = await storedUser(body.data._id);
    expect(stored).toMatchObject({ role: 'user', email: null, passwordHash: null, phone: '+14155550101' });
  });

  it('keeps an email in lower case, and lets the administrator add one too', async () => {
    const response = await addCustomer(admin, {
      firstName: 'Ola',
      lastName: 'Berg',
      phone: nextPhone(),
      email: 'Ola.Berg@Example.com',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.email).toBe('ola.berg@example.com');
  });

  it('refuses a phone or an email another customer has, storing nothing', async () => {
    const phone = nextPhone();
    expect((await addCustomer(staff, { firstName: 'A', lastName: 'One', phone })).statusCode).toBe(201);
    const samePhone = await addCustomer(staff, { firstName: 'B', lastName: 'Two', phone });
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().message).toBe(FRONT_DESK_MESSAGES.phoneTaken);
    const sameEmail = await addCustomer(staff, {
      firstName: 'C',
      lastName: 'Three',
      phone: nextPhone(),
      email: customer.email.toUpperCase(),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe(FRONT_DESK_MESSAGES.emailTaken);
    const named = await t.database.db.select().from(users).where(eq(users.lastName, 'Three'));
    expect(named).toEqual([]);
  });

  it('refuses bad input with the field messages', async () => {
    const noPhone = await addCustomer(staff, { firstName: 'A', lastName: 'B' });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().message).toBe(FRONT_DESK_MESSAGES.phoneRequired);
    const badPhone = await addCustomer(staff, { firstName: 'A', lastName: 'B', phone: '12' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().message).toBe(FRONT_DESK_MESSAGES.phoneInvalid);
    const noName = await addCustomer(staff, { lastName: 'B', phone: nextPhone() });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(AUTH_MESSAGES.firstNameRequired);
  });

  it('is for staff and the administrator only', async () => {
    const payload = { firstName: 'X', lastName: 'Y', phone: nextPhone() };
    expect((await addCustomer(null, payload)).statusCode).toBe(401);
    const asCustomer = await addCustomer(customer, payload);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().message).toBe(GENERIC_ERROR_MESSAGES.forbidden);
  });
});

describe('finding a customer', () => {
  let found: { id: string; phone: string };

  beforeAll(async () => {
    const phone = '+14155550177';
    const made = await addCustomer(staff, {
      firstName: 'Quentin',
      lastName: 'Marlowe',
      phone,
      email: 'qm@example.com',
    });
    found = { id: made.json().data._id, phone };
    await t.database.db.insert(vehicles).values([
      { customerId: found.id, vehicleClassId: sedan, make: 'Volvo', model: 'V70', plate: 'QX77AB' },
      {
        customerId: found.id,
        vehicleClassId: sedan,
        make: 'Saab',
        model: '900',
        plate: 'OLD900',
        archivedAt: new Date(),
      },
    ]);
  });

  it('by name, email, phone, the phone digits or a live plate, with their live vehicles', async () => {
    for (const q of ['marlowe', 'quentin m', 'QM@EXAMPLE', '+14155550177', '(415) 555-0177', '5550177', 'qx-77']) {
      const response = await search(staff, q);
      expect(response.statusCode, q).toBe(200);
      const data = response.json().data;
      expect(
        data.map((each: { _id: string }) => each._id),
        q,
      ).toEqual([found.id]);
    }
    const [one] = (await search(staff, 'marlowe')).json().data;
    expect(one).toMatchObject({
      firstName: 'Quentin',
      email: 'qm@example.com',
      claimed: false,
      cardOnFile: false,
      vehicles: [{ make: 'Volvo', model: 'V70', plate: 'QX77AB', vehicleClass: { _id: sedan, name: 'Sedan' } }],
    });
  });

  it('says whether the customer keeps a card with the shop’s payment provider', async () => {
    const before = (await search(staff, customer.email)).json().data;
    expect(before).toMatchObject([{ _id: customer.id, cardOnFile: false }]);
    await t.database.db.insert(savedCards).values({
      customerId: customer.id,
      provider: t.app.payments.name,
      customerRef: 'sbx_customer_1',
      paymentMethodRef: 'sbx_card_4242',
      brand: 'visa',
      last4: '4242',
    });
    expect((await search(staff, customer.email)).json().data).toMatchObject([{ _id: customer.id, cardOnFile: true }]);
    // A card kept with another provider is not one the shop can charge.
    await t.database.db.update(savedCards).set({ provider: 'stripe' }).where(eq(savedCards.customerId, customer.id));
    expect((await search(staff, customer.email)).json().data).toMatchObject([{ _id: customer.id, cardOnFile: false }]);
  });

  it('not by an archived vehicle, and never staff or administrators', async () => {
    expect((await search(staff, 'OLD900')).json().data).toEqual([]);
    const byStaffEmail = await search(admin, staff.email);
    expect(byStaffEmail.json().data).toEqual([]);
    const claimedCustomer = (await search(staff, customer.email)).json().data;
    expect(claimedCustomer).toMatchObject([{ _id: customer.id, claimed: true }]);
  });

  it('answers at most 20, an exact match first', async () => {
    for (let index = 0; index < 22; index++) {
      await addCustomer(staff, { firstName: 'Zed', lastName: `Many ${index}`, phone: nextPhone() });
    }
    const exact = await addCustomer(staff, {
      firstName: 'Zz',
      lastName: 'Exact',
      phone: nextPhone(),
      email: 'many@example.com',
    });
    const response = await search(staff, 'many');
    expect(response.json().message).toBe(FRONT_DESK_MESSAGES.customersRetrieved);
    const data = response.json().data;
    expect(data).toHaveLength(20);
    const byEmail = await search(staff, 'many@example.com');
    expect(byEmail.json().data[0]._id).toBe(exact.json().data._id);
  });

  it('refuses an empty or too long search, and callers other than staff', async () => {
    const empty = await search(staff, '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(FRONT_DESK_MESSAGES.searchRequired);
    const long = await search(staff, 'x'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(FRONT_DESK_MESSAGES.searchTooLong);
    expect((await search(null, 'a')).statusCode).toBe(401);
    expect((await search(customer, 'a')).statusCode).toBe(403);
  });
});

describe('a customer the shop added claiming the account', () => {
  const claimLink = (caller: TestUser | null, id: string) => call(caller, 'POST', `/api/customers/${id}/claim-link`);
  const claim = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/claim', payload });

  it('is sent a link that sets the password once and signs them in as a login does', async () => {
    const email = 'claimer@example.com';
    const made = await addCustomer(staff, { firstName: 'Cleo', lastName: 'Claim', phone: nextPhone(), email });
    const id = made.json().data._id;
    const loginBefore = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'whatever you like' },
    });
    expect(loginBefore.statusCode).toBe(401);
    expect(loginBefore.json().message).toBe(AUTH_MESSAGES.wrongPassword);

    const sent = await claimLink(staff, id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(FRONT_DESK_MESSAGES.claimSent);
    const [mail] = mailsTo(t.config.dataDir, email);
    const token = claimTokenIn(mail ?? '');
    expect(token).not.toBe('');
    const [row] = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
    expect(row?.purpose).toBe('claim');
    const days = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 86_400_000;
    expect(days).toBe(7);

    // A claim link is no reset link.
    const asReset = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/recover-password',
      payload: { token, newPassword: 'a new password' },
    });
    expect(asReset.statusCode).toBe(400);

    const claimed = await claim({ token, password: 'my new password' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({
      success: true,
      message: FRONT_DESK_MESSAGES.claimed,
      data: { _id: id, email, role: 'user' },
    });
    expect(typeof claimed.json().accessToken).toBe('string');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/auth-state',
      headers: { authorization: `Bearer ${claimed.json().accessToken}` },
    });
    expect(me.json().data._id).toBe(id);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'my new password' },
    });
    expect(login.statusCode).toBe(200);

    const again = await claim({ token, password: 'another password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(FRONT_DESK_MESSAGES.claimInvalid);
    const claimedAgain = await claimLink(staff, id);
    expect(claimedAgain.statusCode).toBe(409);
    expect(claimedAgain.json().message).toBe(FRONT_DESK_MESSAGES.alreadyClaimed);
  });

  it('works with the newest link only, and not once the 7 days are over', async () => {
    const email = 'twice@example.com';
    const id = (await addCustomer(staff, { firstName: 'T', lastName: 'Wice', phone: nextPhone(), email })).json().data
      ._id;
    await claimLink(staff, id);
    await claimLink(admin, id);
    const [first, second] = mailsTo(t.config.dataDir, email).map(claimTokenIn);
    expect((await claim({ token: first, password: 'password one' })).json().message).toBe(
      FRONT_DESK_MESSAGES.claimInvalid,
    );
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7 * 86_400_000 + 60_000 });
    try {
      const late = await claim({ token: second, password: 'password two' });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(FRONT_DESK_MESSAGES.claimInvalid);
    } finally {
      vi.useRealTimers();
    }
    expect((await storedUser(id))?.passwordHash).toBeNull();
  });

  it('asks a customer with no email for one, and refuses one another account has', async () => {
    const id = (await addCustomer(staff, { firstName: 'P', lastName: 'Hone', phone: nextPhone() })).json().data._id;
    const noEmail = await claimLink(staff, id);
    expect(noEmail.statusCode).toBe(409);
    expect(noEmail.json().message).toBe(FRONT_DESK_MESSAGES.claimNoEmail);
    // A link issued another way (the shop adds the email later): the claim takes the email given.
    const { token } = await issueClaimToken(id);
    const withoutEmail = await claim({ token, password: 'phone only pw' });
    expect(withoutEmail.statusCode).toBe(400);
    expect(withoutEmail.json().message).toBe(FRONT_DESK_MESSAGES.claimEmailRequired);
    const taken = await claim({ token, password: 'phone only pw', email: customer.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(AUTH_MESSAGES.emailTaken);
    const ok = await claim({ token, password: 'phone only pw', email: 'Phone.Only@Example.com' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await storedUser(id)).toMatchObject({ email: 'phone.only@example.com' });
  });

  it('refuses staff, administrators, unknown ids, bad tokens, and callers other than staff', async () => {
    const ofStaff = await claimLink(admin, staff.id);
    expect(ofStaff.statusCode).toBe(404);
    expect(ofStaff.json().message).toBe(FRONT_DESK_MESSAGES.customerUnknown);
    expect((await claimLink(staff, crypto.randomUUID())).statusCode).toBe(404);
    expect((await claimLink(null, customer.id)).statusCode).toBe(401);
    expect((await claimLink(customer, customer.id)).statusCode).toBe(403);
    const bad = await claim({ token: 'not-a-token', password: 'long enough' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(FRONT_DESK_MESSAGES.claimInvalid);
    const short = await claim({ token: 'x', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(AUTH_MESSAGES.newPasswordTooShort);
  });
});

/** A claim link's token stored straight in the database, for a customer the link cannot be mailed to. */
async function issueClaimToken(userId: string) {
  // Made as the API makes its links: a random token, of which only the SHA-256 is kept.
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  await t.database.db.insert(passwordResetTokens).values({
    userId,
    tokenHash: hash,
    purpose: 'claim',
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const [row] = await t.database.db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), eq(passwordResetTokens.tokenHash, hash)));
  return { token, row };
}
