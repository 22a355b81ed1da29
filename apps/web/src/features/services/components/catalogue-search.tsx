import { SEARCH_DEBOUNCE_MS } from '@carcare/contracts/services-constants';
import { SearchIcon } from 'lucide-react';
import { useEffect, useEffectEvent } from 'react';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDraft } from '../hooks/use-draft';

type CatalogueSearchProps = { term: string; onSearch: (term: string) => void };

const meansTerm = (text: string, term: string) => text.trim() === term;

/** The search box: what is typed is searched once typing pauses for 300 ms; it shows the URL's term. */
export const CatalogueSearch = ({ term, onSearch }: CatalogueSearchProps) => {
  const [text, setText] = useDraft(term, meansTerm);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();
  const search = useEffectEvent((next: string) => {
    if (next !== term) onSearch(next);
  });
  useEffect(() => search(settled), [settled]);

  return (
    <div className="relative w-full sm:max-w-sm">
      <SearchIcon
        className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label="Search services"
        placeholder="Search services by name"
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="pl-9"
      />
    </div>
  );
};
