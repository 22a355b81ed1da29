import type { Overview } from '@carcare/contracts/reports';
import { REPORT_MESSAGES } from '@carcare/contracts/reports-constants';
import { isQuietPeriod } from '../overview-figures';
import { AddOnsSummary } from './add-ons-summary';
import { ClassRevenueChart } from './class-revenue-chart';
import { ClubFigures } from './club-figures';
import { DemandHeatMap } from './demand-heat-map';
import { LedgerMoney } from './ledger-money';
import { OverviewFiguresGrid } from './overview-figures-grid';
import { RevenueChart } from './revenue-chart';
import { ServiceBookingsChart } from './service-bookings-chart';
import { WaitlistFigures } from './waitlist-figures';

type OverviewReportProps = { overview: Overview; currency: string };

/**
 * The figures of the range beside the period before, then its charts (revenue by day and by vehicle class, the
 * add-ons, bookings per service, demand), or a note when there is nothing to chart.
 */
export const OverviewReport = ({ overview, currency }: OverviewReportProps) => (
  <div className="space-y-6">
    <OverviewFiguresGrid overview={overview} currency={currency} />
    <LedgerMoney money={overview.current.money} currency={currency} />
    <ClubFigures club={overview.current.club} currency={currency} />
    <WaitlistFigures waitlist={overview.current.waitlist} currency={currency} />
    {isQuietPeriod(overview.current) ? (
      <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
        {REPORT_MESSAGES.overviewEmpty}
      </p>
    ) : (
      <>
        <RevenueChart days={overview.revenuePerDay} currency={currency} />
        <div className="grid gap-6 xl:grid-cols-2">
          <ClassRevenueChart classes={overview.revenueByClass} currency={currency} />
          <AddOnsSummary addOns={overview.addOns} currency={currency} />
        </div>
        <div className="grid gap-6 xl:grid-cols-2">
          <ServiceBookingsChart services={overview.bookingsPerService} />
          <DemandHeatMap demand={overview.demand} />
        </div>
      </>
    )}
  </div>
);
