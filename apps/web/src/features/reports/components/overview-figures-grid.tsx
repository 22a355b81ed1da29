import type { Overview } from '@carcare/contracts/reports';
import { daysCovered } from '../business-days';
import { OVERVIEW_FIGURES } from '../overview-figures';
import { previousPeriodName } from '../period-change';
import { OverviewFigureCard } from './overview-figure-card';

type OverviewFiguresGridProps = { overview: Overview; currency: string };

export const OverviewFiguresGrid = ({ overview, currency }: OverviewFiguresGridProps) => {
  const { current, previous } = overview;
  const previousName = previousPeriodName(daysCovered(current.from, current.to));
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {OVERVIEW_FIGURES.map((figure) => (
        <OverviewFigureCard
          key={figure.label}
          figure={figure}
          current={current}
          previous={previous}
          previousName={previousName}
          currency={currency}
        />
      ))}
    </div>
  );
};
