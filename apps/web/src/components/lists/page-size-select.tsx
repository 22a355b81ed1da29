import { ADMIN_PAGE_SIZES } from '@carcare/contracts/pagination-constants';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

type PageSizeSelectProps = { value: number; onChange: (size: number) => void };

/** SPEC section 9: admin lists show 10, 20 or 30 rows per page. */
export const PageSizeSelect = ({ value, onChange }: PageSizeSelectProps) => (
  <Select value={String(value)} onValueChange={(next) => onChange(Number(next))}>
    <SelectTrigger aria-label="Rows per page" className="w-24">
      <SelectValue />
    </SelectTrigger>
    <SelectContent>
      {ADMIN_PAGE_SIZES.map((size) => (
        <SelectItem key={size} value={String(size)}>
          {size}
        </SelectItem>
      ))}
    </SelectContent>
  </Select>
);
