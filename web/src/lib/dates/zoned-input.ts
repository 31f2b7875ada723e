/**
 * Wall-clock times typed by the user (a datetime-local input, the audit's "as of" minute) read as
 * instants in their zone, and back.
 */
import { dateOf, pad, wallClockAt } from './zone-clock.ts';

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
