/**
 * Calendar dates (YYYY-MM-DD strings, compared as strings) and wall-clock times in the user's zone.
 * The server decides "today" and a habit's period in the user's profile zone, so the screens do the
 * same rather than use the browser's zone: a traveller's laptop must not show another day than the
 * streak is counted on. Intl does the zone work; calendar arithmetic is done in UTC, so no DST
 * change can shift a day.
 */

/** A calendar date, YYYY-MM-DD. */
export type LocalDate = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (zone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
};

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const wallClockAt = (instant: Date, zone: string): WallClock => {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
};

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
const dateOf = ({ year, month, day }: Pick<WallClock, 'year' | 'month' | 'day'>): LocalDate => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** Whether Intl knows the zone (a stored profile zone always should; a typo must not break a screen). */
export const isKnownZone = (zone: string): boolean => {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
};

export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The local date of an instant in a zone. */
export const localDateOf = (instant: Date | string, zone: string): LocalDate =>
  dateOf(wallClockAt(typeof instant === 'string' ? new Date(instant) : instant, zone));

export const todayIn = (zone: string, now: Date = new Date()): LocalDate => localDateOf(now, zone);

const utcDay = (date: LocalDate): Date => new Date(`${date}T00:00:00.000Z`);

export const isCalendarDate = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value) && utcDay(value).toISOString().startsWith(value);

export const addDays = (date: LocalDate, days: number): LocalDate => {
  const moved = utcDay(date);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
};

/** 0 = Sunday … 6 = Saturday, as recurrence days count. */
export const weekdayOf = (date: LocalDate): number => utcDay(date).getUTCDay();

export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

const DAY_MS = 86_400_000;

/** The zone's offset from UTC at an instant, in milliseconds. */
const offsetAt = (instantMs: number, zone: string): number => {
  const wall = wallClockAt(new Date(instantMs), zone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(instantMs / 1000) * 1000;
};

/**
 * The instant of an <input type="datetime-local"> value read as a wall-clock time in `zone`
 * ('2026-03-08T09:30' in America/New_York → '2026-03-08T13:30:00.000Z'). A time skipped by a DST
 * change lands an hour later, as clocks do; undefined for a value that is not a date and time.
 */
export const zonedInputToInstant = (value: string, zone: string): string | undefined => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  if (Number.isNaN(wall)) return undefined;
  // The offsets a day either side: they differ only around a DST change.
  const before = offsetAt(wall - DAY_MS, zone);
  const after = offsetAt(wall + DAY_MS, zone);
  const fits = [before, after].map((offset) => wall - offset).filter((instant) => offsetAt(instant, zone) === wall - instant);
  // A repeated time (autumn) means its first passing; a skipped one (spring) the offset before the gap.
  return new Date(fits.length > 0 ? Math.min(...fits) : wall - before).toISOString();
};

/** The <input type="datetime-local"> value of an instant in `zone` ('' for none). */
export const instantToZonedInput = (iso: string | null, zone: string): string => {
  if (!iso) return '';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const wall = wallClockAt(instant, zone);
  return `${dateOf(wall)}T${pad(wall.hour)}:${pad(wall.minute)}`;
};

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** 'Mon, 23 Nov 2026' style, for a calendar date (shown as the date it is, whatever the zone). */
export const formatLocalDate = (
  date: LocalDate,
  options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
): string => {
  const key = JSON.stringify(options);
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' });
    dayFormats.set(key, format);
  }
  return format.format(utcDay(date));
};

/** An instant as date and time in the user's zone. */
export const formatMomentIn = (iso: string | null, zone: string): string | undefined => {
  if (!iso) return undefined;
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return undefined;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(instant);
};
