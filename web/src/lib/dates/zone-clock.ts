/**
 * Dates in the user's zone. The server decides "today" and a habit's period in the user's
 * profile zone, so the screens do the same rather than use the browser's zone: a traveller's laptop
 * must not show another day than the streak is counted on. Intl does the zone work.
 */
import type { LocalDate } from './local-date.ts';

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

const dayFormatterFor = (zone: string): Intl.DateTimeFormat => {
  let formatter = dayFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(zone, formatter);
  }
  return formatter;
};

/** The local date of an instant in a zone. */
export const localDateOf = (instant: Date | string, zone: string): LocalDate => {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of dayFormatterFor(zone).formatToParts(typeof instant === 'string' ? new Date(instant) : instant)) parts[part.type] = part.value;
  return `${parts.year!.padStart(4, '0')}-${parts.month}-${parts.day}`;
};

export const todayIn = (zone: string, now: Date = new Date()): LocalDate => localDateOf(now, zone);
