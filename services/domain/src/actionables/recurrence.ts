import { HABIT_STREAK_MAX, type Recurrence } from '@tracker/contracts/actionables/http';
import { isLocalDate, type LocalDate } from '../time/local-date.ts';

/*
 * Recurrence and streak arithmetic for habits, on local dates (YYYY-MM-DD strings, compared as
 * strings). Pure; the calendar math runs on day numbers (whole days since 1970-01-01, a date's UTC
 * midnight), so no zone's DST can shift a day — and a habit's events fold in microseconds: every
 * completion an aggregate replays asks for a few occurrences (luxon took ~60 µs for each).
 * Zones matter in one place only: `localDateOf` (time/local-date), which turns the instant of a completion into the
 * local date it counts on. Everything after that is dates.
 *
 * Layers, and where each planned addition goes:
 * 1. `localDateOf(instant, zone)` — the day a completion counts on. A day-start hour (a day that
 *    ends at 03:00) is an extra parameter here: shift the instant back by it before taking the
 *    local date. Nothing below changes.
 * 2. `schedules` — one entry per recurrence kind, each only answering "the latest occurrence on or
 *    before this date". Every N days (an anchor date and N) is one more variant in contracts and one
 *    more entry here; `previousOccurrence`, `isNextAfter` and `streakAt` are built on this one
 *    question and keep working.
 * 3. `creditCompletion` — the one rule that turns a completion into a credit: which occurrence it
 *    counts for, whether that occurrence is already credited, and the streak after it. The decider
 *    calls nothing else, so:
 *    - x times per week: an occurrence (the week) needs `quota` completions; `StreakState` gains
 *      the count credited to `lastCredited` and "already credited" becomes "count reached quota".
 *    - audited freeze days: `missedBetween` ignores occurrences the user froze; the frozen dates
 *      after `lastCredited` (a short list, never the history) join `StreakState`.
 *    - completing a missed day afterwards: a completion credited to an occurrence before
 *      `lastCredited` is today refused as already done; accepting it means keeping the last few
 *      runs (start and length) in `StreakState` so the gap it fills can join two runs.
 *    Each is a field and a branch, not a rewrite; the state stays a few fields, whatever the
 *    habit's age.
 */

/** A calendar date as whole days since 1970-01-01. */
type Day = number;

const DAY_MS = 86_400_000;

const dateOf = (day: Day): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

const day = (date: LocalDate): Day => {
  const midnight = isLocalDate(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  // Date.parse rolls 2026-02-30 over to March 2: a date must name itself back.
  if (Number.isNaN(midnight) || dateOf(midnight / DAY_MS) !== date) throw new Error(`Not a calendar date: ${date}`);
  return midnight / DAY_MS;
};
// Local dates compare as strings, so every one must be YYYY-MM-DD: a walk past 9999-12-31 would
// give `+010000-01-01`, which sorts before every real date.
const iso = (day: Day): LocalDate => {
  const written = dateOf(day);
  if (!isLocalDate(written)) throw new RangeError(`Outside the calendar (1900–9999): ${written}`);
  return written;
};

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
const weekdayOfDay = (day: Day): number => (((day + 4) % 7) + 7) % 7;

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: LocalDate): number => weekdayOfDay(day(date));

/** The day `dayOfMonth` of the month `monthsBack` months before `day`'s, or that month's last day when it is shorter. */
const dayOfMonthIn = (day: Day, monthsBack: number, dayOfMonth: number): Day => {
  const at = new Date(day * DAY_MS);
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() - monthsBack;
  // Day 0 of the next month is this month's last day.
  const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(dayOfMonth, length)) / DAY_MS;
};

type ScheduleOf<F extends Recurrence['frequency']> = (recurrence: Extract<Recurrence, { frequency: F }>, date: Day, anchor: Day) => Day;

/** Where an every-N-days count starts when the habit has no start date (none does: the kind came with start dates). */
const NO_ANCHOR = '1900-01-01';

/** For each kind: the latest occurrence on or before `date` (`anchor`: the habit's start, for kinds counted from it). */
const schedules: { [F in Recurrence['frequency']]: ScheduleOf<F> } = {
  daily: (_, date) => date,
  // Any day can hold one of the week's completions; the week is the period (habit-schedule.ts).
  timesPerWeek: (_, date) => date,
  everyNDays: ({ everyNDays }, date, anchor) => anchor + Math.floor((date - anchor) / everyNDays) * everyNDays,
  weekly: ({ days }, date) => {
    if (days.length === 0) throw new Error('A weekly recurrence needs at least one weekday');
    const weekday = weekdayOfDay(date);
    const back = Math.min(...days.map((scheduled) => (((weekday - scheduled) % 7) + 7) % 7));
    return date - back;
  },
  monthly: ({ dayOfMonth }, date) => {
    const thisMonth = dayOfMonthIn(date, 0, dayOfMonth);
    return thisMonth <= date ? thisMonth : dayOfMonthIn(date, 1, dayOfMonth);
  },
};

