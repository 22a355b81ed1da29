import type { ServicePricesInput } from '@carcare/contracts/services';
import { SERVICE_MESSAGES } from '@carcare/contracts/services-constants';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ServiceRow, serviceClassPrices, services } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { lockLiveClasses } from './live-rows';

const toCents = (dollars: number) => Math.round(dollars * 100);

/**
 * Gives a live service exactly these classes' own prices and durations; a class left out takes the service's
 * price and duration. The service row is written (its change time) and so locked first: a booking pricing the
 * service meanwhile, which holds it shared, sees the grid before or after, never half of it.
 */
export async function setServicePrices(
  db: Database,
  serviceId: string,
  input: ServicePricesInput,
): Promise<ServiceRow> {
  return db.transaction(async (tx) => {
    const [service] = await tx
      .update(services)
      .set({ updatedAt: new Date() })
      .where(and(eq(services.id, serviceId), eq(services.isDeleted, false)))
      .returning();
    if (!service) throw new AppError(404, SERVICE_MESSAGES.notFound);
    const classIds = input.prices.map((price) => price.vehicleClass);
    if (!(await lockLiveClasses(tx, classIds))) throw new AppError(400, SERVICE_MESSAGES.pricesClassUnknown);
    await tx.delete(serviceClassPrices).where(eq(serviceClassPrices.serviceId, serviceId));
    if (input.prices.length > 0) {
      await tx.insert(serviceClassPrices).values(
        input.prices.map((price) => ({
          serviceId,
          vehicleClassId: price.vehicleClass,
          priceCents: toCents(price.price),
          durationMinutes: price.duration,
        })),
      );
    }
    return service;
  });
}
