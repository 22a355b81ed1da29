import { JOB_WORDS } from '@carcare/contracts/quotes-constants';
import { formatPrice } from '@/lib/format-price';
import { cn } from '@/lib/utils';

type PricedLine = { kind: 'service' | 'addOn'; addOn: string | null; name: string; price: number; minutes: number };

type PricedLinesProps = {
  lines: readonly PricedLine[];
  total: number;
  /** The job's minutes, said under the total when given. */
  duration?: number;
  currency: string;
  className?: string;
};

/** A booking's or a quote's lines (the service, then each add-on with its price) and their total. */
export const PricedLines = ({ lines, total, duration, currency, className }: PricedLinesProps) => (
  <dl aria-label={JOB_WORDS.linesLabel} className={cn('space-y-1', className)}>
    {lines.map((line) => (
      <div key={line.addOn ?? line.kind} className="flex justify-between gap-4">
        <dt className={cn('min-w-0 break-words', line.kind === 'addOn' && 'pl-3 text-muted-foreground')}>
          {line.name}
        </dt>
        <dd className="shrink-0 text-right">
          {line.kind === 'addOn'
            ? JOB_WORDS.extraPrice(formatPrice(line.price, currency))
            : formatPrice(line.price, currency)}
        </dd>
      </div>
    ))}
    <div className="flex justify-between gap-4 border-t pt-1 font-semibold">
      <dt>{JOB_WORDS.total}</dt>
      <dd>{formatPrice(total, currency)}</dd>
    </div>
    {duration === undefined ? null : (
      <div className="flex justify-between gap-4 text-muted-foreground text-sm">
        <dt>{JOB_WORDS.duration}</dt>
        <dd>{JOB_WORDS.minutes(duration)}</dd>
      </div>
    )}
  </dl>
);
