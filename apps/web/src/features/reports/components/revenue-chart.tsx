import type { Overview } from '@carcare/contracts/reports';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatPrice } from '@/lib/format-price';
import { useDisplayFormat } from '@/lib/use-display-format';
import { formatCount } from '../overview-figures';
import { ChartPanel } from './chart-panel';
import { CHART_THEME } from './chart-theme';
import { ChartTooltip } from './chart-tooltip';

type RevenueChartProps = { days: Overview['revenuePerDay']; currency: string };

export const RevenueChart = ({ days, currency }: RevenueChartProps) => {
  const money = (value: number) => formatPrice(value, currency);
  const { day: tableDay, shortDay } = useDisplayFormat();
  return (
    <ChartPanel
      title="Revenue per day"
      table={
        <Table>
          <caption className="sr-only">Revenue and bookings per day</caption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Day</TableHead>
              <TableHead scope="col" className="text-right">
                Revenue
              </TableHead>
              <TableHead scope="col" className="text-right">
                Bookings
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {days.map((day) => (
              <TableRow key={day.date}>
                <TableHead scope="row" className="font-normal text-foreground">
                  {tableDay(day.date)}
                </TableHead>
                <TableCell className="text-right tabular-nums">{money(day.revenue)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCount(day.bookings)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
    >
      <ResponsiveContainer width="100%" height={260} initialDimension={{ width: 640, height: 260 }}>
        <BarChart data={days} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid vertical={false} stroke={CHART_THEME.grid} />
          <XAxis
            dataKey="date"
            tickFormatter={shortDay}
            tick={CHART_THEME.tick}
            stroke={CHART_THEME.grid}
            minTickGap={24}
          />
          <YAxis tickFormatter={money} tick={CHART_THEME.tick} stroke={CHART_THEME.grid} width={72} />
          <Tooltip
            cursor={CHART_THEME.cursor}
            content={(props) => <ChartTooltip {...props} formatLabel={tableDay} formatValue={money} />}
          />
          <Bar dataKey="revenue" name="Revenue" fill={CHART_THEME.bar} radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
};
