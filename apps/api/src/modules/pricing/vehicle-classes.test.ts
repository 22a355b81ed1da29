import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { MAX_VEHICLE_CLASSES, VEHICLE_CLASS_MESSAGES } from '@carcare/contracts/vehicles-constants';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  rowCounts,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../test/helper';
import { serviceClassPrices, vehicleClasses, vehicles } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  customer = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});

type ClassJson = {
  _id: string;
  name: string;
  description: string;
  sortOrder: number;
  isDefault: boolean;
  active: boolean;
};

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  caller: TestUser | null = admin,
) => {
  const options = { method, url, ...(payload === undefined ? {} : { payload }) };
  return t.app.inject(caller ? asUser(caller, options) : options);
};
const addClass = (payload: object, caller: TestUser | null = admin) =>
  call('POST', '/api/vehicle-classes', payload, caller);
const changeClass = (id: string, payload: object, caller: TestUser | null = admin) =>
  call('PUT', `/api/vehicle-classes/${id}`, payload, caller);
const archiveClass = (id: string, caller: TestUser | null = admin) =>
  call('DELETE', `/api/vehicle-classes/${id}`, undefined, caller);
const offered = async (): Promise<ClassJson[]> =>
  (await call('GET', '/api/vehicle-classes', undefined, null)).json().data;
const everyClass = async (): Promise<ClassJson[]> => (await call('GET', '/api/vehicle-classes/all')).json().data;
const liveNames = async () => (await offered()).map((vehicleClass) => vehicleClass.name);
const storedDefaults = async () =>
  (await t.database.db.select().from(vehicleClasses).where(eq(vehicleClasses.isDefault, true))).map((row) => row.name);
const idOf = async (name: string) => (await everyClass()).find((vehicleClass) => vehicleClass.name === name)?._id ?? '';

/** Archives every live class but the default, so that each test starts from a known shop. */
async function onlyDefaultLeft() {
  for (const vehicleClass of await offered()) {
    if (!vehicleClass.isDefault) expect((await archiveClass(vehicleClass._id)).statusCode).toBe(200);
  }
}

describe('a fresh install', () => {
  it('offers no vehicle class: every service is priced as one', async () => {
    const response = await call('GET', '/api/vehicle-classes', undefined, null);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: VEHICLE_CLASS_MESSAGES.retrieved,
      data: [],
      totalDoc: 0,
    });
  });
});

describe('who may call the vehicle class routes', () => {
  it('lets anyone read the classes offered, and only administrators read all or write, storing nothing else', async () => {
    expect((await addClass({ name: 'Guarded' })).statusCode).toBe(201);
    const id = await idOf('Guarded');
    const before = await rowCounts(t.database);
    expect((await call('GET', '/api/vehicle-classes', undefined, customer)).statusCode).toBe(200);
    expect((await call('GET', '/api/vehicle-classes/all', undefined, null)).statusCode).toBe(401);
    const forbidden = await call('GET', '/api/vehicle-classes/all', undefined, customer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(GENERIC_ERROR_MESSAGES.forbidden);
    expect((await addClass({ name: 'Sneaky' }, null)).statusCode).toBe(401);
    expect((await addClass({ name: 'Sneaky' }, customer)).statusCode).toBe(403);
    expect((await changeClass(id, { name: 'Sneaky' }, null)).statusCode).toBe(401);
    expect((await changeClass(id, { name: 'Sneaky' }, customer)).statusCode).toBe(403);
    expect((await archiveClass(id, null)).statusCode).toBe(401);
    expect((await archiveClass(id, customer)).statusCode).toBe(403);
    expect(await rowCounts(t.database)).toEqual(before);
    expect(await liveNames()).toEqual(['Guarded']);
  });
});

describe('POST /api/vehicle-classes', () => {
  beforeAll(onlyDefaultLeft);

  it('adds classes at the end of the order; the first class ever made is the default', async () => {
    const [first] = await offered();
    expect(first).toMatchObject({ name: 'Guarded', isDefault: true, sortOrder: 1 });
    const response = await addClass({ name: '  Sedan ', description: ' Four doors ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: VEHICLE_CLASS_MESSAGES.created,
      data: {
        _id: expect.any(String),
        name: 'Sedan',
        description: 'Four doors',
        sortOrder: 2,
        isDefault: false,
        active: true,
      },
    });
    const [stored] = await t.database.db
      .select()
      .from(vehicleClasses)
      .where(eq(vehicleClasses.id, response.json().data._id));
    expect(stored).toMatchObject({ name: 'Sedan', description: 'Four doors', sortOrder: 2, isDefault: false });
  });

  it('makes a new class the default when asked, and the old default no longer is, in one write', async () => {
    const response = await addClass({ name: 'SUV', isDefault: true });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ name: 'SUV', isDefault: true, sortOrder: 3 });
    expect(await storedDefaults()).toEqual(['SUV']);
    expect((await offered()).map(({ name, isDefault }) => [name, isDefault])).toEqual([
      ['Guarded', false],
      ['Sedan', false],
      ['SUV', true],
    ]);
  });

  it('refuses a name a live class has, whatever its case, with 409 and stores nothing', async () => {
    const before = await rowCounts(t.database);
    const response = await addClass({ name: 'sUv', isDefault: true });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: VEHICLE_CLASS_MESSAGES.nameTaken });
    expect(await rowCounts(t.database)).toEqual(before);
    // The default did not move either: the refused class's write was undone whole.
    expect(await storedDefaults()).toEqual(['SUV']);
  });

  it.each([
    [{}, 'name', VEHICLE_CLASS_MESSAGES.nameRequired],
    [{ name: '   ' }, 'name', VEHICLE_CLASS_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(61) }, 'name', VEHICLE_CLASS_MESSAGES.nameTooLong],
    [{ name: 'Van', description: 'd'.repeat(501) }, 'description', VEHICLE_CLASS_MESSAGES.descriptionTooLong],
    [{ name: 'Van', isDefault: 'yes' }, 'isDefault', VEHICLE_CLASS_MESSAGES.defaultInvalid],
  ])('refuses %j with 400 naming the field', async (payload, path, message) => {
    const before = await rowCounts(t.database);
    const response = await addClass(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, errors: [{ path, message }] });
    expect(await rowCounts(t.database)).toEqual(before);
  });
});

