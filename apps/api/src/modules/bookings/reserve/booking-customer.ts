import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../../db/client';
import { type UserRow, users } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';

const customerId = z.uuid();

/**
 * The customer a booking the shop makes is for, named by the body's `customer`: required (400), someone
 * (404), and a customer rather than staff or an administrator (409).
 */
export async function customerToBookFor(db: Executor, named: string | null | undefined): Promise<UserRow> {
  const id = customerId.safeParse(named);
  if (!id.success) throw new AppError(400, FRONT_DESK_MESSAGES.customerRequired);
  const [customer] = await db.select().from(users).where(eq(users.id, id.data)).limit(1);
  if (!customer) throw new AppError(404, FRONT_DESK_MESSAGES.customerUnknown);
  if (customer.role !== 'user') throw new AppError(409, FRONT_DESK_MESSAGES.customerNotACustomer);
  return customer;
}
