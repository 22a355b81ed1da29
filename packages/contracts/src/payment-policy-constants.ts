/** Constants, messages and the policy's arithmetic only: importing them never loads a schema library. */

/**
 * How a service is paid when a customer books it online: `full` (the whole price online, SPEC.md's behaviour
 * and the default), `deposit` (the shop's deposit online, the balance at the shop), `card` (nothing online:
 * the card is saved, and the shop charges it for the job, a no-show or a late cancellation).
 */
export const SERVICE_PAYMENT_MODES = ['full', 'deposit', 'card'] as const;
export type ServicePaymentMode = (typeof SERVICE_PAYMENT_MODES)[number];

/** A deposit is a fixed amount or a percentage of the booking's price, never below its minimum. */
export const DEPOSIT_KINDS = ['fixed', 'percent'] as const;
/** A fee is nothing, a fixed amount or a percentage of the booking's price. */
export const FEE_KINDS = ['none', 'fixed', 'percent'] as const;
/**
 * A cancellation after the cut-off: refused (SPEC.md's behaviour: the customer contacts the shop), allowed with
 * a fee, or allowed with the deposit kept.
 */
export const LATE_CANCELLATION_KINDS = ['refuse', 'fee', 'keepDeposit'] as const;

export type DepositRule = { kind: (typeof DEPOSIT_KINDS)[number]; amount: number; minimum: number };
export type FeeRule = { kind: (typeof FEE_KINDS)[number]; amount: number };
/** The shop's payment and cancellation terms; amounts in dollars, percentages whole. */
export type PaymentPolicy = {
  deposit: DepositRule;
  noShowFee: FeeRule;
  lateCancellation: { kind: (typeof LATE_CANCELLATION_KINDS)[number]; fee: FeeRule };
};

/** A new shop's terms: a 20% deposit of at least $10 where a service asks for one, no fees, late cancellations refused. */
export const DEFAULT_PAYMENT_POLICY: PaymentPolicy = {
  deposit: { kind: 'percent', amount: 20, minimum: 10 },
  noShowFee: { kind: 'none', amount: 0 },
  lateCancellation: { kind: 'refuse', fee: { kind: 'none', amount: 0 } },
};

/** The terms with their keys in one order, whatever order they were stored in (jsonb keeps its own). */
export const canonicalPolicy = (policy: PaymentPolicy): PaymentPolicy => ({
  deposit: { kind: policy.deposit.kind, amount: policy.deposit.amount, minimum: policy.deposit.minimum },
  noShowFee: { kind: policy.noShowFee.kind, amount: policy.noShowFee.amount },
  lateCancellation: {
    kind: policy.lateCancellation.kind,
    fee: { kind: policy.lateCancellation.fee.kind, amount: policy.lateCancellation.fee.amount },
  },
});

/** The largest fixed amount a rule takes (dollars). */
export const POLICY_MAX_AMOUNT = 10_000;

/** Dollars as whole cents. */
export const toCents = (dollars: number) => Math.round(dollars * 100);

const cents = toCents;

/** The deposit (cents) of a booking of `priceCents`: the rule's amount, at least its minimum, at most the price. */
export function depositCents(rule: DepositRule, priceCents: number): number {
  const asked = rule.kind === 'fixed' ? cents(rule.amount) : Math.round((priceCents * rule.amount) / 100);
  return Math.min(priceCents, Math.max(asked, cents(rule.minimum)));
}

/** A fee (cents) on a booking of `priceCents`: 0 for none; never above the price. */
export function feeCents(rule: FeeRule, priceCents: number): number {
  if (rule.kind === 'none') return 0;
  const asked = rule.kind === 'fixed' ? cents(rule.amount) : Math.round((priceCents * rule.amount) / 100);
  return Math.min(priceCents, asked);
}

/**
 * What a customer's cancellation after the cut-off costs under the terms they accepted (`late`): a fee (cents)
 * charged to the card on file, or the deposit the booking paid (`depositPaidCents`) kept. Null when the terms
 * refuse it (SPEC.md's behaviour: the customer contacts the shop), or when they ask nothing of this booking
 * (no fee, or no deposit to keep): a cancellation that costs nothing late is refused like one under no terms.
 */