describe('PUT /api/vehicle-classes/:id', () => {
  it('renames and describes a class', async () => {
    const id = await idOf('Sedan');
    const response = await changeClass(id, { name: 'Saloon', description: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: VEHICLE_CLASS_MESSAGES.updated,
      data: { _id: id, name: 'Saloon', description: '', sortOrder: 2, isDefault: false, active: true },
    });
    // Its own name in another case is no clash.
    expect((await changeClass(id, { name: 'Sedan' })).statusCode).toBe(200);
  });

  it('moves the default to the class made default; unsetting the default is refused', async () => {
    const sedan = await idOf('Sedan');
    const suv = await idOf('SUV');
    const moved = await changeClass(sedan, { isDefault: true });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.isDefault).toBe(true);
    expect(await storedDefaults()).toEqual(['Sedan']);

    const refused = await changeClass(sedan, { isDefault: false, name: 'Not Sedan' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: VEHICLE_CLASS_MESSAGES.defaultCannotBeUnset });
    expect(await storedDefaults()).toEqual(['Sedan']);
    expect(await liveNames()).toContain('Sedan');

    // A class that is not the default is not the default already: nothing to refuse.
    const unchanged = await changeClass(suv, { isDefault: false });
    expect(unchanged.statusCode).toBe(200);
    expect(await storedDefaults()).toEqual(['Sedan']);
  });

  it('moves a class to a position and numbers the classes 1, 2, 3… again; past the end means last', async () => {
    expect(await liveNames()).toEqual(['Guarded', 'Sedan', 'SUV']);
    const suv = await idOf('SUV');
    expect((await changeClass(suv, { sortOrder: 1 })).json().data.sortOrder).toBe(1);
    expect((await offered()).map(({ name, sortOrder }) => [name, sortOrder])).toEqual([
      ['SUV', 1],
      ['Guarded', 2],
      ['Sedan', 3],
    ]);
    await changeClass(await idOf('Guarded'), { sortOrder: 99 });
    expect((await offered()).map(({ name, sortOrder }) => [name, sortOrder])).toEqual([
      ['SUV', 1],
      ['Sedan', 2],
      ['Guarded', 3],
    ]);
  });

  it('refuses a name another live class has with 409', async () => {
    const response = await changeClass(await idOf('Guarded'), { name: 'SEDAN' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: VEHICLE_CLASS_MESSAGES.nameTaken });
    expect(await liveNames()).toContain('Guarded');
  });

  it.each([
    [{}, 'body', VEHICLE_CLASS_MESSAGES.nothingToChange],
    [{ sortOrder: 0 }, 'sortOrder', VEHICLE_CLASS_MESSAGES.sortOrderInvalid],
    [{ sortOrder: 1.5 }, 'sortOrder', VEHICLE_CLASS_MESSAGES.sortOrderInvalid],
    [{ name: '' }, 'name', VEHICLE_CLASS_MESSAGES.nameRequired],
    [{ isDefault: 1 }, 'isDefault', VEHICLE_CLASS_MESSAGES.defaultInvalid],
  ])('refuses %j with 400', async (payload, path, message) => {
    const response = await changeClass(await idOf('Guarded'), payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, errors: [{ path, message }] });
  });

  it('answers 404 for an unknown class and 400 for an id that is not one', async () => {
    const unknown = await changeClass(crypto.randomUUID(), { name: 'Ghost' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: VEHICLE_CLASS_MESSAGES.notFound });
    expect((await changeClass('not-an-id', { name: 'Ghost' })).statusCode).toBe(400);
  });
});

