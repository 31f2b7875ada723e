import ICAL from 'ical.js';

// Tests read the feed with a real iCalendar parser (Mozilla's ical.js, as Thunderbird uses), never
// with this codebase's own writer: what a calendar app would show is what they compare.

export interface ReadEvent {
  uid: string;
  summary: string;
  description: string;
  categories: string[];
  /** All-day (DATE) events: habits. */
  allDay: boolean;
  /** The first start: for a DATE-TIME, the instant as the parser reads it with the feed's VTIMEZONE. */
  start: Date;
  /** The TZID the start is written in, if any. */
  tzid: string | null;
  recurring: boolean;
  /** The days of the occurrences (DATE events) from `from` to `to` (YYYY-MM-DD, both included), RRULE and EXDATE applied. */
  daysBetween(from: string, to: string): string[];
}

export interface ReadFeed {
  /** The calendar's X-WR-TIMEZONE. */
  zone: string | undefined;
  /** The TZIDs of its VTIMEZONE blocks. */
  timezones: string[];
  events: ReadEvent[];
}

const timeOf = (date: string): ICAL.Time => ICAL.Time.fromDateString(date);

export const readFeed = (text: string): ReadFeed => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const timezones = calendar.getAllSubcomponents('vtimezone').map((component) => {
    const zone = new ICAL.Timezone(component);
    ICAL.TimezoneService.register(zone, zone.tzid);
    return zone.tzid;
  });
  const events = calendar.getAllSubcomponents('vevent').map((component): ReadEvent => {
    const event = new ICAL.Event(component);
    const dtstart = component.getFirstProperty('dtstart')!;
    const tzid = dtstart.getParameter('tzid');
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description ?? '',
      categories: component.getAllProperties('categories').flatMap((property) => property.getValues().map(String)),
      allDay: event.startDate.isDate,
      start: event.startDate.toJSDate(),
      tzid: typeof tzid === 'string' ? tzid : null,
      recurring: event.isRecurring(),
      daysBetween(from, to) {
        const days: string[] = [];
        const last = timeOf(to);
        const first = timeOf(from);
        const expansion = event.iterator();
        for (let next = expansion.next(); next && next.compare(last) <= 0; next = expansion.next()) {
          if (next.compare(first) >= 0) days.push(next.toString().slice(0, 10));
        }
        return days;
      },
    };
  });
  const zone = calendar.getFirstPropertyValue('x-wr-timezone');
  return { zone: typeof zone === 'string' ? zone : undefined, timezones, events };
};
