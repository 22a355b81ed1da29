import type { Overview } from '@carcare/contracts/reports';
import { OVERVIEW_PRICING_WORDS } from '@carcare/contracts/reports-constants';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatPrice } from '@/lib/format-price';
import { formatCount } from '../overview-figures';
import { ChartPanel } from './chart-panel';
import { CHART_THEME } from './chart-theme';
import { ChartTooltip } from './chart-tooltip';

type ClassRevenueChartProps = { classes: Overview['revenueByClass']; currency: string };

const ROW_HEIGHT = 36;

const classNameOf = ({ vehicleClass }: Overview['revenueByClass'][number]) =>
  vehicleClass?.name ?? OVERVIEW_PRICING_WORDS.noClass;

/** What each vehicle class brought in over the range, most first, with its paid bookings in the table. */
export const ClassRevenueChart = ({ classes, currency }: ClassRevenueChartProps) => {
  const money = (value: number) => formatPrice(value, currency);
  const rows = classes.map((row) => ({ name: classNameOf(row), revenue: row.revenue }));
  const height = Math.max(rows.length, 1) * ROW_HEIGHT + 40;
  return (
    <ChartPanel
      title={OVERVIEW_PRICING_WORDS.revenueByClass}
      table={
        <Table>
          <caption className="sr-only">{OVERVIEW_PRICING_WORDS.revenueByClassCaption}</caption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Class</TableHead>
              <TableHead scope="col" className="text-right">
                Revenue
              </TableHead>
              <TableHead scope="col" className="text-right">
                Bookings
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {classes.map((row) => (
              <TableRow key={row.vehicleClass?._id ?? 'none'}>
                <TableHead scope="row" className="whitespace-normal font-normal text-foreground">
                  {classNameOf(row)}
                </TableHead>
                <TableCell className="text-right tabular-nums">{money(row.revenue)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCount(row.bookings)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
    >
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 480, height }}>
        <BarChart
          data={rows}
          layout="vertical"
          accessibilityLayer={false}
          margin={{ top: 0, right: 16, bottom: 0, left: 8 }}
        >
          <CartesianGrid horizontal={false} stroke={CHART_THEME.grid} />
          <XAxis type="number" tickFormatter={money} tick={CHART_THEME.tick} stroke={CHART_THEME.grid} />
          <YAxis type="category" dataKey="name" width={110} tick={CHART_THEME.tick} stroke={CHART_THEME.grid} />
          <Tooltip cursor={CHART_THEME.cursor} content={(props) => <ChartTooltip {...props} formatValue={money} />} />
          <Bar dataKey="revenue" name="Revenue" fill={CHART_THEME.bar} radius={[0, 3, 3, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
};
