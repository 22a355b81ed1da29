/** Chart colours from the theme's variables, so that the charts follow the light and dark themes. */
export const CHART_THEME = {
  bar: 'var(--primary)',
  grid: 'var(--border)',
  tick: { fill: 'var(--muted-foreground)', fontSize: 12 },
  cursor: { fill: 'var(--muted)' },
} as const;