describe('DELETE /api/vehicle-classes/:id', () => {
  it('refuses to archive the default', async () => {
    const response = await archiveClass(await idOf('Sedan'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: VEHICLE_CLASS_MESSAGES.defaultCannotBeArchived });
    expect(await liveNames()).toContain('Sedan');
  });

  it('refuses while customers’ live vehicles are of the class, counting them; archived vehicles do not count', async () => {
    const suv = await idOf('SUV');
    const vehicle = (make: string, archivedAt: Date | null = null) => ({
      customerId: customer.id,
      vehicleClassId: suv,
      make,
      model: 'Model',
      archivedAt,
    });
    await t.database.db.insert(vehicles).values([vehicle('Jeep'), vehicle('Kia'), vehicle('Ford', new Date())]);
    const refused = await archiveClass(suv);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: VEHICLE_CLASS_MESSAGES.inUseByVehicles(2) });
    await t.database.db.update(vehicles).set({ archivedAt: new Date() }).where(eq(vehicles.make, 'Jeep'));
    expect((await archiveClass(suv)).json().message).toBe(VEHICLE_CLASS_MESSAGES.inUseByVehicles(1));
    await t.database.db.update(vehicles).set({ archivedAt: new Date() }).where(eq(vehicles.make, 'Kia'));
    expect(await liveNames()).toContain('SUV');
  });

  it('archives a class: it leaves the classes offered, the others are numbered again, its price rows stay', async () => {
    const suv = await idOf('SUV');
    const { service } = await serviceWithSlots(t.app, { name: 'Archived Class Wash' });
    await t.database.db
      .insert(serviceClassPrices)
      .values({ serviceId: service.id, vehicleClassId: suv, priceCents: 9000, durationMinutes: 90 });
    const response = await archiveClass(suv);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: VEHICLE_CLASS_MESSAGES.archived,
      data: { _id: suv, name: 'SUV', description: '', sortOrder: 1, isDefault: false, active: false },
    });
    expect((await offered()).map(({ name, sortOrder }) => [name, sortOrder])).toEqual([
      ['Sedan', 1],
      ['Guarded', 2],
    ]);
    // The administrator still sees it, after the classes offered.
    expect((await everyClass()).map(({ name, active }) => [name, active])).toEqual([
      ['Sedan', true],
      ['Guarded', true],
      ['SUV', false],
    ]);
    expect(
      await t.database.db.select().from(serviceClassPrices).where(eq(serviceClassPrices.vehicleClassId, suv)),
    ).toHaveLength(1);
  });

  it('answers 404 for an archived or unknown class, and frees an archived name', async () => {
    const suv = await idOf('SUV');
    const again = await archiveClass(suv);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, message: VEHICLE_CLASS_MESSAGES.notFound });
    expect((await changeClass(suv, { name: 'Revived' })).statusCode).toBe(404);
    expect((await archiveClass(crypto.randomUUID())).statusCode).toBe(404);
    const reused = await addClass({ name: 'suv' });
    expect(reused.statusCode).toBe(201);
    expect(reused.json().data).toMatchObject({ name: 'suv', sortOrder: 3, isDefault: false });
  });
});

describe('the number of classes', () => {
  it(`is at most ${MAX_VEHICLE_CLASSES} live ones; an archived class frees its place`, async () => {
    const live = (await offered()).length;
    for (let index = live; index < MAX_VEHICLE_CLASSES; index++) {
      expect((await addClass({ name: `Class ${index}` })).statusCode).toBe(201);
    }
    const before = await rowCounts(t.database);
    const refused = await addClass({ name: 'One Too Many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: VEHICLE_CLASS_MESSAGES.tooMany });
    expect(await rowCounts(t.database)).toEqual(before);
    expect((await archiveClass(await idOf(`Class ${live}`))).statusCode).toBe(200);
    expect((await addClass({ name: 'One Too Many' })).statusCode).toBe(201);
    const stored = await t.database.db
      .select({ sortOrder: vehicleClasses.sortOrder })
      .from(vehicleClasses)
      .where(eq(vehicleClasses.active, true))
      .orderBy(asc(vehicleClasses.sortOrder));
    expect(stored.map((row) => row.sortOrder)).toEqual(Array.from({ length: MAX_VEHICLE_CLASSES }, (_, at) => at + 1));
  });
});

describe('administrators adding classes at once', () => {
  it(`never pass ${MAX_VEHICLE_CLASSES} live classes, one default, numbered 1, 2, 3… without a gap or a twin`, async () => {
    await onlyDefaultLeft();
    // Twenty at once, each asking to be the default: the writes queue on one lock, on any instance.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => addClass({ name: `Rush Class ${index}`, isDefault: true })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_VEHICLE_CLASSES - 1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20 - (MAX_VEHICLE_CLASSES - 1));
    const live = await t.database.db
      .select({ sortOrder: vehicleClasses.sortOrder, isDefault: vehicleClasses.isDefault })
      .from(vehicleClasses)
      .where(eq(vehicleClasses.active, true))
      .orderBy(asc(vehicleClasses.sortOrder));
    expect(live.map((row) => row.sortOrder)).toEqual(Array.from({ length: MAX_VEHICLE_CLASSES }, (_, at) => at + 1));
    expect(live.filter((row) => row.isDefault)).toHaveLength(1);
  });
});