const latest = (recurrence: Recurrence, date: Day, anchor: LocalDate | null | undefined): Day =>
  (schedules[recurrence.frequency] as ScheduleOf<Recurrence['frequency']>)(recurrence, date, day(anchor ?? NO_ANCHOR));

/**
 * The occurrence a completion on `date` is credited to: the most recent scheduled date on or before
 * it. `anchor`: where an every-N-days habit counts from (its start); the start itself bounds
 * occurrences in habit-schedule.ts.
 */
export const latestOccurrenceOnOrBefore = (recurrence: Recurrence, date: LocalDate, anchor?: LocalDate | null): LocalDate =>
  iso(latest(recurrence, day(date), anchor));

/** The latest occurrence strictly before `date` (for an occurrence: the one before it). */
export const previousOccurrence = (recurrence: Recurrence, date: LocalDate, anchor?: LocalDate | null): LocalDate =>
  iso(latest(recurrence, day(date) - 1, anchor));

/** The first occurrence strictly after `date`. */
export const nextOccurrenceAfter = (recurrence: Recurrence, date: LocalDate, anchor?: LocalDate | null): LocalDate => {
  // Every kind occurs at least once in any 366 days (every N days: N ≤ 365), so the occurrence on or
  // before that far ahead is past `date`; walk back from there while the one before it is still after `date`.
  const span = recurrence.frequency === 'everyNDays' ? recurrence.everyNDays : 31;
  const after = day(date);
  let candidate = latest(recurrence, after + span, anchor);
  for (;;) {
    const before = latest(recurrence, candidate - 1, anchor);
    if (before <= after) return iso(candidate);
    candidate = before;
  }
};

export const isOccurrence = (recurrence: Recurrence, date: LocalDate, anchor?: LocalDate | null): boolean =>
  latestOccurrenceOnOrBefore(recurrence, date, anchor) === date;

/** Scheduled dates from `from` to `to`, both included (for a history strip; bounded by the range asked). */
export const occurrencesBetween = (recurrence: Recurrence, from: LocalDate, to: LocalDate, anchor?: LocalDate | null): LocalDate[] => {
  const found: LocalDate[] = [];
  for (let at = latestOccurrenceOnOrBefore(recurrence, to, anchor); at >= from; at = previousOccurrence(recurrence, at, anchor)) found.push(at);
  return found.reverse();
};

/** Whether an occurrence strictly between `after` and `before` was scheduled (and so missed, if nothing credited it). */
const missedBetween = (recurrence: Recurrence, after: LocalDate, before: LocalDate): boolean => previousOccurrence(recurrence, before) > after;

/**
 * Whether `occurrence` directly follows `lastCredited`: no scheduled date lies between them. Holds
 * also when `lastCredited` is not a scheduled date (the recurrence changed since).
 */
export const isNextAfter = (recurrence: Recurrence, lastCredited: LocalDate | null, occurrence: LocalDate): boolean =>
  lastCredited !== null && lastCredited < occurrence && !missedBetween(recurrence, lastCredited, occurrence);

/**
 * The streak shown on `today`: the stored one while the current occurrence is credited or still open,
 * 0 once an occurrence before the most recent one passed without a credit. Needs no event for a day
 * that passed in silence.
 */
export const streakAt = (recurrence: Recurrence, lastCredited: LocalDate | null, streak: number, today: LocalDate): number => {
  if (lastCredited === null || streak === 0) return 0;
  const current = latestOccurrenceOnOrBefore(recurrence, today);
  return lastCredited >= current || isNextAfter(recurrence, lastCredited, current) ? streak : 0;
};

/** What a habit remembers of its streak: a few fields, whatever its age. */
export interface StreakState {
  /** The occurrence the last completion was credited to. */
  lastCredited: LocalDate | null;
  streak: number;
}

export type Credit = { kind: 'already-credited'; occurrence: LocalDate } | { kind: 'credited'; occurrence: LocalDate; streak: number; reset: boolean };

/**
 * A completion on local date `localDate`: credited to the most recent occurrence on or before it,
 * unless that occurrence (or a later one, after travel west) is already credited. The streak goes on
 * when the occurrence directly follows the last credited one, and restarts at 1 otherwise (`reset`
 * when a streak was standing).
 */
export const creditCompletion = (recurrence: Recurrence, state: StreakState, localDate: LocalDate): Credit => {
  const occurrence = latestOccurrenceOnOrBefore(recurrence, localDate);
  if (state.lastCredited !== null && occurrence <= state.lastCredited) return { kind: 'already-credited', occurrence };
  // The streak stops growing at the most an event records: a streak that long (2,700 years of a
  // daily habit, or an import's) still completes, as the same streak.
  if (isNextAfter(recurrence, state.lastCredited, occurrence))
    return { kind: 'credited', occurrence, streak: Math.min(state.streak + 1, HABIT_STREAK_MAX), reset: false };
  return { kind: 'credited', occurrence, streak: 1, reset: state.streak > 0 };
};
