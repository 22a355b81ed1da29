import { PAY_WITH_WORDS } from '@carcare/contracts/booking-words';
import type { Booking } from '@carcare/contracts/bookings';
import { useGetPublicConfigQuery } from '@/lib/api/get-public-config';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useDisplayFormat } from '@/lib/use-display-format';
import { FRONT_DESK_WORDS, PAYMENT_KIND_WORDS, PAYMENT_METHOD_WORDS } from '../front-desk-words';
import { instantText } from '../instant-text';
import { ChargeCardDialog, canChargeCard } from './charge-card-dialog';
import { TakePaymentDialog } from './take-payment-dialog';

/**
 * The booking's money for the shop: what was paid and what is still due, each payment line (kind, method,
 * amount, when; refunds negative), and Take payment while something is due, with Charge card on file
 * beside it for a confirmed or completed booking.
 */
export const BookingMoney = ({ booking }: { booking: Booking }) => {
  const currency = useCurrency();
  const { locale } = useDisplayFormat();
  const { data: config } = useGetPublicConfigQuery();
  const timeZone = config?.timeZone ?? 'UTC';
  return (
    <section aria-labelledby={`money-${booking._id}`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`money-${booking._id}`} className="font-semibold">
          {FRONT_DESK_WORDS.payments}
        </h3>
        <div className="flex flex-wrap gap-2">
          <TakePaymentDialog booking={booking} />
          {canChargeCard(booking) ? <ChargeCardDialog booking={booking} /> : null}
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Price</dt>
        <dd data-part="total">{formatPrice(booking.total, currency)}</dd>
        <dt className="text-muted-foreground">{FRONT_DESK_WORDS.amountPaid}</dt>
        <dd data-part="amount-paid">{formatPrice(booking.amountPaid, currency)}</dd>
        <dt className="text-muted-foreground">{FRONT_DESK_WORDS.balanceDue}</dt>
        <dd data-part="balance-due" className={booking.balanceDue > 0 ? 'font-semibold' : undefined}>
          {formatPrice(booking.balanceDue, currency)}
        </dd>
        <dt className="text-muted-foreground">Paid by</dt>
        <dd>{PAY_WITH_WORDS[booking.payWith]}</dd>
      </dl>
      {booking.payments.length === 0 ? (
        <p className="text-muted-foreground text-sm">{FRONT_DESK_WORDS.noPayments}</p>
      ) : (
        <ul aria-label="Payment lines" className="divide-y rounded-md border text-sm">
          {booking.payments.map((line) => (
            <li key={line._id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-2">
              <span className="min-w-0">
                {PAYMENT_KIND_WORDS[line.kind]} · {PAYMENT_METHOD_WORDS[line.method]}
              </span>
              <span className="font-medium tabular-nums">{formatPrice(line.amount, currency)}</span>
              <span className="w-full text-muted-foreground text-xs">
                {instantText(line.createdAt, timeZone, locale)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
