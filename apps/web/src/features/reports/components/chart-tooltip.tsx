import type { TooltipContentProps } from 'recharts';

type ChartTooltipProps = Pick<TooltipContentProps, 'active' | 'payload' | 'label'> & {
  formatLabel?: (label: string) => string;
  formatValue: (value: number) => string;
};

/** The hover card of the overview's charts, in the theme's popover colours. */
export const ChartTooltip = ({ active, payload, label, formatLabel, formatValue }: ChartTooltipProps) => {
  if (!active || payload.length === 0) return null;
  const text = String(label ?? '');
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-popover-foreground text-xs shadow-md">
      <p className="mb-1 font-medium">{formatLabel ? formatLabel(text) : text}</p>
      {payload.map((item) => (
        <p key={String(item.dataKey)} className="tabular-nums">
          {item.name}: {typeof item.value === 'number' ? formatValue(item.value) : String(item.value)}
        </p>
      ))}
    </div>
  );
};
