import { HABIT_STREAK_MAX, type Recurrence } from '@tracker/contracts/actionables/http';
import { addDays, type LocalDate } from '../time/local-date.ts';
import { latestOccurrenceOnOrBefore, nextOccurrenceAfter, previousOccurrence, weekdayOf } from './recurrence.ts';

/*
 * A habit's periods and credits. A period is what a streak counts: an occurrence (daily, weekly,
 * monthly, every N days), or a week for N times per week. A period is met by `quota` credits (1, or
 * N); a credit is a completed day (the occurrence, or for N-per-week the day itself). Nothing
 * exists before the habit's start. The streak is the number of consecutive met periods; a period
 * that a freeze covers and that is not met is skipped — it neither breaks nor extends a streak.
 *
 * The habit keeps its credits of the last KEPT_PERIODS periods, each with the streak it stood at,
 * so backfilling a missed day (at most 7 back) and taking a completion back recount only those:
 * the state is bounded whatever the habit's age.
 */

/** A habit's schedule: its recurrence and its first day (null: items from before habits had one, unbounded). */
export interface HabitSchedule {
  recurrence: Recurrence;
  startDate: LocalDate | null;
}

/** Local dates, both included. */
export interface DateRange {
  from: LocalDate;
  to: LocalDate;
}

/** A credited day: its period, the streak after it, whether it met its period, and whether it was recorded afterwards. */
export interface Credit {
  date: LocalDate;
  period: LocalDate;
  streak: number;
  meets: boolean;
  backfilled?: true;
}

const KEPT_PERIODS = 12;

export const quotaOf = ({ recurrence }: HabitSchedule): number => (recurrence.frequency === 'timesPerWeek' ? recurrence.timesPerWeek : 1);

const beforeStart = (schedule: HabitSchedule, date: LocalDate): boolean => schedule.startDate !== null && date < schedule.startDate;

const weekOf = (recurrence: Extract<Recurrence, { frequency: 'timesPerWeek' }>, date: LocalDate): LocalDate =>
  addDays(date, -((weekdayOf(date) - recurrence.weekStartsOn + 7) % 7));

/** The period a completion on `date` counts for; null before the habit's start. */
export const periodOf = (schedule: HabitSchedule, date: LocalDate): LocalDate | null => {
  const { recurrence, startDate } = schedule;
  if (recurrence.frequency === 'timesPerWeek') return beforeStart(schedule, date) ? null : weekOf(recurrence, date);
  const occurrence = latestOccurrenceOnOrBefore(recurrence, date, startDate);
  return beforeStart(schedule, occurrence) ? null : occurrence;
};

/** The day a completion on `date` credits: the period's occurrence, or for N per week the day itself; null before the start. */
export const creditDateOf = (schedule: HabitSchedule, date: LocalDate): LocalDate | null =>
  schedule.recurrence.frequency === 'timesPerWeek' ? (beforeStart(schedule, date) ? null : date) : periodOf(schedule, date);

/** The period before `period`; null when it would lie before the start. */
export const previousPeriod = (schedule: HabitSchedule, period: LocalDate): LocalDate | null => {
  const { recurrence, startDate } = schedule;
  if (recurrence.frequency === 'timesPerWeek') {
    const previous = addDays(period, -7);
    return startDate !== null && addDays(previous, 6) < startDate ? null : previous;
  }
  const previous = previousOccurrence(recurrence, period, startDate);
  return beforeStart(schedule, previous) ? null : previous;
};

/** The first day on or after `date` that a completion can credit (for "first day is …"). */
export const firstDueOnOrAfter = (schedule: HabitSchedule, date: LocalDate): LocalDate => {
  const from = schedule.startDate !== null && schedule.startDate > date ? schedule.startDate : date;
  if (schedule.recurrence.frequency === 'timesPerWeek') return from;
  const occurrence = latestOccurrenceOnOrBefore(schedule.recurrence, from, schedule.startDate);
  return occurrence === from ? from : nextOccurrenceAfter(schedule.recurrence, from, schedule.startDate);
};

