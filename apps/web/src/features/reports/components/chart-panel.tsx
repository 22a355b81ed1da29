import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type ChartPanelProps = {
  title: string;
  /** The chart's figures as a table: read by screen readers, and shown instead of the chart on request. */
  table: ReactNode;
  children: ReactNode;
  className?: string;
};

/**
 * A chart under its heading. The drawing is hidden from assistive technology; its table is always in the page
 * (visually hidden) and the "Show as table" toggle puts it on screen in place of the drawing.
 */
export const ChartPanel = ({ title, table, children, className }: ChartPanelProps) => {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('min-w-0 space-y-3 rounded-lg border bg-card p-4 text-card-foreground', className)}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="font-semibold">
          {title}
        </h2>
        <Button type="button" variant="ghost" size="sm" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          Show as table
        </Button>
      </div>
      {asTable ? null : <div aria-hidden="true">{children}</div>}
      <div className={asTable ? undefined : 'sr-only'}>{table}</div>
    </section>
  );
};
