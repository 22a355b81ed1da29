import type { Overview } from '@carcare/contracts/reports';
import { OVERVIEW_PRICING_WORDS } from '@carcare/contracts/reports-constants';
import { useId } from 'react';
import { formatPrice } from '@/lib/format-price';
import { formatCount, formatRate } from '../overview-figures';

/** The add-ons listed by name under the two figures; the rest are in the revenue. */
const TOP_ADD_ONS = 5;

type AddOnsSummaryProps = { addOns: Overview['addOns']; currency: string };

/** How often paid bookings took an add-on, what add-ons brought in, and the add-ons that brought in most. */
export const AddOnsSummary = ({ addOns, currency }: AddOnsSummaryProps) => {
  const headingId = useId();
  const top = addOns.byAddOn.slice(0, TOP_ADD_ONS);
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 space-y-4 rounded-lg border bg-card p-4 text-card-foreground"
    >
      <h2 id={headingId} className="font-semibold">
        {OVERVIEW_PRICING_WORDS.addOns}
      </h2>
      <dl className="grid grid-cols-2 gap-4">
        <div className="space-y-1">
          <dt className="text-muted-foreground text-sm">{OVERVIEW_PRICING_WORDS.attachRate}</dt>
          <dd className="font-semibold text-2xl tabular-nums">
            {addOns.attachRate === null ? '—' : formatRate(addOns.attachRate)}
          </dd>
        </div>
        <div className="space-y-1">
          <dt className="text-muted-foreground text-sm">{OVERVIEW_PRICING_WORDS.addOnRevenue}</dt>
          <dd className="font-semibold text-2xl tabular-nums">{formatPrice(addOns.revenue, currency)}</dd>
        </div>
      </dl>
      <p className="text-muted-foreground text-xs">{OVERVIEW_PRICING_WORDS.attachRateDetail}</p>
      {top.length === 0 ? (
        <p className="text-muted-foreground text-sm">{OVERVIEW_PRICING_WORDS.noAddOns}</p>
      ) : (
        <div className="space-y-2">
          <h3 className="font-medium text-sm">{OVERVIEW_PRICING_WORDS.topAddOns}</h3>
          <ol aria-label={OVERVIEW_PRICING_WORDS.topAddOns} className="divide-y text-sm">
            {top.map(({ addOn, bookings, revenue }) => (
              <li key={addOn._id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
                <span className="min-w-0 break-words">{addOn.name}</span>
                <span className="text-muted-foreground tabular-nums">
                  {formatPrice(revenue, currency)} · {formatCount(bookings)} {bookings === 1 ? 'booking' : 'bookings'}
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
};
