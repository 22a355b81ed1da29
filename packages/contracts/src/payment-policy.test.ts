import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYMENT_POLICY,
  depositCents,
  dueOnlineCents,
  feeCents,
  lateCancellationCost,
  type PaymentPolicy,
  policySentences,
} from './payment-policy-constants';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('the deposit', () => {
  it('is the percentage of the price, at least the minimum, at most the price', () => {
    const rule = { kind: 'percent', amount: 20, minimum: 10 } as const;
    expect(depositCents(rule, 12_000)).toBe(2_400);
    expect(depositCents(rule, 2_999)).toBe(1_000);
    expect(depositCents(rule, 800)).toBe(800);
    // A third of 100.01 rounds to the cent.
    expect(depositCents({ kind: 'percent', amount: 33, minimum: 0 }, 10_001)).toBe(3_300);
  });

  it('is the fixed amount, at most the price', () => {
    expect(depositCents({ kind: 'fixed', amount: 25, minimum: 0 }, 12_000)).toBe(2_500);
    expect(depositCents({ kind: 'fixed', amount: 25, minimum: 30 }, 12_000)).toBe(3_000);
    expect(depositCents({ kind: 'fixed', amount: 25, minimum: 0 }, 1_500)).toBe(1_500);
  });
});

describe('a fee', () => {
  it('is nothing, a fixed amount or a percentage, never above the price', () => {
    expect(feeCents({ kind: 'none', amount: 40 }, 10_000)).toBe(0);
    expect(feeCents({ kind: 'fixed', amount: 15.5 }, 10_000)).toBe(1_550);
    expect(feeCents({ kind: 'fixed', amount: 150 }, 10_000)).toBe(10_000);
    expect(feeCents({ kind: 'percent', amount: 50 }, 4_599)).toBe(2_300);
  });
});

describe('a cancellation after the cut-off', () => {
  const none = { kind: 'none', amount: 0 } as const;

  it('costs the fee the terms name, reckoned on the price', () => {
    expect(lateCancellationCost({ kind: 'fee', fee: { kind: 'percent', amount: 25 } }, 12_000, 0)).toEqual({
      kind: 'fee',
      cents: 3_000,
    });
    expect(lateCancellationCost({ kind: 'fee', fee: { kind: 'fixed', amount: 15 } }, 12_000, 2_400)).toEqual({
      kind: 'fee',
      cents: 1_500,
    });
  });

  it('keeps the deposit paid, when the terms keep it', () => {
    expect(lateCancellationCost({ kind: 'keepDeposit', fee: none }, 12_000, 2_400)).toEqual({
      kind: 'keepDeposit',
      cents: 2_400,
    });
  });

  it('is refused when the terms refuse it, or ask nothing of this booking', () => {
    expect(lateCancellationCost({ kind: 'refuse', fee: { kind: 'fixed', amount: 15 } }, 12_000, 2_400)).toBeNull();
    expect(lateCancellationCost({ kind: 'fee', fee: none }, 12_000, 0)).toBeNull();
    expect(lateCancellationCost({ kind: 'keepDeposit', fee: none }, 12_000, 0)).toBeNull();
  });
});

describe('what is paid online', () => {
  it('is the price in full, the deposit, or nothing with the card saved', () => {
    expect(dueOnlineCents('full', DEFAULT_PAYMENT_POLICY, 12_000)).toBe(12_000);
    expect(dueOnlineCents('deposit', DEFAULT_PAYMENT_POLICY, 12_000)).toBe(2_400);
    expect(dueOnlineCents('card', DEFAULT_PAYMENT_POLICY, 12_000)).toBe(0);
  });
});

describe('the terms as the customer reads them', () => {
  const strict: PaymentPolicy = {
    deposit: { kind: 'fixed', amount: 30, minimum: 0 },
    noShowFee: { kind: 'percent', amount: 50 },
    lateCancellation: { kind: 'keepDeposit', fee: { kind: 'none', amount: 0 } },
  };

  it("say SPEC.md's terms for a service paid in full under the default policy", () => {
    expect(
      policySentences(DEFAULT_PAYMENT_POLICY, { mode: 'full', priceCents: 12_000, cutoffHours: 24 }, dollars),
    ).toEqual([
      'You pay $120.00 now.',
      'Cancel or move your booking up to 24 hours before it starts at no cost. Later, please contact the shop.',
    ]);
  });

  it('say the deposit, the balance, the no-show fee and that a late cancellation keeps the deposit', () => {
    expect(policySentences(strict, { mode: 'deposit', priceCents: 12_000, cutoffHours: 24 }, dollars)).toEqual([
      'You pay a deposit of $30.00 now and the balance of $90.00 at the shop.',
      'If you do not come, a no-show fee of $60.00 is charged to your card.',
      'Cancel or move your booking up to 24 hours before it starts at no cost. Later, the deposit is kept.',
    ]);
  });

  it('say that nothing is taken now when the card is saved, and the late fee', () => {
    const late: PaymentPolicy = { ...strict, lateCancellation: { kind: 'fee', fee: { kind: 'fixed', amount: 20 } } };
    expect(policySentences(late, { mode: 'card', priceCents: 8_000, cutoffHours: 48 }, dollars)).toEqual([
      'Nothing is taken now: your card is saved, and $80.00 is paid at the shop.',
      'If you do not come, a no-show fee of $40.00 is charged to your card.',
      'Cancel or move your booking up to 48 hours before it starts at no cost. Later, a fee of $20.00 is charged.',
    ]);
  });
});
