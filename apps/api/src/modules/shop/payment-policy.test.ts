import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { DEFAULT_PAYMENT_POLICY, PAYMENT_POLICY_MESSAGES } from '@carcare/contracts/payment-policy-constants';
import { SETTINGS_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser } from '../../../test/helper';
import { policyVersions, services, settingChanges } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let staff: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  staff = await signedInUser(t.app, 'staff');
});

afterAll(async () => {
  await t.close();
});

const TERMS = {
  deposit: { kind: 'fixed', amount: 25, minimum: 0 },
  noShowFee: { kind: 'percent', amount: 50 },
  lateCancellation: { kind: 'fee', fee: { kind: 'fixed', amount: 15.5 } },
} as const;

const putSettings = (payload: Record<string, unknown>, user: TestUser = admin) =>
  t.app.inject(asUser(user, { method: 'PUT', url: '/api/settings', payload }));

const versions = () => t.database.db.select().from(policyVersions).orderBy(asc(policyVersions.version));

describe('the payment and cancellation terms', () => {
  it('start at version 1 with the default terms, told to visitors by GET /api/config', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json().data;
    expect(config).toMatchObject({ paymentPolicy: DEFAULT_PAYMENT_POLICY, policyVersion: 1 });
    expect(await versions()).toEqual([
      expect.objectContaining({ version: 1, policy: DEFAULT_PAYMENT_POLICY, cancellationCutoffHours: 24 }),
    ]);
  });

  it('take a new version with each change of the terms or the cut-off, kept with its audit row', async () => {
    const saved = await putSettings({ paymentPolicy: TERMS });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: SETTINGS_MESSAGES.updated,
      data: { paymentPolicy: TERMS, policyVersion: 2 },
    });
    const [audit] = await t.database.db
      .select()
      .from(settingChanges)
      .where(eq(settingChanges.setting, 'paymentPolicy'));
    expect(audit).toMatchObject({ before: DEFAULT_PAYMENT_POLICY, after: TERMS, changedBy: admin.id });

    expect((await putSettings({ cancellationCutoffHours: 48 })).json().data.policyVersion).toBe(3);
    // Anything else leaves the terms' version alone, and so does saving the same terms again.
    expect((await putSettings({ reminderHoursBefore: 12 })).json().data.policyVersion).toBe(3);
    expect((await putSettings({ paymentPolicy: TERMS })).json()).toMatchObject({
      message: SETTINGS_MESSAGES.unchanged,
      data: { policyVersion: 3 },
    });
    expect((await versions()).map((row) => [row.version, row.policy, row.cancellationCutoffHours])).toEqual([
      [1, DEFAULT_PAYMENT_POLICY, 24],
      [2, TERMS, 24],
      [3, TERMS, 48],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().data).toMatchObject({
      paymentPolicy: TERMS,
      policyVersion: 3,
    });
  });

  it('refuse terms that do not add up, changing nothing', async () => {
    const cases: Array<[unknown, string, string]> = [
      [
        { ...TERMS, deposit: { kind: 'percent', amount: 0, minimum: 5 } },
        'paymentPolicy.deposit.amount',
        PAYMENT_POLICY_MESSAGES.percent,
      ],
      [
        { ...TERMS, deposit: { kind: 'percent', amount: 12.5, minimum: 5 } },
        'paymentPolicy.deposit.amount',
        PAYMENT_POLICY_MESSAGES.percent,
      ],
      [
        { ...TERMS, deposit: { kind: 'fixed', amount: 0, minimum: 0 } },
        'paymentPolicy.deposit.amount',
        PAYMENT_POLICY_MESSAGES.feeAmountRequired,
      ],
      [
        { ...TERMS, noShowFee: { kind: 'fixed', amount: 10.001 } },
        'paymentPolicy.noShowFee.amount',
        PAYMENT_POLICY_MESSAGES.amount,
      ],
      [
        { ...TERMS, noShowFee: { kind: 'fixed', amount: 20_000 } },
        'paymentPolicy.noShowFee.amount',
        PAYMENT_POLICY_MESSAGES.amount,
      ],
      [
        { ...TERMS, noShowFee: { kind: 'sometimes', amount: 5 } },
        'paymentPolicy.noShowFee.kind',
        PAYMENT_POLICY_MESSAGES.feeKind,
      ],
      [
        { ...TERMS, lateCancellation: { kind: 'shrug', fee: TERMS.noShowFee } },
        'paymentPolicy.lateCancellation.kind',
        PAYMENT_POLICY_MESSAGES.lateKind,
      ],
    ];
    for (const [paymentPolicy, path, message] of cases) {
      const refused = await putSettings({ paymentPolicy });
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json().errors).toContainEqual({ path, message });
    }
    const missing = await putSettings({ paymentPolicy: { deposit: TERMS.deposit } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((error: { path: string }) => error.path)).toEqual([
      'paymentPolicy.noShowFee',
      'paymentPolicy.lateCancellation',
    ]);
    expect((await versions()).length).toBe(3);
  });

  it('are the administrator’s alone to change', async () => {
    const refused = await putSettings({ paymentPolicy: DEFAULT_PAYMENT_POLICY }, staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.forbidden });
    expect((await versions()).length).toBe(3);
  });

  it('a no fee keeps no amount, whatever was sent', async () => {
    const saved = await putSettings({
      paymentPolicy: { ...TERMS, noShowFee: { kind: 'none', amount: 40 } },
    });
    expect(saved.json().data.paymentPolicy.noShowFee).toEqual({ kind: 'none', amount: 0 });
  });
});

describe("a service's payment mode", () => {
  const service = {
    name: 'Ceramic Coating',
    description: 'A ceramic coat that lasts a season',
    duration: 240,
    price: 400,
  };

  it('is full by default, and takes deposit or card', async () => {
    const created = await t.app.inject(asUser(admin, { method: 'POST', url: '/api/services', payload: service }));
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id;
    expect(created.json().data.paymentMode).toBe('full');

    for (const paymentMode of ['deposit', 'card', 'full'] as const) {
      const updated = await t.app.inject(
        asUser(admin, { method: 'PUT', url: `/api/services/${id}`, payload: { paymentMode } }),
      );
      expect(updated.statusCode).toBe(200);
      expect(updated.json().data.paymentMode).toBe(paymentMode);
      const [stored] = await t.database.db.select().from(services).where(eq(services.id, id));
      expect(stored?.paymentMode).toBe(paymentMode);
    }
    const refused = await t.app.inject(
      asUser(admin, { method: 'PUT', url: `/api/services/${id}`, payload: { paymentMode: 'later' } }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'paymentMode', message: PAYMENT_POLICY_MESSAGES.paymentModeInvalid },
    ]);
    expect((await t.app.inject({ method: 'GET', url: `/api/services/${id}` })).json().data.paymentMode).toBe('full');
  });
});
