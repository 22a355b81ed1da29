import {
  DEFAULT_LOCALE,
  formatDay,
  formatInstantDay,
  formatInstantMoment,
  formatLongDay,
  formatShortDay,
  formatSlotTimes,
  viewerTimeZone,
} from '@carcare/contracts/display-format';
import { useShopConfig } from './shop-config';
import { useHydrated } from './ssr/use-hydrated';

type SlotTimes = { date: string; startTime: string; endTime: string; startsAt?: string };

/**
 * Days and times as every screen writes them: the shop's locale, and the shop's zone named whenever the
 * visitor's clock differs from it. The visitor's zone is read only once the page is the browser's, so server
 * HTML and the first render in the browser agree.
 */
export const useDisplayFormat = () => {
  const data = useShopConfig();
  const hydrated = useHydrated();
  const locale = data?.locale ?? DEFAULT_LOCALE;
  const options = data
    ? { timeZone: data.timeZone, viewerTimeZone: hydrated ? viewerTimeZone() : undefined, locale }
    : undefined;
  const timeZone = data?.timeZone ?? 'UTC';
  const day = (date: string) => formatDay(date, locale);
  /** A page heading's day, weekday first. */
  const longDay = (date: string) => formatLongDay(date, locale);
  /** A chart axis's day, without the year. */
  const shortDay = (date: string) => formatShortDay(date, locale);
  /** The day an instant (a review's, an account's creation) falls on where the shop is. */
  const instantDay = (instant: string) => formatInstantDay(instant, timeZone, locale);
  /** When something happened lately (a message sent) where the shop is: 'Nov 26, 10:04'. */
  const instantMoment = (instant: string) => formatInstantMoment(instant, timeZone, locale);
  const slotTimes = (slot: SlotTimes) => formatSlotTimes(slot, options);
  return {
    locale,
    day,
    longDay,
    shortDay,
    instantDay,
    instantMoment,
    slotTimes,
    when: (slot: SlotTimes) => `${day(slot.date)} ${slotTimes(slot)}`,
  };
};
