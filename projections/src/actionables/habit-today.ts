import type { Actionable } from '@tracker/contracts/actionables/http';
import {
  creditDateOf,
  firstDueOnOrAfter,
  isFrozen,
  periodOf,
  quotaOf,
  streakOn,
  type DateRange,
  type HabitSchedule,
  type Standing,
} from '@tracker/domain/actionables/habit-schedule';
import { isOccurrence } from '@tracker/domain/actionables/recurrence';
import { addDays, type LocalDate } from '@tracker/domain/time/local-date';

// What a habit's card shows before the click, by the same rules the decider applies on the click
// (habit-completions.ts' completeToday and undoLast): from the habit's schedule, its recent credits,
// its last completion and the freezes that cover it, as of the user's today. The read model (rows of
// habit_completions) and a command's state (its credits and claims) both give these facts.

/** A credited day of a habit: the day and the period it counts in. */
export interface CreditedDay {
  date: LocalDate;
  period: LocalDate;
}

/** What a habit's answer is computed from, beside the item. */
export interface HabitFacts {
  /** Its credits of the latest periods: at least those of today's period and the latest one. */
  credited: readonly CreditedDay[];
  /** The completion recorded last that still stands (what an undo would take back). */
  lastClaim: { date: LocalDate; period: LocalDate; claimedOn: LocalDate } | null;
  /** The freezes that cover it (its own and those of all habits). */
  freezes: readonly DateRange[];
}

export const NO_HABIT_FACTS: HabitFacts = { credited: [], lastClaim: null, freezes: [] };

/** The facts a command's state holds (its recent credits and claims), with the freezes the command loaded. */
export const habitFactsOfState = (
  item: { credits: readonly CreditedDay[]; claims: ReadonlyArray<{ date: LocalDate; period: LocalDate; claimedOn: LocalDate }> },
  freezes: readonly DateRange[],
): HabitFacts => {
  const claim = item.claims.at(-1);
  // As undoLast: the last claim counts while its day is still credited.
  const standing = claim !== undefined && item.credits.some((credit) => credit.date === claim.date);
  return {
    credited: item.credits.map(({ date, period }) => ({ date, period })),
    lastClaim: standing ? { date: claim.date, period: claim.period, claimedOn: claim.claimedOn } : null,
    freezes,
  };
};

export type HabitToday = NonNullable<Actionable['habitToday']>;

/** A habit's schedule as its read-model row holds it. */
export const scheduleOf = (row: { recurrence: HabitSchedule['recurrence']; start_date: LocalDate | null }): HabitSchedule => ({
  recurrence: row.recurrence,
  startDate: row.start_date,
});

/** Whether `date` is one of the habit's scheduled days (any day of N per week): never before its start. */
export const isScheduledOn = (schedule: HabitSchedule, date: LocalDate): boolean =>
  (schedule.startDate === null || date >= schedule.startDate) && isOccurrence(schedule.recurrence, date, schedule.startDate);

/** The first day of the period after today's: when a new completion can count again. */
const nextPeriodStart = (schedule: HabitSchedule, period: LocalDate, today: LocalDate): LocalDate =>
  schedule.recurrence.frequency === 'timesPerWeek' ? addDays(period, 7) : firstDueOnOrAfter(schedule, addDays(today, 1));

/**
 * A habit as of `today`: due, done, not due or frozen; the day a completion counts for; whether the
 * last can be taken back. `standing`: its last met period (an imported habit's only credit, which no
 * completion recorded).
 */
export const habitTodayOf = (schedule: HabitSchedule, standing: Standing, facts: HabitFacts, today: LocalDate): HabitToday => {
  const quota = quotaOf(schedule);
  const period = periodOf(schedule, today);
  const date = creditDateOf(schedule, today);
  const claim = facts.lastClaim;
  const canUndo = claim !== null && (claim.claimedOn === today || claim.period === period);
  const undoes = canUndo ? claim.date : null;
  if (period === null || date === null) {
    return { state: 'notDue', occurrence: null, next: firstDueOnOrAfter(schedule, today), doneInPeriod: 0, quota, canUndo, undoes };
  }
  const met = standing.lastCredited !== null && standing.lastCredited >= period;
  const doneInPeriod = met
    ? Math.max(quota, facts.credited.filter((credit) => credit.period === period).length)
    : facts.credited.filter((credit) => credit.period === period).length;
  // As completeToday decides: the quota met, or a later day already credited (travel west), refuses.
  const done = met || doneInPeriod >= quota || facts.credited.some((credit) => credit.date >= date);
  const state = done ? 'done' : isFrozen(schedule, period, facts.freezes) ? 'frozen' : 'due';
  return { state, occurrence: date, next: nextPeriodStart(schedule, period, today), doneInPeriod, quota, canUndo, undoes };
};

/** The streak shown today, frozen periods skipped. */
export const habitStreakOn = (schedule: HabitSchedule, standing: Standing, facts: HabitFacts, today: LocalDate): number =>
  streakOn(schedule, standing, today, facts.freezes);
