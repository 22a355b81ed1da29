const HOUR_MS = 3_600_000;

/**
 * Whether a customer may no longer cancel or move a booking online: later than `cutoffHours` before its start.
 * The same rule the API applies (decision 019), so the buttons are disabled before anyone asks.
 */
export const isPastCutoff = (startsAt: string, cutoffHours: number, now: number) =>
  now > Date.parse(startsAt) - cutoffHours * HOUR_MS;
