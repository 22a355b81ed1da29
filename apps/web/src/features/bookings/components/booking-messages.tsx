import { MESSAGE_CHANNEL_WORDS, MESSAGE_KIND_WORDS, MESSAGE_STATUS_WORDS } from '@carcare/contracts/booking-words';
import type { BookingMessage } from '@carcare/contracts/bookings';
import { useDisplayFormat } from '@/lib/use-display-format';

/**
 * The texts and emails the shop sent (or is about to send) about one booking, oldest first:
 * "Confirmation · text · delivered · Nov 26, 10:04". Nothing is shown before the first.
 */
export const BookingMessages = ({ messages }: { messages: readonly BookingMessage[] }) => {
  const { instantMoment } = useDisplayFormat();
  if (messages.length === 0) return null;
  return (
    <section aria-label="Messages sent" className="min-w-0 space-y-1 text-sm">
      <h4 className="font-medium text-muted-foreground">Messages sent</h4>
      <ul className="space-y-0.5">
        {messages.map((message) => (
          <li key={`${message.kind}-${message.channel}-${message.createdAt}`} className="break-words">
            {[
              MESSAGE_KIND_WORDS[message.kind],
              MESSAGE_CHANNEL_WORDS[message.channel],
              MESSAGE_STATUS_WORDS[message.status],
              instantMoment(message.sentAt ?? message.createdAt),
            ].join(' · ')}
          </li>
        ))}
      </ul>
    </section>
  );
};
