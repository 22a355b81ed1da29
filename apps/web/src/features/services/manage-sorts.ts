import type { ServiceSort } from '@carcare/contracts/services-constants';

/** The admin list's sort options; newest first is the API's default. */
export const MANAGE_SORTS: { value: ServiceSort; label: string }[] = [
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: 'price', label: 'Price: Low to High' },
  { value: '-price', label: 'Price: High to Low' },
];

export const isManageSort = (value: string): value is ServiceSort => MANAGE_SORTS.some((sort) => sort.value === value);
