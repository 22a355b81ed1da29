import { PageHeading } from '@/components/feedback/page-heading';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useCurrency } from '@/lib/use-currency';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useGetOverviewQuery } from '../api/get-overview';
import { OverviewReport } from '../components/overview-report';
import { RangePicker } from '../components/range-picker';
import { useOverviewRange } from '../hooks/use-overview-range';
import { reportErrorMessage } from '../report-error';

/** The owner's view of a range: money, bookings, occupancy, customers and reviews, and when demand comes. */
export const OverviewPage = () => {
  const { range, ready, choosePreset, chooseCustom } = useOverviewRange();
  const currency = useCurrency();
  const { longDay } = useDisplayFormat();
  const { data, isFetching, isError, error } = useGetOverviewQuery(
    { from: range.from, to: range.to },
    { skip: !ready },
  );
  const rangeText = range.from === range.to ? longDay(range.from) : `${longDay(range.from)} – ${longDay(range.to)}`;

  return (
    <div className="space-y-6">
      <PageHeading title="Overview" description="How the business is doing, beside the period just before." />
      <RangePicker range={range} onPreset={choosePreset} onCustom={chooseCustom} />
      <p className="font-medium text-sm">{rangeText}</p>
      {isFetching && !data ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? (
        <p role="alert" className="text-destructive">
          {reportErrorMessage(error, 'The overview could not be loaded, please try again.')}
        </p>
      ) : null}
      {data && !isError ? (
        <div aria-busy={isFetching} className={isFetching ? 'opacity-60 transition-opacity' : undefined}>
          <OverviewReport overview={data} currency={currency} />
        </div>
      ) : null}
    </div>
  );
};
