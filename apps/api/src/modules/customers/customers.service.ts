import type { CreateCustomerInput, Customer } from '@carcare/contracts/front-desk';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { normalisePlate } from '@carcare/contracts/vehicles-constants';
import { and, asc, eq, ilike, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database, Executor } from '../../db/client';
import { violates } from '../../db/errors';
import { savedCards, type UserRow, users, vehicleClasses, vehicles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/search';

/** The most customers one search answers: the front desk narrows a search rather than scrolls. */
export const MAX_CUSTOMERS_FOUND = 20;

/** Only phone characters, with at least this many digits: also matched against the phone's digits alone. */
const PHONE_LIKE = /^[\d\s()+.-]+$/;
const PHONE_MIN_DIGITS = 3;

/** The customers' live vehicles, each with its class, oldest first. */
async function liveVehiclesOf(db: Executor, customerIds: string[]) {
  if (customerIds.length === 0) return new Map<string, Customer['vehicles']>();
  const rows = await db
    .select({
      customerId: vehicles.customerId,
      id: vehicles.id,
      make: vehicles.make,
      model: vehicles.model,
      plate: vehicles.plate,
      classId: vehicleClasses.id,
      className: vehicleClasses.name,
    })
    .from(vehicles)
    .innerJoin(vehicleClasses, eq(vehicleClasses.id, vehicles.vehicleClassId))
    .where(and(inArray(vehicles.customerId, customerIds), isNull(vehicles.archivedAt)))
    .orderBy(asc(vehicles.createdAt), asc(vehicles.id));
  const byCustomer = new Map<string, Customer['vehicles']>();
  for (const row of rows) {
    const list = byCustomer.get(row.customerId) ?? [];
    list.push({
      _id: row.id,
      make: row.make,
      model: row.model,
      plate: row.plate,
      vehicleClass: { _id: row.classId, name: row.className },
    });
    byCustomer.set(row.customerId, list);
  }
  return byCustomer;
}

function toCustomerDto(user: UserRow, cars: Customer['vehicles'], cardOnFile = false): Customer {
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email ?? '',
    phone: user.phone,
    claimed: user.passwordHash !== null,
    cardOnFile,
    vehicles: cars,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * Customers (never staff or administrators) whose name, email or phone (also its digits alone) contains the
 * term, literally and whatever its case, or one of whose live vehicles' plate contains it as plates are
 * stored (normalised: "ab-12" finds AB12CD). At most MAX_CUSTOMERS_FOUND, best first: an exact email, phone
 * or plate, then a name that starts with the term, then the rest, each by name.
 */
export async function searchCustomers(db: Executor, term: string, provider: string): Promise<Customer[]> {
  const pattern = containsPattern(term);
  const name = sql`${users.firstName} || ' ' || ${users.lastName}`;
  const matches: SQL[] = [sql`${name} ilike ${pattern}`, ilike(users.email, pattern), ilike(users.phone, pattern)];
  const digits = term.replace(/\D/g, '');
  const phoneLike = PHONE_LIKE.test(term) && digits.length >= PHONE_MIN_DIGITS;
  if (phoneLike) {
    matches.push(sql`regexp_replace(${users.phone}, '[^0-9]', '', 'g') like ${containsPattern(digits)}`);
  }
  const plate = normalisePlate(term);
  const liveVehicle = (condition: SQL) =>
    sql`exists (select 1 from ${vehicles} where ${vehicles.customerId} = ${users.id}
      and ${vehicles.archivedAt} is null and ${condition})`;
  if (plate !== undefined) matches.push(liveVehicle(like(vehicles.plate, containsPattern(plate)) as SQL));
  const exact: SQL[] = [sql`${users.email} = ${term.toLowerCase()}`, sql`${users.phone} = ${term}`];
  if (phoneLike) exact.push(sql`regexp_replace(${users.phone}, '[^0-9]', '', 'g') = ${digits}`);
  if (plate !== undefined) exact.push(liveVehicle(sql`${vehicles.plate} = ${plate}`));
  const rank = sql`case when ${or(...exact)} then 0 when ${name} ilike ${`${term.replace(/[\\%_]/g, '\\$&')}%`} then 1 else 2 end`;
  // Whether the customer keeps a live card with the shop's payment provider, which the shop may charge.
  // (The user's id written whole: in a one-table select, drizzle leaves a column's table out.)
  const cardOnFile = sql<boolean>`exists (select 1 from ${savedCards} as card where card.customer_id = "users"."id"
    and card.provider = ${provider} and card.removed_at is null)`;
  const found = await db
    .select({ user: users, cardOnFile })
    .from(users)
    .where(and(eq(users.role, 'user'), or(...matches)))
    .orderBy(rank, asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(MAX_CUSTOMERS_FOUND);
  const cars = await liveVehiclesOf(
    db,
    found.map(({ user }) => user.id),
  );
  return found.map(({ user, cardOnFile: hasCard }) => toCustomerDto(user, cars.get(user.id) ?? [], hasCard));
}

/**
 * Adds a customer with a name and a phone (an email if they gave one) and no password: they claim the
 * account later through a link. Refused (409) when a customer already has the phone, or anyone the email;
 * the check and the insert run under one lock, so two desks adding one phone at once cannot both succeed.
 */
export async function createCustomer(db: Database, input: CreateCustomerInput): Promise<Customer> {
  try {
    const user = await db.transaction(async (tx) => {
      await lockUntilCommit(tx, 'customerContacts', 'phones');
      const [samePhone] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'user'), eq(users.phone, input.phone)))
        .limit(1);
      if (samePhone) throw new AppError(409, FRONT_DESK_MESSAGES.phoneTaken);
      const [created] = await tx
        .insert(users)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          email: input.email ?? null,
          passwordHash: null,
          role: 'user',
        })
        .returning();
      if (!created) throw new Error('the customer was not stored');
      return created;
    });
    return toCustomerDto(user, []);
  } catch (error) {
    if (violates(error, 'users_email_key')) throw new AppError(409, FRONT_DESK_MESSAGES.emailTaken);
    throw error;
  }
}
