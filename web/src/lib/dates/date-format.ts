import { utcDay, type LocalDate } from './local-date.ts';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** 'Mon, Nov 23, 2026' style, for a calendar date (shown as the date it is, whatever the zone). */
export const formatLocalDate = (
  date: LocalDate,
  options: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
): string => {
  const key = JSON.stringify(options);
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' });
    dayFormats.set(key, format);
  }
  return format.format(utcDay(date));
};

/** An instant as date and time in the user's zone; undefined for none or one that is not an instant. */
export const formatMomentIn = (iso: string | null, zone: string): string | undefined => {
  if (!iso) return undefined;
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return undefined;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(instant);
};
