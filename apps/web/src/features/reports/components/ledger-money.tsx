import type { Overview } from '@carcare/contracts/reports';
import { formatPrice } from '@/lib/format-price';
import { FiguresCard } from './figures-card';

/** How the ledger's money is named on the overview. */
export const LEDGER_MONEY_WORDS = {
  heading: 'Money in the ledger',
  detail: 'Every payment and refund of the period as recorded, by how it was taken.',
  collected: 'Collected',
  refunded: 'Refunded',
  depositsHeld: 'Deposits held',
  balancesOutstanding: 'Balances outstanding',
  feesCharged: 'Fees charged',
  feesWaived: 'Fees waived',
  byMethod: {
    online: 'Online',
    card_on_file: 'Card on file',
    cash: 'Cash',
    card: 'Card at the counter',
  },
} as const;

type LedgerMoneyProps = { money: Overview['current']['money']; currency: string };

/** The period's money as the payment ledger holds it: what came in, by method, and what is still held or owed. */
export const LedgerMoney = ({ money, currency }: LedgerMoneyProps) => {
  const amounts: Array<[string, number]> = [
    [LEDGER_MONEY_WORDS.collected, money.collected],
    [LEDGER_MONEY_WORDS.refunded, money.refunded],
    [LEDGER_MONEY_WORDS.depositsHeld, money.depositsHeld],
    [LEDGER_MONEY_WORDS.balancesOutstanding, money.balancesOutstanding],
    [LEDGER_MONEY_WORDS.feesCharged, money.feesCharged],
    [LEDGER_MONEY_WORDS.feesWaived, money.feesWaived],
  ];
  const methods = Object.entries(LEDGER_MONEY_WORDS.byMethod) as Array<
    [keyof typeof LEDGER_MONEY_WORDS.byMethod, string]
  >;
  return (
    <FiguresCard
      heading={LEDGER_MONEY_WORDS.heading}
      detail={LEDGER_MONEY_WORDS.detail}
      figures={amounts.map(([label, amount]) => [label, formatPrice(amount, currency)] as const)}
    >
      <dl aria-label="Collected by method" className="divide-y text-sm">
        {methods.map(([method, label]) => (
          <div key={method} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
            <dt className="min-w-0">{label}</dt>
            <dd className="tabular-nums">{formatPrice(money.byMethod[method], currency)}</dd>
          </div>
        ))}
      </dl>
    </FiguresCard>
  );
};
