/** A closure's days as the screen writes them: one day, or its first and last. */
export const closureDays = (closure: { startDate: string; endDate: string }, day: (date: string) => string) =>
  closure.startDate === closure.endDate
    ? day(closure.startDate)
    : `${day(closure.startDate)} – ${day(closure.endDate)}`;
