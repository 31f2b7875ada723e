/**
 * Wall-clock times typed by the user (a datetime-local input, the audit's "as of" minute) read as
 * instants in their zone, and back.
 */
import type { LocalDate } from './local-date.ts';

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

/** The wall clock of an instant in a zone. */
const wallClockAt = (instant: Date, zone: string): WallClock => {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
};

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
const dateOf = ({ year, month, day }: Pick<WallClock, 'year' | 'month' | 'day'>): LocalDate => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

const DAY_MS = 86_400_000;

/** The zone's offset from UTC at an instant (whole seconds), in milliseconds. */
const offsetAt = (instantMs: number, zone: string): number => {
  const wall = wallClockAt(new Date(instantMs), zone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(instantMs / 1000) * 1000;
};

/**
 * The instant (milliseconds) a wall-clock time, given as the UTC milliseconds of its fields, first
 * shows in `zone`. A repeated time (autumn) is its first passing; a time skipped by a DST change
 * (spring) lands where the clocks went on to, as the offset before the gap gives.
 */
export const instantOfWallClock = (wallMs: number, zone: string): number => {
  // The offsets a day either side: they differ only around a DST change.
  const before = offsetAt(wallMs - DAY_MS, zone);
  const after = offsetAt(wallMs + DAY_MS, zone);
  const fits = [before, after].map((offset) => wallMs - offset).filter((instant) => offsetAt(instant, zone) === wallMs - instant);
  return fits.length > 0 ? Math.min(...fits) : wallMs - before;
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
  return new Date(instantOfWallClock(wall, zone)).toISOString();
};

/** The <input type="datetime-local"> value of an instant in `zone` ('' for none). */
export const instantToZonedInput = (iso: string | null, zone: string): string => {
  if (!iso) return '';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const wall = wallClockAt(instant, zone);
  return `${dateOf(wall)}T${pad(wall.hour)}:${pad(wall.minute)}`;
};
