import type { habitHistoryStates } from '@tracker/contracts/actionables/http';
import { isFrozen, periodOf, quotaOf, type DateRange, type HabitSchedule } from '@tracker/domain/actionables/habit-schedule';
import { addDays, type LocalDate } from '@tracker/domain/time/local-date';
import type { ReadModelDb } from '../db.ts';
import { freezesCovering } from './actionables.queries.ts';
import { isScheduledOn, scheduleOf } from './habit-today.ts';

export type HabitHistoryState = (typeof habitHistoryStates)[number];
export interface HabitHistoryDay {
  date: LocalDate;
  state: HabitHistoryState;
}

/** A standing completion as history reads it. */
export interface HistoryCompletion {
  date: LocalDate;
  period: LocalDate;
  backfilled: boolean;
}

/**
 * Each day from `from` to `to` as it happened, from the completions and freezes (not from the
 * streak): a credited day is done (backfilled when recorded afterwards); a scheduled day not
 * credited is frozen when a freeze covers it (days to come too), due while its period is today's,
 * missed once that passed; every other day — before the habit's start, not scheduled, to come — is notDue. For N
 * per week, the week is the period: a day without a completion is missed only in a past week that
 * fell short of its quota (and was not frozen), due today while the week is short and today has none.
 */
export const historyOf = (
  schedule: HabitSchedule,
  completions: readonly HistoryCompletion[],
  freezes: readonly DateRange[],
  range: { from: LocalDate; to: LocalDate },
  today: LocalDate,
): HabitHistoryDay[] => {
  const credited = new Map(completions.map((completion) => [completion.date, completion]));
  const perPeriod = new Map<LocalDate, number>();
  for (const { period } of completions) perPeriod.set(period, (perPeriod.get(period) ?? 0) + 1);
  const quota = quotaOf(schedule);
  const todaysPeriod = periodOf(schedule, today);
  const weekly = schedule.recurrence.frequency === 'timesPerWeek';
  const stateOn = (date: LocalDate): HabitHistoryState => {
    const completion = credited.get(date);
    if (completion) return completion.backfilled ? 'backfilled' : 'done';
    if (!isScheduledOn(schedule, date)) return 'notDue';
    const period = periodOf(schedule, date);
    if (period === null) return 'notDue';
    // Days to come: frozen already when a freeze covers them, else not yet due.
    if (date > today) return freezes.some((freeze) => freeze.from <= date && date <= freeze.to) ? 'frozen' : 'notDue';
    if (weekly) {
      if ((perPeriod.get(period) ?? 0) >= quota) return 'notDue';
      if (freezes.some((freeze) => freeze.from <= date && date <= freeze.to)) return 'frozen';
      if (period === todaysPeriod) return date === today ? 'due' : 'notDue';
      return isFrozen(schedule, period, freezes) ? 'notDue' : 'missed';
    }
    if (isFrozen(schedule, period, freezes)) return 'frozen';
    return period === todaysPeriod ? 'due' : 'missed';
  };
  const days: HabitHistoryDay[] = [];
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) days.push({ date, state: stateOn(date) });
  return days;
};

/**
 * GET /actionables/habits/{id}/history: the caller's live habit's days from `from` to `to` (both
 * included), or undefined (none such: another user's id reads as missing). Its completions of those
 * days' periods by the primary key's range (a week either side for N per week) and the user's freezes.
 */
export const habitHistory = async (
  db: ReadModelDb,
  userId: string,
  habitId: string,
  range: { from: LocalDate; to: LocalDate },
  today: LocalDate,
): Promise<HabitHistoryDay[] | undefined> => {
  const habit = await db
    .selectFrom('actionables')
    .select(['id', 'recurrence', 'start_date'])
    .where('id', '=', habitId)
    .where('user_id', '=', userId)
    .where('is_habit', '=', true)
    .executeTakeFirst();
  if (!habit) return undefined;
  const [completions, freezes] = await Promise.all([
    db
      .selectFrom('habit_completions')
      .select(['date', 'period', 'backfilled'])
      .where('actionable_id', '=', habitId)
      .where('date', '>=', addDays(range.from, -6))
      .where('date', '<=', addDays(range.to, 6))
      .execute(),
    db
      .selectFrom('habit_freezes')
      .select(['habit_id as habitId', 'from_date as from', 'to_date as to'])
      .where('user_id', '=', userId)
      .where('from_date', '<=', addDays(range.to, 6))
      .where('to_date', '>=', addDays(range.from, -6))
      .execute(),
  ]);
  return historyOf(scheduleOf(habit), completions, freezesCovering(freezes, habitId), range, today);
};
