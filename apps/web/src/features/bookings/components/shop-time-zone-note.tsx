import { sameClock, viewerTimeZone, wallClockInstant, zoneShortName } from '@carcare/contracts/display-format';
import { useShopConfig } from '@/lib/shop-config';
import { useHydrated } from '@/lib/ssr/use-hydrated';

/** 'Times in Europe/Berlin (CET)': the zone's name, and the short name the slot times carry when it differs. */
const timesInZone = (timeZone: string, shortName: string) =>
  shortName === timeZone ? `Times in ${timeZone}` : `Times in ${timeZone} (${shortName})`;

/**
 * Says in which zone a day's times are when the visitor's clock differs from the shop's that day (the slot
 * times then carry the zone's short name too). The visitor's zone is the browser's, so the note is drawn only
 * once the page is the browser's: the server's HTML, which any visitor may get from the cache, never has it.
 */
export const ShopTimeZoneNote = ({ date }: { date: string }) => {
  const hydrated = useHydrated();
  const config = useShopConfig();
  if (!hydrated || !config) return null;
  // Midday: a day's times share its offset but on a daylight-saving day, whose change comes in the night.
  const midday = wallClockInstant(date, '12:00', config.timeZone);
  if (Number.isNaN(midday.getTime()) || sameClock(midday, config.timeZone, viewerTimeZone())) return null;
  return (
    <p className="text-muted-foreground text-sm">
      {timesInZone(config.timeZone, zoneShortName(midday, config.timeZone, config.locale))}
    </p>
  );
};
