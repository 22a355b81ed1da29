import type { SlotDetail } from '@carcare/contracts/slots';
import { formatPrice, formatSlotTime } from '../format';

type BookingSummaryProps = { slot: SlotDetail };

/** Service name, duration, price, date, start to end time and the total. */
export const BookingSummary = ({ slot }: BookingSummaryProps) => {
  const rows = [
    ['Service', slot.service.name],
    ['Duration', `${slot.service.duration} minutes`],
    ['Price', formatPrice(slot.service.price)],
    ['Date', slot.date],
    ['Time', formatSlotTime(slot)],
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
          <dd>{formatPrice(slot.service.price)}</dd>
        </div>
      </dl>
    </section>
  );
};
