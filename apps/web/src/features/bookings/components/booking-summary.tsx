import type { SlotDetail } from '@carcare/contracts/slots';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useDisplayFormat } from '@/lib/use-display-format';

type BookingSummaryProps = { slot: SlotDetail };

/** Service name, duration, price, date, start to end time and the total. */
export const BookingSummary = ({ slot }: BookingSummaryProps) => {
  const currency = useCurrency();
  const price = formatPrice(slot.service.price, currency);
  const { day, slotTimes } = useDisplayFormat();
  const rows = [
    ['Service', slot.service.name],
    ['Duration', `${slot.service.duration} minutes`],
    ['Price', price],
    ['Date', day(slot.date)],
    ['Time', slotTimes(slot)],
  ] as const;
  return (
    <section aria-labelledby="booking-summary-heading" className="space-y-4 rounded-lg border bg-card p-6">
      <h2 id="booking-summary-heading" className="font-semibold text-xl">
        Your booking
      </h2>
      <dl className="space-y-2">
        {rows.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t pt-2 font-semibold text-lg">
          <dt>Total</dt>
          <dd>{price}</dd>
        </div>
      </dl>
    </section>
  );
};
