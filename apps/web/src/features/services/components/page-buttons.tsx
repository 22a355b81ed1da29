import { pageCount } from '@carcare/contracts/pagination-constants';
import { Button } from '@/components/ui/button';

type PageButtonsProps = {
  totalDoc: number;
  limit: number;
  page: number;
  onPageChange: (page: number) => void;
  label: string;
};

/** One button per page (ceiling of totalDoc / limit), the current one highlighted. */
export const PageButtons = ({ totalDoc, limit, page, onPageChange, label }: PageButtonsProps) => {
  const pages = pageCount(totalDoc, limit);
  if (pages < 2) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-2">
      {Array.from({ length: pages }, (_, index) => index + 1).map((number) => {
        const current = number === page;
        return (
          <Button
            key={number}
            size="icon"
            variant={current ? 'default' : 'outline'}
            className="size-9"
            aria-label={`Page ${number}`}
            aria-current={current ? 'page' : undefined}
            onClick={() => onPageChange(number)}
          >
            {number}
          </Button>
        );
      })}
    </nav>
  );
};
