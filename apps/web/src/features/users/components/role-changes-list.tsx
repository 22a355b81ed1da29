import { formatInstantDay } from '@carcare/contracts/display-format';
import type { RoleChange } from '@carcare/contracts/front-desk';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useBusinessTimeZone } from '@/lib/use-business-time-zone';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useGetRoleChangesQuery } from '../api/get-role-changes';
import { ROLE_LABELS } from '../role-abilities';

export const ROLE_CHANGES_TEXT = {
  title: 'Role changes',
  description: 'Who changed whose role, from what to what, and when; the latest first.',
  failed: 'The role changes could not be loaded, please try again.',
  none: 'No role has been changed yet.',
  removed: 'an account since removed',
} as const;

/** The clock time of an instant where the shop is, 24-hour as the slots write it. */
const clockTime = (instant: string, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(instant),
  );

const ChangeItem = ({ change, timeZone, locale }: { change: RoleChange; timeZone: string; locale: string }) => {
  const when = `${formatInstantDay(change.changedAt, timeZone, locale)} ${clockTime(change.changedAt, timeZone, locale)}`;
  return (
    <li className="space-y-1 p-3">
      <p className="break-words">
        <span className="font-medium">{change.user.name}</span>
        {change.user.email ? (
          <span className="ml-1 break-all text-muted-foreground text-sm">({change.user.email})</span>
        ) : null}
      </p>
      <p className="text-sm">
        <span className="text-muted-foreground">{ROLE_LABELS[change.from]}</span>
        <span aria-hidden="true"> → </span>
        <span className="sr-only"> changed to </span>
        <span className="font-medium">{ROLE_LABELS[change.to]}</span>
      </p>
      <p className="break-words text-muted-foreground text-xs">
        <time dateTime={change.changedAt}>{when}</time> by{' '}
        {change.changedBy._id ? change.changedBy.name : ROLE_CHANGES_TEXT.removed}
      </p>
    </li>
  );
};

/** The audit trail of role changes (the latest, newest first), each dated where the shop is. */
export const RoleChangesList = () => {
  const { data, isLoading, isFetching, isError } = useGetRoleChangesQuery({});
  const { locale } = useDisplayFormat();
  const timeZone = useBusinessTimeZone();
  return (
    <section aria-labelledby="role-changes-title" className="space-y-3">
      <div>
        <h2 id="role-changes-title" className="font-semibold text-lg">
          {ROLE_CHANGES_TEXT.title}
        </h2>
        <p className="text-muted-foreground text-sm">{ROLE_CHANGES_TEXT.description}</p>
      </div>
      {isLoading ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? (
        <p role="alert" className="text-destructive">
          {ROLE_CHANGES_TEXT.failed}
        </p>
      ) : null}
      {data && data.length === 0 ? <p className="text-muted-foreground text-sm">{ROLE_CHANGES_TEXT.none}</p> : null}
      {data && data.length > 0 ? (
        <ul aria-label={ROLE_CHANGES_TEXT.title} aria-busy={isFetching} className="divide-y rounded-lg border bg-card">
          {data.map((change) => (
            <ChangeItem key={change._id} change={change} timeZone={timeZone} locale={locale} />
          ))}
        </ul>
      ) : null}
    </section>
  );
};