export function lateCancellationCost(
  late: PaymentPolicy['lateCancellation'],
  priceCents: number,
  depositPaidCents: number,
): { kind: 'fee' | 'keepDeposit'; cents: number } | null {
  if (late.kind === 'fee') {
    const cents = feeCents(late.fee, priceCents);
    return cents > 0 ? { kind: 'fee', cents } : null;
  }
  if (late.kind === 'keepDeposit')
    return depositPaidCents > 0 ? { kind: 'keepDeposit', cents: depositPaidCents } : null;
  return null;
}

/** What is paid online when booking a service of `mode` at `priceCents` (cents): all, the deposit, or nothing. */
export function dueOnlineCents(mode: ServicePaymentMode, policy: PaymentPolicy, priceCents: number): number {
  if (mode === 'full') return priceCents;
  if (mode === 'deposit') return depositCents(policy.deposit, priceCents);
  return 0;
}

/**
 * The terms as the customer reads them before paying, one sentence each, for a booking of `priceCents` of a
 * service paid by `mode`. `money` writes cents in the shop's currency.
 */
export function policySentences(
  policy: PaymentPolicy,
  booking: { mode: ServicePaymentMode; priceCents: number; cutoffHours: number },
  money: (cents: number) => string,
): string[] {
  const { mode, priceCents, cutoffHours } = booking;
  const sentences: string[] = [];
  if (mode === 'full') sentences.push(`You pay ${money(priceCents)} now.`);
  if (mode === 'deposit') {
    const deposit = depositCents(policy.deposit, priceCents);
    const balance = priceCents - deposit;
    sentences.push(
      balance > 0
        ? `You pay a deposit of ${money(deposit)} now and the balance of ${money(balance)} at the shop.`
        : `You pay ${money(deposit)} now.`,
    );
  }
  if (mode === 'card') {
    sentences.push(`Nothing is taken now: your card is saved, and ${money(priceCents)} is paid at the shop.`);
  }
  const noShow = feeCents(policy.noShowFee, priceCents);
  if (noShow > 0) sentences.push(`If you do not come, a no-show fee of ${money(noShow)} is charged to your card.`);
  const late = policy.lateCancellation;
  const within = `Cancel or move your booking up to ${cutoffHours} hours before it starts at no cost.`;
  if (late.kind === 'refuse') sentences.push(`${within} Later, please contact the shop.`);
  if (late.kind === 'fee') {
    const fee = feeCents(late.fee, priceCents);
    sentences.push(fee > 0 ? `${within} Later, a fee of ${money(fee)} is charged.` : within);
  }
  if (late.kind === 'keepDeposit') {
    sentences.push(
      mode === 'deposit' ? `${within} Later, the deposit is kept.` : `${within} Later, please contact the shop.`,
    );
  }
  return sentences;
}

export const PAYMENT_POLICY_MESSAGES = {
  retrieved: 'Payment terms retrieved',
  policyInvalid:
    'paymentPolicy must give deposit { kind, amount, minimum }, noShowFee { kind, amount } and lateCancellation { kind, fee }',
  depositKind: 'The deposit must be a fixed amount or a percentage',
  feeKind: 'A fee must be none, a fixed amount or a percentage',
  lateKind: 'A late cancellation must be refused, charged a fee, or keep the deposit',
  percent: 'A percentage must be a whole number from 1 to 100',
  amount: `An amount must be from 0 to ${POLICY_MAX_AMOUNT} with at most two decimals`,
  feeAmountRequired: 'A fee that is charged needs an amount above 0',
  paymentModeInvalid: `paymentMode must be one of ${SERVICE_PAYMENT_MODES.join(', ')}`,
  acceptInvalid: 'acceptPolicy must be the version of the terms the customer accepted',
  policyChanged: "The shop's terms changed while you were booking: please read them again",
} as const;
