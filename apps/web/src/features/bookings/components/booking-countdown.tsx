import { countdownParts, formatCountdown } from '../countdown';
import { useNow } from '../hooks/use-now';

/** A live countdown to the slot's end instant, refreshed every second. */
export const BookingCountdown = ({ endsAt }: { endsAt: string }) => {
  const now = useNow();
  const ended = Date.parse(endsAt) <= now;
  return (
    <p className="text-sm">
      <span className="text-muted-foreground">{ended ? 'Slot ended' : 'Ends in '}</span>
      {ended ? null : (
        <span className="font-medium font-mono tabular-nums">{formatCountdown(countdownParts(endsAt, now))}</span>
      )}
    </p>
  );
};
