import type { OverviewPeriod } from '@carcare/contracts/reports';
import { MinusIcon, TrendingDownIcon, TrendingUpIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { OverviewFigure } from '../overview-figures';
import { periodChange } from '../period-change';

type OverviewFigureCardProps = {
  figure: OverviewFigure;
  current: OverviewPeriod;
  previous: OverviewPeriod;
  previousName: string;
  currency: string;
};

const CHANGE_ICONS = { up: TrendingUpIcon, down: TrendingDownIcon, flat: MinusIcon } as const;

/** A headline figure of the range, and how it moved since the period just before. */
export const OverviewFigureCard = ({ figure, current, previous, previousName, currency }: OverviewFigureCardProps) => {
  const value = figure.value(current);
  const change = periodChange(value, figure.value(previous), figure.change);
  const Icon = change ? CHANGE_ICONS[change.direction] : null;
  let tone = 'text-muted-foreground';
  if (change && change.direction !== 'flat') {
    const good = (change.direction === 'up') !== Boolean(figure.lowerIsBetter);
    tone = good ? 'text-success' : 'text-destructive';
  }

  return (
    <article aria-label={figure.label} className="space-y-2 rounded-lg border bg-card p-4 text-card-foreground">
      <h2 className="font-medium text-muted-foreground text-sm">{figure.label}</h2>
      <p className="font-semibold text-2xl tabular-nums">{value === null ? '—' : figure.format(value, currency)}</p>
      <p className={cn('flex items-center gap-1 text-xs', tone)}>
        {Icon ? <Icon className="size-3.5" aria-hidden="true" /> : null}
        {change ? `${change.text} vs ${previousName}` : '—'}
      </p>
      {figure.detail ? <p className="text-muted-foreground text-xs">{figure.detail(current, currency)}</p> : null}
    </article>
  );
};
