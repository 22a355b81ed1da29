const formatters = new Map<string, Intl.DateTimeFormat>();

/** An instant as the shop reads it, on its own clock: 'May 10, 2030, 3:45 PM'. */
export const instantText = (instant: string, timeZone: string, locale: string) => {
  const key = `${locale}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(instant));
};
