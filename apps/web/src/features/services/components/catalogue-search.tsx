import { SEARCH_DEBOUNCE_MS } from '@carcare/contracts/services-constants';
import { SearchIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/lib/use-debounced-value';

type CatalogueSearchProps = { value: string; onValueChange: (value: string) => void; onSearch: (term: string) => void };

/** The search box: what is typed is searched once typing pauses for 300 ms. */
export const CatalogueSearch = ({ value, onValueChange, onSearch }: CatalogueSearchProps) => {
  const debounced = useDebouncedValue(value, SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled term triggers a search.
  useEffect(() => {
    onSearch(debounced.trim());
  }, [debounced]);

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
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className="pl-9"
      />
    </div>
  );
};
