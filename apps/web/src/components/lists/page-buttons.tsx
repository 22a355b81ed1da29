import { pageCount } from '@carcare/contracts/pagination-constants';
import { Button } from '@/components/ui/button';

type PageButtonsProps = {
  page: number;
  totalDoc: number;
  limit: number;
  onChange: (page: number) => void;
  /** The navigation's accessible name, when a screen has more than one list. */
  label?: string;
};

/** One button per page (the ceiling of totalDoc / limit), the current one highlighted. */
export const PageButtons = ({ page, totalDoc, limit, onChange, label = 'Pagination' }: PageButtonsProps) => {
  const count = pageCount(totalDoc, limit);
  if (count <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap justify-center gap-2">
      {Array.from({ length: count }, (_, index) => index + 1).map((number) => (
        <Button
          key={number}
          size="sm"
          variant={number === page ? 'default' : 'outline'}
          aria-label={`Page ${number}`}
          aria-current={number === page ? 'page' : undefined}
          onClick={() => onChange(number)}
        >
          {number}
        </Button>
      ))}
    </nav>
  );
};
