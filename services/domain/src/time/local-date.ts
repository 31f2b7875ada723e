import { DateTime } from 'luxon';

/** The calendar date at `instant` in `zone` (IANA), as YYYY-MM-DD. */
export const localDateOf = (instant: Date, zone: string): string => {
  const local = DateTime.fromJSDate(instant, { zone });
  if (!local.isValid) throw new Error(`Invalid time zone: ${zone}`);
  return local.toISODate();
};
