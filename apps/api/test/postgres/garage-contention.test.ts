import { MAX_GARAGE_VEHICLES, VEHICLE_MESSAGES } from '@carcare/contracts/vehicles-constants';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicleClasses, vehicles } from '../../src/db/schema';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser } from '../helper';

let t: TestApp;
let suv: string;

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.db
    .insert(vehicleClasses)
    .values({ name: 'SUV', sortOrder: 1, isDefault: true })
    .returning();
  suv = row?.id ?? '';
});
afterAll(async () => {
  await t.close();
});

const add = (customer: TestUser, plate: string) =>
  t.app.inject(
    asUser(customer, {
      method: 'POST',
      url: '/api/vehicles',
      payload: { vehicleClass: suv, make: 'Toyota', model: 'RAV4', plate },
    }),
  );

const liveCount = async (customer: TestUser) =>
  (
    await t.database.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.customerId, customer.id), isNull(vehicles.archivedAt)))
  ).length;

/** Statuses and messages of the answers, sorted, for comparing outcomes whatever order they came in. */
const outcomes = (answers: Array<{ statusCode: number; json: () => { message: string } }>) =>
  answers.map((answer) => `${answer.statusCode} ${answer.json().message}`).sort();

describe("a customer's garage on PostgreSQL", () => {
  it('lets one of many adds at once take the last place, and refuses the others', async () => {
    expect(t.database.kind).toBe('postgres');
    const customer = await signedInUser(t.app);
    await t.database.db.insert(vehicles).values(
      Array.from({ length: MAX_GARAGE_VEHICLES - 1 }, (_, n) => ({
        customerId: customer.id,
        vehicleClassId: suv,
        make: 'Ford',
        model: `Model ${n}`,
      })),
    );
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => add(customer, `LAST${n}`)));
    expect(outcomes(answers)).toEqual([
      `201 ${VEHICLE_MESSAGES.created}`,
      ...Array.from({ length: 7 }, () => `409 ${VEHICLE_MESSAGES.tooMany}`),
    ]);
    expect(await liveCount(customer)).toBe(MAX_GARAGE_VEHICLES);
  });

  it('keeps one plate on one live vehicle when adds and an edit race for it', async () => {
    const customer = await signedInUser(t.app);
    const first = await add(customer, 'OTHER1');
    const editing = () =>
      t.app.inject(
        asUser(customer, {
          method: 'PUT',
          url: `/api/vehicles/${first.json().data._id}`,
          payload: { plate: 'rac-e 1' },
        }),
      );
    const answers = await Promise.all([add(customer, 'RACE1'), editing(), add(customer, 'race 1')]);
    const won = answers.filter((answer) => answer.statusCode < 300);
    expect(won).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().message)).toEqual([
      VEHICLE_MESSAGES.plateTaken,
      VEHICLE_MESSAGES.plateTaken,
    ]);
    const plates = await t.database.db
      .select({ plate: vehicles.plate })
      .from(vehicles)
      .where(and(eq(vehicles.customerId, customer.id), eq(vehicles.plate, 'RACE1')));
    expect(plates).toHaveLength(1);
  });
});
