import { BOOKING_SEARCH_HINT, MAX_SEARCH_LENGTH } from '@carcare/contracts/reports-constants';
import { SEARCH_DEBOUNCE_MS } from '@carcare/contracts/services-constants';
import { SearchIcon } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/lib/use-debounced-value';

type BookingSearchBoxProps = { term: string | undefined; onSearch: (term: string | undefined) => void };

/** Searches the customers' names, emails and phones and the vehicles' plates once typing pauses; it shows the URL's term. */
export const BookingSearchBox = ({ term = '', onSearch }: BookingSearchBoxProps) => {
  const id = useId();
  const [text, setText] = useState(term);
  const [followed, setFollowed] = useState(term);
  // The box follows the URL when it changes elsewhere (Clear filters, Back), unless it already says the same.
  if (followed !== term) {
    setFollowed(term);
    if (text.trim() !== term) setText(term);
  }
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();
  const search = useEffectEvent((next: string) => {
    if (next !== term) onSearch(next || undefined);
  });
  useEffect(() => search(settled), [settled]);

  return (
    <div className="grid w-full gap-1.5 sm:max-w-xs">
      <Label htmlFor={id}>Search</Label>
      <div className="relative">
        <SearchIcon
          className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          placeholder={BOOKING_SEARCH_HINT}
          maxLength={MAX_SEARCH_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="pl-9"
        />
      </div>
    </div>
  );
};
