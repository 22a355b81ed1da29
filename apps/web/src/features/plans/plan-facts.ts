import type { Plan } from '@carcare/contracts/plans';
import { PLAN_WORDS } from '@carcare/contracts/plans-constants';
import { formatPrice } from '@/lib/format-price';

/** What a plan costs, as it is paid: "$39 a month", "$399 a year", "$200 once". */
export const planPrice = (plan: Pick<Plan, 'price' | 'interval'>, currency: string) =>
  PLAN_WORDS.price(formatPrice(plan.price, currency), plan.interval);

/** Its washes, its washes a day and its vehicles, one line each: "Unlimited washes", "1 wash a day", "For 1 vehicle". */
export const planAllowance = (plan: Plan) => [
  PLAN_WORDS.washes(plan),
  PLAN_WORDS.perDay(plan.washesPerDay),
  PLAN_WORDS.vehicles(plan.vehicles),
];

/** Names of what it covers, in the order the API gives them. */
export const namesOf = (covered: Plan['services']) => covered.map((each) => each.name).join(', ');
