import { formatInstantDay } from '@carcare/contracts/display-format';
import type { SettingChange } from '@carcare/contracts/shop-settings';
import { SETTING_LABELS } from '@carcare/contracts/shop-settings-constants';
import { useState } from 'react';
import { PageButtons } from '@/components/lists/page-buttons';
import { formatPrice } from '@/lib/format-price';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useGetSettingChangesQuery } from '../api/settings-api';
import { SETTINGS_SCREEN_TEXT } from '../settings-refusal';
import { changeValueText } from './change-value';
import { SettingsCard } from './settings-card';

/** How many changes one page of the trail shows. */
export const CHANGES_PER_PAGE = 10;

const labelOf = (setting: string) => (SETTING_LABELS as Record<string, string>)[setting] ?? setting;

/** The clock time of an instant where the shop is, 24-hour as the slots write it. */
const clockTime = (instant: string, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(instant),
  );

type ChangeItemProps = { change: SettingChange; timeZone: string; currency: string };

const ChangeItem = ({ change, timeZone, currency }: ChangeItemProps) => {
  const { day, locale } = useDisplayFormat();
  const money = (dollars: number) => formatPrice(dollars, currency);
  const when = `${formatInstantDay(change.changedAt, timeZone, locale)} ${clockTime(change.changedAt, timeZone, locale)}`;
  return (
    <li className="space-y-1 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-medium">{labelOf(change.setting)}</p>
        <p className="text-muted-foreground text-xs">
          <time dateTime={change.changedAt}>{when}</time> by {change.changedBy?.name ?? 'an account since removed'}
        </p>
      </div>
      <p className="break-words text-sm">
        <span className="text-muted-foreground">{changeValueText(change.setting, change.before, day, money)}</span>
        <span aria-hidden="true"> → </span>
        <span className="sr-only"> changed to </span>
        <span>{changeValueText(change.setting, change.after, day, money)}</span>
      </p>
    </li>
  );
};

/**
 * The audit trail: who changed which setting when (in the shop's time zone), from what to what (amounts in the
 * shop's currency); newest first.
 */
export const RecentChanges = ({ timeZone, currency }: { timeZone: string; currency: string }) => {
  const [page, setPage] = useState(1);
  const { data, isLoading, isFetching, isError } = useGetSettingChangesQuery({ page, limit: CHANGES_PER_PAGE });
  return (
    <SettingsCard id="settings-changes" title="Recent changes" description="Who changed which setting, and when.">
      <div className="space-y-4">
        {isLoading ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
        {isError ? (
          <p role="alert" className="text-destructive">
            {SETTINGS_SCREEN_TEXT.changesFailed}
          </p>
        ) : null}
        {data && data.changes.length === 0 ? (
          <p className="text-muted-foreground text-sm">{SETTINGS_SCREEN_TEXT.noChanges}</p>
        ) : null}
        {data && data.changes.length > 0 ? (
          <ul aria-label="Recent changes" aria-busy={isFetching} className="divide-y rounded-lg border">
            {data.changes.map((change) => (
              <ChangeItem key={change._id} change={change} timeZone={timeZone} currency={currency} />
            ))}
          </ul>
        ) : null}
        {data ? (
          <PageButtons
            page={page}
            totalDoc={data.totalDoc}
            limit={CHANGES_PER_PAGE}
            onChange={setPage}
            label="Recent changes pages"
          />
        ) : null}
      </div>
    </SettingsCard>
  );
};
