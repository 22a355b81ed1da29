import type { OverviewPeriod } from '@carcare/contracts/reports';
import { formatPrice } from '@/lib/format-price';
import type { ChangeKind } from './period-change';

/** One headline figure of the overview: how to read it from a period, show it and compare it. */
export type OverviewFigure = {
  label: string;
  value: (period: OverviewPeriod) => number | null;
  format: (value: number, currency: string) => string;
  change: ChangeKind;
  /** Whether a fall is the good news (the no-show rate). */
  lowerIsBetter?: boolean;
  detail?: (period: OverviewPeriod, currency: string) => string;
};

export const formatCount = (value: number) => value.toLocaleString('en-US');

export const formatRate = (rate: number) => `${Math.round(rate * 100)}%`;

const formatHours = (minutes: number) => (Math.round((minutes / 60) * 10) / 10).toLocaleString('en-US');

export const OVERVIEW_FIGURES: readonly OverviewFigure[] = [
  {
    label: 'Revenue',
    value: (period) => period.revenue,
    format: formatPrice,
    change: 'percent',
    detail: (period, currency) =>
      `${formatPrice(period.paid, currency)} paid, ${formatPrice(period.refunded, currency)} refunded`,
  },
  {
    label: 'Bookings',
    value: (period) => period.bookings.total,
    format: formatCount,
    change: 'percent',
    detail: ({ bookings }) =>
      `${formatCount(bookings.completed)} completed · ${formatCount(bookings.no_show)} no-show · ${formatCount(bookings.cancel)} cancelled`,
  },
  {
    label: 'Occupancy',
    value: (period) => period.occupancy.rate,
    format: formatRate,
    change: 'points',
    detail: ({ occupancy }) =>
      `${formatHours(occupancy.bookedMinutes)} of ${formatHours(occupancy.openMinutes)} bay hours booked`,
  },
  {
    label: 'No-show rate',
    value: (period) => period.noShowRate,
    format: formatRate,
    change: 'points',
    lowerIsBetter: true,
    detail: ({ bookings }) => `Of ${formatCount(bookings.completed + bookings.no_show)} bookings with an outcome`,
  },
  {
    label: 'New customers',
    value: (period) => period.newCustomers,
    format: formatCount,
    change: 'percent',
  },
  {
    label: 'Average rating',
    value: (period) => period.averageRating,
    format: (value) => value.toFixed(1),
    change: 'stars',
    detail: ({ reviews }) => `From ${formatCount(reviews)} ${reviews === 1 ? 'review' : 'reviews'}`,
  },
];

/** A period with nothing to chart: no bookings, reviews or new customers. */
export const isQuietPeriod = (period: OverviewPeriod) =>
  period.bookings.total === 0 && period.reviews === 0 && period.newCustomers === 0 && period.revenue === 0;
