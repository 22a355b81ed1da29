import type { Overview } from '@carcare/contracts/reports';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCount } from '../overview-figures';
import { ChartPanel } from './chart-panel';
import { CHART_THEME } from './chart-theme';
import { ChartTooltip } from './chart-tooltip';

type ServiceBookingsChartProps = { services: Overview['bookingsPerService'] };

const ROW_HEIGHT = 36;

export const ServiceBookingsChart = ({ services }: ServiceBookingsChartProps) => {
  const rows = services.map(({ service, bookings }) => ({ name: service.name, bookings }));
  const height = rows.length * ROW_HEIGHT + 40;
  return (
    <ChartPanel
      title="Bookings per service"
      table={
        <Table>
          <caption className="sr-only">Bookings per service, most booked first</caption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Service</TableHead>
              <TableHead scope="col" className="text-right">
                Bookings
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {services.map(({ service, bookings }) => (
              <TableRow key={service._id}>
                <TableHead scope="row" className="font-normal text-foreground">
                  {service.name}
                </TableHead>
                <TableCell className="text-right tabular-nums">{formatCount(bookings)}</TableCell>
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
          <XAxis type="number" allowDecimals={false} tick={CHART_THEME.tick} stroke={CHART_THEME.grid} />
          <YAxis type="category" dataKey="name" width={140} tick={CHART_THEME.tick} stroke={CHART_THEME.grid} />
          <Tooltip
            cursor={CHART_THEME.cursor}
            content={(props) => <ChartTooltip {...props} formatValue={formatCount} />}
          />
          <Bar dataKey="bookings" name="Bookings" fill={CHART_THEME.bar} radius={[0, 3, 3, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
};
