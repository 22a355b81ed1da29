import type { PaymentPolicy, ServicePaymentMode } from '@carcare/contracts/payment-policy-constants';
import { depositCents, policySentences } from '@carcare/contracts/payment-policy-constants';
import { formatPrice } from './format-price';
import { useShopConfig } from './shop-config';

/** Cents written in the shop's currency as every price is ('$25', '€49.50'). */
export const moneyIn =
  (currency: string) =>
  (cents: number): string =>
    formatPrice(cents / 100, currency);

/** Dollars (as the API gives prices) in cents, without float drift. */
export const toCents = (dollars: number) => Math.round(dollars * 100);

/** The short line under a deposit service's price: what is paid online and that the rest is paid at the shop. */
export const depositLine = (policy: PaymentPolicy, totalDollars: number, currency: string) =>
  `Deposit ${moneyIn(currency)(depositCents(policy.deposit, toCents(totalDollars)))} online, the rest at the shop`;

/**
 * The shop's terms as `GET /api/config` tells them to visitors: the policy, its version (which a booking names
 * when its customer accepts it), and the sentences a customer reads for a booking. Undefined until it arrives.
 */
export const useShopTerms = () => {
  const data = useShopConfig();
  if (!data) return undefined;
  const { paymentPolicy: policy, policyVersion: version, cancellationCutoffHours: cutoffHours, currency } = data;
  return {
    policy,
    version,
    currency,
    sentences: (mode: ServicePaymentMode, totalDollars: number) =>
      policySentences(policy, { mode, priceCents: toCents(totalDollars), cutoffHours }, moneyIn(currency)),
    depositLine: (totalDollars: number) => depositLine(policy, totalDollars, currency),
  };
};
