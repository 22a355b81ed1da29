import { PLAN_LIMITS, PLAN_MESSAGES } from '@carcare/contracts/plans-constants';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '../../src/db/schema';
import { asUser, createTestApp, serviceWithSlots, signedInUser, type TestApp, type TestUser } from '../helper';

let t: TestApp;
let admin: TestUser;
let wash: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  wash = (await serviceWithSlots(t.app, { name: 'Contended Wash' })).service.id;
});
afterAll(async () => {
  await t.close();
});

const makePlan = (name: string) =>
  t.app.inject(
    asUser(admin, {
      method: 'POST',
      url: '/api/plans',
      payload: { kind: 'membership', name, price: 30, interval: 'month', services: [wash] },
    }),
  );

/** Statuses and messages of the answers, sorted, for comparing outcomes whatever order they came in. */
const outcomes = (answers: Array<{ statusCode: number; json: () => { message: string } }>) =>
  answers.map((answer) => `${answer.statusCode} ${answer.json().message}`).sort();

const kept = async () => (await t.database.db.select({ value: count() }).from(plans))[0]?.value;

describe('the plans on PostgreSQL', () => {
  it('keeps one plan of a name when two are made at once, whatever their case', async () => {
    expect(t.database.kind).toBe('postgres');
    const answers = await Promise.all([makePlan('Rush Club'), makePlan('RUSH CLUB'), makePlan('rush club')]);
    expect(outcomes(answers)).toEqual([
      `201 ${PLAN_MESSAGES.created}`,
      `409 ${PLAN_MESSAGES.nameTaken}`,
      `409 ${PLAN_MESSAGES.nameTaken}`,
    ]);
  });

  it('lets one of many plans made at once take the last place, and refuses the others', async () => {
    const before = (await kept()) ?? 0;
    await t.database.db.insert(plans).values(
      Array.from({ length: PLAN_LIMITS.plans - before - 1 }, (_, n) => ({
        kind: 'pack' as const,
        name: `Filler ${n}`,
        priceCents: 1000,
        washes: 5,
        validDays: 30,
      })),
    );
    const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => makePlan(`Last Place ${n}`)));
    expect(outcomes(answers)).toEqual([
      `201 ${PLAN_MESSAGES.created}`,
      ...Array.from({ length: 5 }, () => `409 ${PLAN_MESSAGES.tooMany}`),
    ]);
    expect(await kept()).toBe(PLAN_LIMITS.plans);
  });
});
