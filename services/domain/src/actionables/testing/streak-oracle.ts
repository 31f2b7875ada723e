import type { Recurrence } from '@tracker/contracts/actionables/http';

/*
 * A plain day-counting oracle for the recurrence and streak properties, written apart from the
 * module under test: days are integers since 1970-01-01, weekdays come from arithmetic, local dates
 * from Intl (the runtime's own time-zone data), and every answer comes from walking day by day.
 * No luxon, nothing shared with recurrence.ts.
 */

const DAY_MS = 86_400_000;

export const dayNumber = (date: string): number => {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!) / DAY_MS;
};
export const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** 1970-01-01 was a Thursday (4). */
const weekday = (day: number): number => (((day + 4) % 7) + 7) % 7;

export const isScheduled = (recurrence: Recurrence, day: number): boolean => {
  switch (recurrence.frequency) {
    case 'daily':
      return true;
    case 'weekly':
      return recurrence.days.includes(weekday(day));
    case 'monthly': {
      const date = new Date(day * DAY_MS);
      const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
      return date.getUTCDate() === Math.min(recurrence.dayOfMonth, lastDay);
    }
    case 'everyNDays':
      // Counted from 1900-01-01 when no start anchors it (recurrence.ts's NO_ANCHOR).
      return (((day - dayNumber('1900-01-01')) % recurrence.everyNDays) + recurrence.everyNDays) % recurrence.everyNDays === 0;
    case 'timesPerWeek':
      return true;
  }
};

export const scheduledOnOrBefore = (recurrence: Recurrence, day: number): number => {
  let at = day;
  while (!isScheduled(recurrence, at)) at -= 1;
  return at;
};
export const scheduledAfter = (recurrence: Recurrence, day: number): number => {
  let at = day + 1;
  while (!isScheduled(recurrence, at)) at += 1;
  return at;
};

/** The whole history, kept as a set of credited days: what the real state must never need. */
export class StreakOracle {
  private readonly credited = new Set<number>();
  private last: number | null = null;

  constructor(private readonly recurrence: Recurrence) {}

  /** A completion on local day `day`: the credited occurrence and streak, or 'refused'. */
  complete(day: number): { occurrence: number; streak: number } | 'refused' {
    const occurrence = scheduledOnOrBefore(this.recurrence, day);
    if (this.last !== null && occurrence <= this.last) return 'refused';
    this.credited.add(occurrence);
    this.last = occurrence;
    return { occurrence, streak: this.runEndingAt(occurrence) };
  }

  private runEndingAt(day: number): number {
    let count = 0;
    for (let at = day; this.credited.has(at); at = scheduledOnOrBefore(this.recurrence, at - 1)) count += 1;
    return count;
  }

  /** The streak shown on `today`: the current occurrence may still be open; any earlier miss shows 0. */
  streakOn(today: number): number {
    if (this.last === null) return 0;
    let at = scheduledOnOrBefore(this.recurrence, today);
    if (at > this.last) {
      if (!this.credited.has(at)) at = scheduledOnOrBefore(this.recurrence, at - 1);
      if (at > this.last) return 0;
    }
    return this.runEndingAt(this.last);
  }
}

// Swedish writes the wall clock as 'YYYY-MM-DD HH:MM:SS' on the 24-hour clock: its numbers, in order.
const formatters = new Map<string, Intl.DateTimeFormat>();
const wallClock = (epochMs: number, zone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> => {
  const format = formatters.get(zone) ?? new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'medium' });
  formatters.set(zone, format);
  const [year, month, day, hour, minute, second] = format.format(epochMs).split(/\D+/).map(Number) as [number, number, number, number, number, number];
  return { year, month, day, hour, minute, second };
};

/** The local date at an instant in a zone, as Intl sees it. */
export const intlLocalDate = (epochMs: number, zone: string): string => {
  const { year, month, day } = wallClock(epochMs, zone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

const offsetAt = (epochMs: number, zone: string): number => {
  const { year, month, day, hour, minute, second } = wallClock(epochMs, zone);
  return Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(epochMs / 1000) * 1000;
};

/** An instant whose wall clock in `zone` reads `date` at `minuteOfDay` (or nearby, inside a DST gap). */
export const instantAtLocal = (date: string, minuteOfDay: number, zone: string): number => {
  const wall = dayNumber(date) * DAY_MS + minuteOfDay * 60_000;
  const first = wall - offsetAt(wall, zone);
  return wall - offsetAt(first, zone);
};

/**
 * At least 20 zones, chosen for what breaks day arithmetic: DST (both hemispheres, at midnight, by
 * half an hour, negative in Dublin, two hours in Troll), half-hour and 45-minute offsets, and both
 * sides of the date line (+14, −11, −12, Samoa's skipped day).
 */
export const zones = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'America/St_Johns',
  'America/Sao_Paulo',
  'America/Santiago',
  'America/Havana',
  'America/Asuncion',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Berlin',
  'Africa/Casablanca',
  'Asia/Beirut',
  'Asia/Tehran',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Yangon',
  'Asia/Tokyo',
  'Australia/Eucla',
  'Australia/Adelaide',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Auckland',
  'Pacific/Tongatapu',
  'Pacific/Apia',
  'Pacific/Kiritimati',
  'Pacific/Marquesas',
  'Pacific/Honolulu',
  'Pacific/Pago_Pago',
  'Etc/GMT+12',
  'Antarctica/Troll',
] as const;
