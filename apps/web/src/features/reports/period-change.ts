/**
 * How a figure moved since the previous period. Counts and money move in percent of what they were; rates move in
 * percentage points (a no-show rate from 10% to 12% is "+2 pts", not "+20%"); the rating moves in stars.
 */
export type ChangeKind = 'percent' | 'points' | 'stars';

export type PeriodChange = { text: string; direction: 'up' | 'down' | 'flat' };

const signed = (value: number, text: string) => (value > 0 ? `+${text}` : text);

const directionOf = (value: number): PeriodChange['direction'] => {
  if (value > 0) return 'up';
  return value < 0 ? 'down' : 'flat';
};

/** The change from `previous` to `current`, or null when there is nothing to compare with. */
export const periodChange = (
  current: number | null,
  previous: number | null,
  kind: ChangeKind,
): PeriodChange | null => {
  if (current === null || previous === null) return null;
  if (kind === 'percent') {
    if (previous === 0) return null;
    const percent = Math.round(((current - previous) / previous) * 100);
    return { text: signed(percent, `${percent}%`), direction: directionOf(percent) };
  }
  if (kind === 'points') {
    const points = Math.round((current - previous) * 100);
    return { text: signed(points, `${points} pts`), direction: directionOf(points) };
  }
  const stars = Math.round((current - previous) * 10) / 10;
  return { text: signed(stars, stars.toFixed(1)), direction: directionOf(stars) };
};

/** What the change is measured against: 'previous day', 'previous 30 days'. */
export const previousPeriodName = (days: number) => (days === 1 ? 'previous day' : `previous ${days} days`);
