import { DateTime } from 'luxon';

// A zone's offset changes (DST, and the odd change of standard time) between two instants, from the
// IANA database as the runtime's Intl has it (through luxon): what an iCalendar VTIMEZONE lists, one
// observance per change, so a calendar app reads each local time in the feed as this server meant it.

export interface ZoneTransition {
  /** The instant of the change (ms since the epoch). */
  at: number;
  /** Minutes east of UTC before and after. */
  offsetFrom: number;
  offsetTo: number;
  /** Whether the time after the change is daylight-saving time. */
  dst: boolean;
  /** The offset's short name after the change (EST, CEST, GMT+5:30). */
  name: string;
}

const MINUTE_MS = 60_000;
/**
 * How far apart offsets are sampled. No zone in the database changes twice within a week (the
 * closest pairs, Morocco's Ramadan suspensions of DST, are about a month apart), so a change is
 * never missed by sampling weekly, then found to the second between two samples.
 */
const STEP_MS = 7 * 24 * 60 * MINUTE_MS;

const at = (ms: number, zone: string): DateTime => {
  const local = DateTime.fromMillis(ms, { zone, locale: 'en-US' });
  if (!local.isValid) throw new Error(`Invalid time zone: ${zone}`);
  return local;
};

/** The zone's offset at `ms`, in minutes east of UTC. */
export const offsetAt = (ms: number, zone: string): number => at(ms, zone).offset;

/** The short name of the zone's offset at `ms` (EST, CEST, GMT+5:30). */
export const offsetNameAt = (ms: number, zone: string): string => at(ms, zone).offsetNameShort ?? 'UTC';

/** Whether `ms` falls in the zone's daylight-saving time. */
export const isDstAt = (ms: number, zone: string): boolean => at(ms, zone).isInDST;

/** The first second in (`before`, `after`] whose offset is `after`'s (the offset changed once in between). */
const changeBetween = (before: number, after: number, zone: string): number => {
  const from = offsetAt(before, zone);
  let low = Math.floor(before / 1000);
  let high = Math.ceil(after / 1000);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetAt(middle * 1000, zone) === from) low = middle;
    else high = middle;
  }
  return high * 1000;
};

/** Every offset change of `zone` from `from` (included) to `to` (excluded), in order. */
export const zoneTransitions = (zone: string, from: number, to: number): ZoneTransition[] => {
  const found: ZoneTransition[] = [];
  let sample = from;
  let offset = offsetAt(from, zone);
  while (sample < to) {
    const next = Math.min(sample + STEP_MS, to);
    const nextOffset = offsetAt(next, zone);
    if (nextOffset !== offset) {
      const change = changeBetween(sample, next, zone);
      if (change < to) found.push({ at: change, offsetFrom: offset, offsetTo: nextOffset, dst: isDstAt(change, zone), name: offsetNameAt(change, zone) });
    }
    sample = next;
    offset = nextOffset;
  }
  return found;
};
