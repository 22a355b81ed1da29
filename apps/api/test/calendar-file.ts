import ICAL from 'ical.js';

/** When an event starts or ends: the wall-clock time and zone written in the file, and the instant they mean. */
type EventTime = { tzid: string | null; local: string; instant: string };

/**
 * Reads an iCalendar file back with ical.js, resolving its TZIDs through the VTIMEZONEs it carries (so an
 * instant is right only if the file's own time zone definitions are), and returns what a calendar shows.
 */
export function readCalendarFile(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const vevents = calendar.getAllSubcomponents('vevent');
  const vevent = vevents[0];
  if (!vevent) throw new Error('no VEVENT in the calendar file');
  const event = new ICAL.Event(vevent);
  const time = (name: 'dtstart' | 'dtend'): EventTime => {
    const property = vevent.getFirstProperty(name);
    const value = property?.getFirstValue();
    if (!(value instanceof ICAL.Time)) throw new Error(`${name} is not a date-time`);
    const tzid = property?.getParameter('tzid');
    return {
      tzid: typeof tzid === 'string' ? tzid : null,
      local: value.toString(),
      instant: value.toJSDate().toISOString(),
    };
  };
  const stamp = vevent.getFirstPropertyValue('dtstamp');
  return {
    version: calendar.getFirstPropertyValue('version'),
    prodId: calendar.getFirstPropertyValue('prodid'),
    method: calendar.getFirstPropertyValue('method'),
    timeZones: zones.map((zone) => zone.getFirstPropertyValue('tzid')),
    eventCount: vevents.length,
    uid: event.uid,
    sequence: event.sequence,
    stamp:
      stamp instanceof ICAL.Time ? { utc: stamp.zone?.tzid === 'UTC', instant: stamp.toJSDate().toISOString() } : null,
    start: time('dtstart'),
    end: time('dtend'),
    summary: event.summary,
    location: event.location,
    description: event.description,
    url: vevent.getFirstPropertyValue('url'),
    status: vevent.getFirstPropertyValue('status'),
  };
}
