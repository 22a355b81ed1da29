type CountdownParts = { days: number; hours: number; minutes: number; seconds: number };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whole days, hours, minutes and seconds from `now` until the instant `target`; zero once it has passed. */
export const countdownParts = (target: string, now: number): CountdownParts => {
  const left = Math.max(0, Date.parse(target) - now);
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    seconds: Math.floor((left % MINUTE) / SECOND),
  };
};

/** SPEC section 4, word for word: 'Next Slot: days d, hours h, minutes m, seconds s'. */
export const formatNextSlot = ({ days, hours, minutes, seconds }: CountdownParts) =>
  `Next Slot: days ${days}, hours ${hours}, minutes ${minutes}, seconds ${seconds}`;

/** A booking card's countdown, e.g. '2d 03h 04m 05s'. */
export const formatCountdown = ({ days, hours, minutes, seconds }: CountdownParts) =>
  `${days}d ${String(hours).padStart(2, '0')}h ${String(minutes).padStart(2, '0')}m ${String(seconds).padStart(2, '0')}s`;
