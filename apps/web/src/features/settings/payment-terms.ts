import {
  canonicalPolicy,
  type PaymentPolicy,
  type ServicePaymentMode,
} from '@carcare/contracts/payment-policy-constants';

type Rule = { kind: string; amount: number };

/** What the terms form holds; its amounts may be NaN (emptied) until the schema checks them. */
export type TermsValues = { paymentPolicy: PaymentPolicy };

/** How the Settings screen names each choice. */
export const DEPOSIT_KIND_LABELS = { percent: 'A percentage of the price', fixed: 'A fixed amount' } as const;
export const FEE_KIND_LABELS = {
  none: 'No fee',
  fixed: 'A fixed amount',
  percent: 'A percentage of the price',
} as const;
/** A late cancellation that is charged a fee is charged a fixed amount or a percentage, never "no fee". */
export const CHARGED_FEE_KINDS = ['fixed', 'percent'] as const;
export const LATE_KIND_LABELS = {
  refuse: 'Refused: the customer contacts the shop',
  fee: 'Allowed with a fee',
  keepDeposit: 'Allowed, the deposit is kept',
} as const;

/** The three ways a service is paid, as the preview names them for a $100 booking. */
export const PREVIEW_MODES: readonly { mode: ServicePaymentMode; title: string }[] = [
  { mode: 'full', title: 'Paid in full online' },
  { mode: 'deposit', title: 'A deposit online' },
  { mode: 'card', title: 'Nothing now, card saved' },
];

/** The price of the booking the preview reads the terms for, in cents. */
export const PREVIEW_PRICE_CENTS = 10_000;

/**
 * The terms as the form sends them: no amount on no fee, and no late-cancellation fee unless late cancellations
 * are charged one, so that hidden fields never change the saved terms.
 */
export const tidyPolicy = (policy: PaymentPolicy): PaymentPolicy =>
  canonicalPolicy({
    deposit: policy.deposit,
    noShowFee: policy.noShowFee.kind === 'none' ? { kind: 'none', amount: 0 } : policy.noShowFee,
    lateCancellation:
      policy.lateCancellation.kind === 'fee'
        ? policy.lateCancellation
        : { kind: policy.lateCancellation.kind, fee: { kind: 'none', amount: 0 } },
  });

export const samePolicy = (a: PaymentPolicy, b: PaymentPolicy) =>
  JSON.stringify(canonicalPolicy(a)) === JSON.stringify(canonicalPolicy(b));

const amountText = (rule: Rule, money: (dollars: number) => string) =>
  rule.kind === 'percent' ? `${rule.amount}%` : money(rule.amount);

/** The terms in one short line, for the audit trail: "Deposit 20%, at least $10 · no no-show fee · late cancellations refused". */
export function policySummary(policy: PaymentPolicy, money: (dollars: number) => string): string {
  const { deposit, noShowFee, lateCancellation } = policy;
  const minimum = deposit.minimum > 0 ? `, at least ${money(deposit.minimum)}` : '';
  const noShow = noShowFee.kind === 'none' ? 'no no-show fee' : `no-show fee ${amountText(noShowFee, money)}`;
  const late = {
    refuse: 'late cancellations refused',
    fee:
      lateCancellation.fee.kind === 'none'
        ? 'late cancellations allowed'
        : `late cancellations charged ${amountText(lateCancellation.fee, money)}`,
    keepDeposit: 'late cancellations keep the deposit',
  }[lateCancellation.kind];
  return `Deposit ${amountText(deposit, money)}${minimum} · ${noShow} · ${late}`;
}
