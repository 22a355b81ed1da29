import { WAITLIST_WORDS } from '@carcare/contracts/waitlist-constants';
import { PageHeading } from '@/components/feedback/page-heading';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useGetMyWaitlistQuery } from '../api/waitlist-api';
import { WaitlistEntryCard } from '../components/waitlist-entry-card';

/** The customer's waitlist: every entry, oldest first, an offer held for them on top of its entry. */
export const MyWaitlistPage = () => {
  const { data: entries, isLoading, isError } = useGetMyWaitlistQuery(undefined);
  return (
    <div className="space-y-6">
      <PageHeading title={WAITLIST_WORDS.title} description={WAITLIST_WORDS.subtitle} />
      {isLoading ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? <p className="text-destructive">{WAITLIST_WORDS.loadFailed}</p> : null}
      {entries?.length === 0 ? <p className="text-muted-foreground">{WAITLIST_WORDS.empty}</p> : null}
      {entries && entries.length > 0 ? (
        <ul aria-label={WAITLIST_WORDS.title} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {entries.map((entry) => (
            <li key={entry._id} className="flex min-w-0 flex-col">
              <WaitlistEntryCard entry={entry} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};
