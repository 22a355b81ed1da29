import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { MAX_GARAGE_VEHICLES, VEHICLE_CLASS_MESSAGES, VEHICLE_MESSAGES } from '@carcare/contracts/vehicles-constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, rowCounts, signedInUser, type TestApp, type TestUser } from '../../../test/helper';
import { vehicleClasses, vehicles } from '../../db/schema';

let t: TestApp;
let customer: TestUser;
let admin: TestUser;
let sedan: string;
let suv: string;
let archivedClass: string;

beforeAll(async () => {
  t = await createTestApp();
  customer = await signedInUser(t.app);
  admin = await signedInUser(t.app, 'admin');
  const classes = await t.database.db
    .insert(vehicleClasses)
    .values([
      { name: 'Sedan', sortOrder: 1, isDefault: true },
      { name: 'SUV', sortOrder: 2 },
      { name: 'Limousine', sortOrder: 3, active: false },
    ])
    .returning({ id: vehicleClasses.id });
  [sedan, suv, archivedClass] = classes.map((row) => row.id) as [string, string, string];
});
afterAll(async () => {
  await t.close();
});

const call = (caller: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const options = { method, url, ...(payload ? { payload } : {}) };
  return t.app.inject(caller ? asUser(caller, options) : options);
};
const addVehicle = (caller: TestUser | null, payload: object) => call(caller, 'POST', '/api/vehicles', payload);
const garageOf = async (caller: TestUser) => (await call(caller, 'GET', '/api/vehicles')).json().data;
const storedVehicle = async (id: string) => (await t.database.db.select().from(vehicles).where(eq(vehicles.id, id)))[0];

