import type { Executor } from '../db/client';
import { planServices, plans, type ServiceRow } from '../db/schema';

type DemoPlan = Omit<typeof plans.$inferInsert, 'priceCents'> & {
  price: number;
  /** The services it covers, by name. */
  services: string[];
};

/**
 * The demo shop's wash club: a single car's unlimited express washes, a family's washes shared by two cars,
 * and a pack of ten washes for the price of eight (the express wash costs $25).
 */
export const DEMO_PLANS: DemoPlan[] = [
  {
    kind: 'membership',
    name: 'Wash Club',
    description: 'Unlimited Express Exterior Washes for one car, one a day. Cancel any time.',
    price: 39,
    interval: 'month',
    washes: null,
    washesPerDay: 1,
    vehicles: 1,
    services: ['Express Exterior Wash'],
  },
  {
    kind: 'membership',
    name: 'Family Club',
    description: 'Eight washes a month shared by two cars: the Express Exterior Wash or the Wash & Vacuum Combo.',
    price: 99,
    interval: 'month',
    washes: 8,
    washesPerDay: 1,
    vehicles: 2,
    services: ['Express Exterior Wash', 'Wash & Vacuum Combo'],
  },
  {
    kind: 'pack',
    name: '10-Wash Pack',
    description: 'Ten Express Exterior Washes for the price of eight, to use within a year.',
    price: 200,
    washes: 10,
    washesPerDay: 1,
    vehicles: 1,
    validDays: 365,
    services: ['Express Exterior Wash'],
  },
];

/** The demo's plans, each covering the demo's own services. */
export async function seedDemoPlans(tx: Executor, catalogue: readonly ServiceRow[]): Promise<void> {
  const serviceIdOf = (name: string) => {
    const service = catalogue.find((candidate) => candidate.name === name);
    if (!service) throw new Error(`demo service ${name} is not in the catalogue`);
    return service.id;
  };
  const stored = await tx
    .insert(plans)
    .values(DEMO_PLANS.map(({ price, services: _services, ...plan }) => ({ ...plan, priceCents: price * 100 })))
    .returning({ id: plans.id });
  const covered = DEMO_PLANS.flatMap((plan, index) => {
    const planId = stored[index]?.id;
    if (!planId) throw new Error(`demo plan ${plan.name} was not stored`);
    return plan.services.map((name) => ({ planId, serviceId: serviceIdOf(name) }));
  });
  await tx.insert(planServices).values(covered);
}
