import { pageCount } from '@carcare/contracts/pagination-constants';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { MAX_PAGES_SHOWN_IN_FULL, pageWindow } from './page-window';

type PageButtonsProps = {
  page: number;
  totalDoc: number;
  limit: number;
  onChange: (page: number) => void;
  /** The navigation's accessible name, when a screen has more than one list. */
  label?: string;
};

/**
 * The page row of a list: ceil(totalDoc / limit) pages, the current one highlighted. Long lists show a window of
 * pages with Previous and Next instead of one button per page.
 */
export const PageButtons = ({ page, totalDoc, limit, onChange, label = 'Pagination' }: PageButtonsProps) => {
  const count = pageCount(totalDoc, limit);
  if (count <= 1) return null;
  const current = Math.min(Math.max(page, 1), count);
  const stepped = count > MAX_PAGES_SHOWN_IN_FULL;

  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {stepped ? (
          <li>
            <Button
              size="sm"
              variant="outline"
              aria-label="Previous page"
              disabled={current === 1}
              onClick={() => onChange(current - 1)}
            >
              <ChevronLeftIcon aria-hidden="true" />
              Previous
            </Button>
          </li>
        ) : null}
        {pageWindow(count, current).map((item) =>
          item.kind === 'gap' ? (
            <li key={`gap-${item.after}`} aria-hidden="true" className="px-1 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Button
                size="sm"
                variant={item.page === page ? 'default' : 'outline'}
                aria-label={`Page ${item.page}`}
                aria-current={item.page === page ? 'page' : undefined}
                onClick={() => onChange(item.page)}
              >
                {item.page}
              </Button>
            </li>
          ),
        )}
        {stepped ? (
          <li>
            <Button
              size="sm"
              variant="outline"
              aria-label="Next page"
              disabled={current === count}
              onClick={() => onChange(current + 1)}
            >
              Next
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </li>
        ) : null}
      </ul>
    </nav>
  );
};
