import { formatDay } from '@carcare/contracts/display-format';
import type { WaitlistEntry } from '@carcare/contracts/waitlist';
import { WAITLIST_WORDS } from '@carcare/contracts/waitlist-constants';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { toastError } from '@/lib/toast-message';
import { useLeaveWaitlistMutation } from '../api/waitlist-api';

const MINUTE = 60_000;

/** Whole minutes left until `until`, counted down while the card is shown. */
const useMinutesLeft = (until: string | undefined) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((Date.parse(until) - now) / MINUTE)) : 0;
};

type WaitlistEntryCardProps = { entry: WaitlistEntry };

/** One entry: the service, its days and windows, where it stands, an open offer with its link, and Leave. */
export const WaitlistEntryCard = ({ entry }: WaitlistEntryCardProps) => {
  const headingId = useId();
  const [leave, { isLoading }] = useLeaveWaitlistMutation();
  const open = entry.offer?.status === 'open' ? entry.offer : null;
  const minutesLeft = useMinutesLeft(open?.expiresAt);
  const live = entry.status === 'waiting' || entry.status === 'offered';
  const leaveIt = async () => {
    try {
      toast.success(await leave(entry._id).unwrap());
    } catch (error) {
      const message = isFetchBaseQueryError(error) && typeof error.status === 'number' ? serverMessage(error) : null;
      toastError({ title: message ?? WAITLIST_WORDS.loadFailed });
    }
  };
  return (
    <article aria-labelledby={headingId} className="min-w-0 space-y-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="min-w-0 break-words font-semibold">
          {entry.service.name}
        </h2>
        <Badge variant="secondary">{WAITLIST_WORDS.status[entry.status]}</Badge>
      </div>
      <ul className="space-y-1 text-muted-foreground text-sm">
        {entry.windows.map((window) => (
          <li key={`${window.date} ${window.from}`}>
            {formatDay(window.date)}, {window.from}–{window.to}
          </li>
        ))}
      </ul>
      {open ? (
        <div className="space-y-2 rounded-md border border-primary/40 p-3">
          <p className="font-medium">{WAITLIST_WORDS.offerHeld(`${formatDay(open.date)}, ${open.startTime}`)}</p>
          <p className="text-muted-foreground text-sm">{WAITLIST_WORDS.timeLeft(minutesLeft)}</p>
          {open.paymentUrl ? (
            <Button asChild size="sm">
              <a href={open.paymentUrl}>{WAITLIST_WORDS.bookAndPay}</a>
            </Button>
          ) : null}
        </div>
      ) : null}
      {live ? (
        <Button variant="outline" size="sm" disabled={isLoading} onClick={leaveIt}>
          {WAITLIST_WORDS.leave}
        </Button>
      ) : null}
    </article>
  );
};
