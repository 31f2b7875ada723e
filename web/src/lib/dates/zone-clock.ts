/**
 * Wall-clock times in the user's zone. The server decides "today" and a habit's period in the user's
 * profile zone, so the screens do the same rather than use the browser's zone: a traveller's laptop
 * must not show another day than the streak is counted on. Intl does the zone work.
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

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock of an instant in a zone. */
export const wallClockAt = (instant: Date, zone: string): WallClock => {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
};

export const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
export const dateOf = ({ year, month, day }: Pick<WallClock, 'year' | 'month' | 'day'>): LocalDate => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** The local date of an instant in a zone. */
export const localDateOf = (instant: Date | string, zone: string): LocalDate =>
  dateOf(wallClockAt(typeof instant === 'string' ? new Date(instant) : instant, zone));

export const todayIn = (zone: string, now: Date = new Date()): LocalDate => localDateOf(now, zone);
