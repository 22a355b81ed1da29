/** SPEC section 2: the day shown when a profile has no creation date, 11-11-2022. */
const MEMBER_SINCE_FALLBACK = '2022-11-11';

type DayFormat = { day: (date: string) => string; instantDay: (instant: string) => string };

/** The day the account was created, in the app's one date format; SPEC's fallback day when unknown. */
export const memberSince = (createdAt: string | null | undefined, format: DayFormat) =>
  (createdAt ? format.instantDay(createdAt) : '') || format.day(MEMBER_SINCE_FALLBACK);
