import { useId, useState } from 'react';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useGetMembershipHistoryQuery } from '../api/memberships-api';
import { HISTORY_WORDS } from '../membership-words';

/** A membership's washes (a cancelled booking's given back) and payments, newest first, read when opened. */
export const MembershipHistory = ({ membershipId }: { membershipId: string }) => {
  const id = useId();
  const [open, setOpen] = useState(false);
  const { data, isLoading, isError } = useGetMembershipHistoryQuery(membershipId, { skip: !open });
  const currency = useCurrency();
  const { day, instantDay } = useDisplayFormat();
  return (
    <details className="text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-medium">{HISTORY_WORDS.title}</summary>
      {isLoading ? <p role="status">{HISTORY_WORDS.loading}</p> : null}
      {isError ? <p className="text-destructive">{HISTORY_WORDS.failed}</p> : null}
      {data ? (
        <div className="mt-2 space-y-3">
          <section aria-labelledby={`${id}-washes`}>
            <h3 id={`${id}-washes`} className="font-medium">
              {HISTORY_WORDS.washes}
            </h3>
            {data.washes.length === 0 ? <p className="text-muted-foreground">{HISTORY_WORDS.noWashes}</p> : null}
            <ul className="space-y-1">
              {data.washes.map((wash) => (
                <li key={wash.booking} className="break-words">
                  {day(wash.date)} · {wash.service}
                  {wash.vehicle ? ` · ${wash.vehicle}` : ''}
                  {wash.returned ? ` (${HISTORY_WORDS.givenBack})` : ''}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby={`${id}-payments`}>
            <h3 id={`${id}-payments`} className="font-medium">
              {HISTORY_WORDS.payments}
            </h3>
            {data.payments.length === 0 ? <p className="text-muted-foreground">{HISTORY_WORDS.noPayments}</p> : null}
            <ul className="space-y-1">
              {data.payments.map((payment) => (
                <li key={`${payment.createdAt}-${payment.amount}`} className="break-words">
                  {instantDay(payment.createdAt)} · {HISTORY_WORDS.kind[payment.kind]} ·{' '}
                  {formatPrice(payment.amount, currency)}
                </li>
              ))}
            </ul>
          </section>
        </div>
      ) : null}
    </details>
  );
};
