import { ADMIN_PAGE_SIZES } from '@carcare/contracts/pagination-constants';
import type { ServiceSort } from '@carcare/contracts/services-constants';
import { PlusIcon, SearchIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { isManageSort, MANAGE_SORTS } from '../../manage-sorts';
import { ServiceFormDialog } from './service-form-dialog';

type ManageServicesToolbarProps = {
  limit: number;
  sort: ServiceSort;
  onSearch: (term: string) => void;
  onLimitChange: (limit: number) => void;
  onSortChange: (sort: ServiceSort) => void;
};

export const ManageServicesToolbar = ({
  limit,
  sort,
  onSearch,
  onLimitChange,
  onSortChange,
}: ManageServicesToolbarProps) => {
  const [term, setTerm] = useState('');
  const search = (event: FormEvent) => {
    event.preventDefault();
    onSearch(term.trim());
  };

  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      <form aria-label="Find services" onSubmit={search} className="flex w-full gap-2 lg:max-w-md">
        <Input
          type="search"
          aria-label="Search services"
          placeholder="Search by name"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          <SearchIcon aria-hidden="true" />
          Search
        </Button>
      </form>
      <div className="flex flex-wrap items-center gap-2">
        <Select value={String(limit)} onValueChange={(value) => onLimitChange(Number(value))}>
          <SelectTrigger aria-label="Rows per page" className="w-32">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ADMIN_PAGE_SIZES.map((size) => (
              <SelectItem key={size} value={String(size)}>
                {size} / page
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={sort} onValueChange={(value) => isManageSort(value) && onSortChange(value)}>
          <SelectTrigger aria-label="Sort services" className="w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {MANAGE_SORTS.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <ServiceFormDialog
          trigger={
            <Button>
              <PlusIcon aria-hidden="true" />
              Add Service
            </Button>
          }
        />
      </div>
    </div>
  );
};
