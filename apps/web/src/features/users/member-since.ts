import { format, isValid, parseISO } from 'date-fns';

/** SPEC section 2: shown when a profile has no creation date. */
const MEMBER_SINCE_FALLBACK = '11-11-2022';

export const memberSince = (createdAt: string | null | undefined) => {
  if (!createdAt) return MEMBER_SINCE_FALLBACK;
  const date = parseISO(createdAt);
  return isValid(date) ? format(date, 'dd-MM-yyyy') : MEMBER_SINCE_FALLBACK;
};