const rav4 = { make: 'Toyota', model: 'RAV4' };
const added = async (caller: TestUser, payload: object) => {
  const response = await addVehicle(caller, { ...rav4, vehicleClass: suv, ...payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; plate: string | null };
};

describe('a customer adding a vehicle', () => {
  it('keeps it with its class, the plate normalised, and answers 201 with it', async () => {
    const owner = await signedInUser(t.app);
    const response = await addVehicle(owner, {
      vehicleClass: suv,
      make: ' Toyota ',
      model: 'RAV4',
      year: 2021,
      colour: 'blue',
      plate: 'ab-12 cd',
      plateRegion: 'CA',
      nickname: 'The blue one',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      message: VEHICLE_MESSAGES.created,
      data: {
        _id: expect.any(String),
        vehicleClass: { _id: suv, name: 'SUV' },
        make: 'Toyota',
        model: 'RAV4',
        year: 2021,
        colour: 'blue',
        plate: 'AB12CD',
        plateRegion: 'CA',
        nickname: 'The blue one',
        createdAt: expect.any(String),
      },
    });
    expect(await storedVehicle(body.data._id)).toMatchObject({
      customerId: owner.id,
      vehicleClassId: suv,
      plate: 'AB12CD',
      year: 2021,
      archivedAt: null,
    });
  });

  it('takes class, make and model alone, the rest empty', async () => {
    const owner = await signedInUser(t.app);
    const response = await addVehicle(owner, { vehicleClass: sedan, make: 'Honda', model: 'Civic' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ year: null, colour: '', plate: null, plateRegion: '', nickname: '' });
  });

  it('lists only the live vehicles of the caller, newest first', async () => {
    const owner = await signedInUser(t.app);
    const first = await added(owner, { model: 'First' });
    const second = await added(owner, { model: 'Second' });
    const gone = await added(owner, { model: 'Gone' });
    await call(owner, 'DELETE', `/api/vehicles/${gone._id}`);
    await added(await signedInUser(t.app), { model: 'Someone else' });
    const response = await call(owner, 'GET', '/api/vehicles');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: VEHICLE_MESSAGES.retrieved, totalDoc: 2 });
    expect(response.json().data.map((vehicle: { _id: string }) => vehicle._id)).toEqual([second._id, first._id]);
  });

  it.each([
    ['an archived class', () => archivedClass],
    ['an unknown class', () => crypto.randomUUID()],
  ])('is refused with %s: 400, nothing stored', async (_label, classOf) => {
    const before = await rowCounts(t.database);
    const response = await addVehicle(customer, { ...rav4, vehicleClass: classOf() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: VEHICLE_CLASS_MESSAGES.notOffered });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it.each([
    [{ vehicleClass: undefined }, VEHICLE_MESSAGES.classRequired, 'vehicleClass'],
    [{ vehicleClass: 'suv' }, VEHICLE_MESSAGES.classRequired, 'vehicleClass'],
    [{ make: '  ', model: 'RAV4' }, VEHICLE_MESSAGES.makeRequired, 'make'],
    [{ make: 'Toyota', model: '' }, VEHICLE_MESSAGES.modelRequired, 'model'],
    [{ year: 1899 }, VEHICLE_MESSAGES.yearInvalid, 'year'],
    [{ year: 2020.5 }, VEHICLE_MESSAGES.yearInvalid, 'year'],
    [{ plate: 'AB*12' }, VEHICLE_MESSAGES.plateInvalid, 'plate'],
    [{ plate: 'ABCDEFGHIJK' }, VEHICLE_MESSAGES.plateInvalid, 'plate'],
    [{ colour: 'c'.repeat(41) }, VEHICLE_MESSAGES.colourTooLong, 'colour'],
    [{ nickname: 'n'.repeat(41) }, VEHICLE_MESSAGES.nicknameTooLong, 'nickname'],
    [{ plateRegion: 'r'.repeat(41) }, VEHICLE_MESSAGES.regionTooLong, 'plateRegion'],
  ])('refuses %j with its message', async (fields, message, path) => {
    const payload = { ...rav4, vehicleClass: suv, ...fields };
    const response = await addVehicle(customer, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ path, message });
  });

  it('refuses a plate already on one of their live vehicles, however it is typed: 409', async () => {
    const owner = await signedInUser(t.app);
    await added(owner, { plate: 'XY 99 Z' });
    const before = await rowCounts(t.database);
    const response = await addVehicle(owner, { ...rav4, vehicleClass: sedan, plate: 'xy-99z' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, message: VEHICLE_MESSAGES.plateTaken });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it('refuses one of two adds of one plate at once', async () => {
    const owner = await signedInUser(t.app);
    const answers = await Promise.all(
      [added, added].map(() => addVehicle(owner, { ...rav4, vehicleClass: suv, plate: 'RACE1' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await garageOf(owner)).toHaveLength(1);
  });

  it("lets two customers share a plate, and an archived vehicle's plate be used again", async () => {
    const one = await signedInUser(t.app);
    const two = await signedInUser(t.app);
    const old = await added(one, { plate: 'SHARED1' });
    await added(two, { plate: 'SHARED1' });
    await call(one, 'DELETE', `/api/vehicles/${old._id}`);
    const again = await added(one, { plate: 'shared 1' });
    expect(again.plate).toBe('SHARED1');
  });

  it(`holds at most ${MAX_GARAGE_VEHICLES} live vehicles, archived ones not counted`, async () => {
    const owner = await signedInUser(t.app);
    await t.database.db.insert(vehicles).values(
      Array.from({ length: MAX_GARAGE_VEHICLES }, (_, index) => ({
        customerId: owner.id,
        vehicleClassId: sedan,
        make: 'Ford',
        model: `Model ${index}`,
      })),
    );
    const before = await rowCounts(t.database);
    const refused = await addVehicle(owner, { ...rav4, vehicleClass: suv });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, message: VEHICLE_MESSAGES.tooMany });
    expect(await rowCounts(t.database)).toEqual(before);
    const [oldest] = (await garageOf(owner)).slice(-1);
    await call(owner, 'DELETE', `/api/vehicles/${oldest._id}`);
    await added(owner, {});
  });
});

describe('a customer changing a vehicle', () => {
  it('changes only the fields sent', async () => {
    const vehicle = await added(customer, { year: 2019, colour: 'red', plate: 'EDIT1' });
    const response = await call(customer, 'PUT', `/api/vehicles/${vehicle._id}`, {
      colour: 'green',
      vehicleClass: sedan,
      plate: 'ed it 2',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: VEHICLE_MESSAGES.updated,
      data: {
        vehicleClass: { _id: sedan, name: 'Sedan' },
        colour: 'green',
        plate: 'EDIT2',
        year: 2019,
        make: 'Toyota',
      },
    });
    expect(await storedVehicle(vehicle._id)).toMatchObject({ colour: 'green', plate: 'EDIT2', vehicleClassId: sedan });
  });

  it.each([[null], ['']])('clears the year and the plate with %j', async (empty) => {
    const vehicle = await added(customer, { year: 2019, plate: `CLR${empty === null ? 'N' : 'E'}` });
    const response = await call(customer, 'PUT', `/api/vehicles/${vehicle._id}`, { year: empty, plate: empty });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ year: null, plate: null });
    expect(await storedVehicle(vehicle._id)).toMatchObject({ year: null, plate: null });
  });

  it('refuses a change to a plate of another of their live vehicles: 409', async () => {
    await added(customer, { plate: 'TAKEN9' });
    const vehicle = await added(customer, { plate: 'FREE9' });
    const response = await call(customer, 'PUT', `/api/vehicles/${vehicle._id}`, { plate: 'taken-9' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, message: VEHICLE_MESSAGES.plateTaken });
    expect((await storedVehicle(vehicle._id))?.plate).toBe('FREE9');
  });

  it('refuses a class that is not offered, and an empty change', async () => {
    const vehicle = await added(customer, {});
    const archived = await call(customer, 'PUT', `/api/vehicles/${vehicle._id}`, { vehicleClass: archivedClass });
    expect(archived.statusCode).toBe(400);
    expect(archived.json().message).toBe(VEHICLE_CLASS_MESSAGES.notOffered);
    expect((await storedVehicle(vehicle._id))?.vehicleClassId).toBe(suv);
    const empty = await call(customer, 'PUT', `/api/vehicles/${vehicle._id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(VEHICLE_MESSAGES.nothingToChange);
  });
});

describe('a customer removing a vehicle', () => {
  it('archives it: gone from the garage, kept in the database', async () => {
    const vehicle = await added(customer, { plate: 'BYE1' });
    const response = await call(customer, 'DELETE', `/api/vehicles/${vehicle._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: VEHICLE_MESSAGES.archived,
      data: { _id: vehicle._id },
    });
    expect((await storedVehicle(vehicle._id))?.archivedAt).toBeInstanceOf(Date);
    expect((await garageOf(customer)).map((row: { _id: string }) => row._id)).not.toContain(vehicle._id);
  });

  it('answers an archived vehicle as not found, to a change and a second removal', async () => {
    const vehicle = await added(customer, {});
    await call(customer, 'DELETE', `/api/vehicles/${vehicle._id}`);
    for (const [method, payload] of [
      ['PUT', { colour: 'pink' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(customer, method, `/api/vehicles/${vehicle._id}`, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, message: VEHICLE_MESSAGES.notFound });
    }
  });
});

describe('who may use a garage', () => {
  it('turns a visitor away with 401 and an administrator with 403', async () => {
    for (const [caller, status, message] of [
      [null, 401, GENERIC_ERROR_MESSAGES.unauthorized],
      [admin, 403, GENERIC_ERROR_MESSAGES.forbidden],
    ] as const) {
      for (const [method, url] of [
        ['GET', '/api/vehicles'],
        ['POST', '/api/vehicles'],
      ] as const) {
        const response = await call(
          caller,
          method,
          url,
          method === 'POST' ? { ...rav4, vehicleClass: suv } : undefined,
        );
        expect(response.statusCode).toBe(status);
        expect(response.json().message).toBe(message);
      }
    }
  });

  it("answers another customer's vehicle as not found, and leaves it as it was", async () => {
    const theirs = await added(await signedInUser(t.app), { plate: 'PRIV1' });
    const change = await call(customer, 'PUT', `/api/vehicles/${theirs._id}`, { colour: 'black' });
    expect(change.statusCode).toBe(404);
    expect(change.json().message).toBe(VEHICLE_MESSAGES.notFound);
    const removal = await call(customer, 'DELETE', `/api/vehicles/${theirs._id}`);
    expect(removal.statusCode).toBe(404);
    expect(removal.json().message).toBe(VEHICLE_MESSAGES.notFound);
    expect(await storedVehicle(theirs._id)).toMatchObject({ colour: '', archivedAt: null });
  });
});
