import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { CATALOGUE_SORTS, type CatalogueSort, isCatalogueSort } from '../catalogue-filters';

type CatalogueSortSelectProps = { value: CatalogueSort | undefined; onChange: (sort: CatalogueSort) => void };

export const CatalogueSortSelect = ({ value, onChange }: CatalogueSortSelectProps) => (
  // An empty value shows the placeholder after Reset Filters.
  <Select value={value ?? ''} onValueChange={(next) => isCatalogueSort(next) && onChange(next)}>
    <SelectTrigger aria-label="Sort by price" className="w-48">
      <SelectValue placeholder="Sort by price" />
    </SelectTrigger>
    <SelectContent>
      {CATALOGUE_SORTS.map((sort) => (
        <SelectItem key={sort.value} value={sort.value}>
          {sort.label}
        </SelectItem>
      ))}
    </SelectContent>
  </Select>
);