const inAny = (date: LocalDate, freezes: readonly DateRange[]): boolean => freezes.some(({ from, to }) => from <= date && date <= to);

/** Whether a freeze covers the period (for N per week: any of its days). */
export const isFrozen = (schedule: HabitSchedule, period: LocalDate, freezes: readonly DateRange[]): boolean => {
  if (freezes.length === 0) return false;
  if (schedule.recurrence.frequency !== 'timesPerWeek') return inAny(period, freezes);
  for (let day = 0; day < 7; day += 1) if (inAny(addDays(period, day), freezes)) return true;
  return false;
};

/**
 * Whether `later` directly follows `earlier`: every period strictly between them is frozen. Holds
 * also when `earlier` is not a period of today's schedule (the recurrence changed since).
 */
export const follows = (schedule: HabitSchedule, earlier: LocalDate, later: LocalDate, freezes: readonly DateRange[]): boolean => {
  if (earlier >= later) return false;
  for (let period = previousPeriod(schedule, later); period !== null && period > earlier; period = previousPeriod(schedule, period)) {
    if (!isFrozen(schedule, period, freezes)) return false;
  }
  return true;
};

/** The streak a habit stands at: its last met period and the streak there. */
export interface Standing {
  lastCredited: LocalDate | null;
  streak: number;
}

export const standingOf = (credits: readonly Credit[]): Standing => {
  const met = credits.findLast((credit) => credit.meets);
  return met ? { lastCredited: met.period, streak: met.streak } : { lastCredited: null, streak: 0 };
};

/**
 * The streak shown on `today`: the standing one while its period is today's or the one before it
 * (frozen ones skipped), else 0 — nothing needs an event for a period that passed in silence.
 */
export const streakOn = (schedule: HabitSchedule, standing: Standing, today: LocalDate, freezes: readonly DateRange[] = []): number => {
  if (standing.lastCredited === null || standing.streak === 0) return 0;
  const current = periodOf(schedule, today);
  if (current === null) return 0;
  return standing.lastCredited >= current || follows(schedule, standing.lastCredited, current, freezes) ? standing.streak : 0;
};

/**
 * The streaks of `credits` (sorted by date) from index `from` on, counted after those before it:
 * a credit that completes its period's quota extends the streak from the last met period when that
 * one directly precedes, and starts at 1 otherwise; one that does not yet complete it stands at the
 * streak from before.
 */
export const recount = (schedule: HabitSchedule, credits: readonly Credit[], from: number, freezes: readonly DateRange[]): Credit[] => {
  const quota = quotaOf(schedule);
  const counted = credits.slice(0, from);
  let lastMet = counted.findLast((credit) => credit.meets);
  for (const credit of credits.slice(from)) {
    const inPeriod = counted.filter((earlier) => earlier.period === credit.period).length + 1;
    const standing = lastMet !== undefined && follows(schedule, lastMet.period, credit.period, freezes) ? lastMet.streak : 0;
    const meets = inPeriod === quota;
    const next = { ...credit, meets, streak: meets ? Math.min(standing + 1, HABIT_STREAK_MAX) : standing };
    counted.push(next);
    if (meets) lastMet = next;
  }
  return counted;
};

/** Credits of the last KEPT_PERIODS periods: enough to recount a backfill a week back or take back a completion. */
export const keepRecent = (credits: readonly Credit[]): Credit[] => {
  const periods = [...new Set(credits.map((credit) => credit.period))];
  if (periods.length <= KEPT_PERIODS) return [...credits];
  const oldest = periods[periods.length - KEPT_PERIODS]!;
  return credits.filter((credit) => credit.period >= oldest);
};

/** `credits` with one more, in date order. */
export const withCredit = (credits: readonly Credit[], credit: Credit): { credits: Credit[]; at: number } => {
  const at = credits.findIndex((existing) => existing.date > credit.date);
  const index = at === -1 ? credits.length : at;
  return { credits: [...credits.slice(0, index), credit, ...credits.slice(index)], at: index };
};
