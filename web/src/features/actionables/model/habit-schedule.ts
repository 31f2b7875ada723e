import type { Actionable } from '@tracker/contracts/actionables/http';
import { addDays, daysInMonth, weekdayOf, type LocalDate } from '../../../lib/dates/local-date.ts';
import { formatLocalDate } from '../../../lib/dates/date-format.ts';
import { localDateOf } from '../../../lib/dates/zone-clock.ts';

/*
 * A habit's schedule, in words and in dates, mirroring the server's rule (DESIGN.md "Habits and
 * streaks"): daily every date; weekly the dates whose weekday is in `days`; monthly `dayOfMonth`,
 * clamped to the month's last day. A completion is credited to the most recent occurrence on or
 * before its local date.
 */

export type HabitRecurrence = Actionable['recurrence'];

export const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const weekdayLongNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "Every day", "Mon, Wed, Fri", "Day 15 of each month". */
export const scheduleInWords = (recurrence: HabitRecurrence): string => {
  switch (recurrence.frequency) {
    case 'daily':
      return 'Every day';
    case 'weekly': {
      const days = [...new Set(recurrence.days)].filter((day) => day >= 0 && day <= 6).sort((a, b) => a - b);
      if (days.length === 7) return 'Every day';
      if (days.length === 0) return 'No days chosen';
      return days.map((day) => weekdayNames[day]).join(', ');
    }
    case 'monthly': {
      const day = recurrence.dayOfMonth ?? 1;
      return day > 28 ? `Day ${day} of each month (its last day when shorter)` : `Day ${day} of each month`;
    }
    case 'everyNDays':
      return recurrence.everyNDays === 1 ? 'Every day' : `Every ${recurrence.everyNDays ?? 1} days`;
    case 'timesPerWeek':
      return `${recurrence.timesPerWeek ?? 1} ${recurrence.timesPerWeek === 1 ? 'time' : 'times'} a week`;
  }
};

const monthlyOn = (date: LocalDate, dayOfMonth: number, monthsBack: number): LocalDate => {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - monthsBack, 1));
  const y = first.getUTCFullYear();
  const m = first.getUTCMonth() + 1;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(dayOfMonth, daysInMonth(y, m))).padStart(2, '0')}`;
};

/** The latest occurrence on or before `date`: the one a completion on `date` is credited to. */
export const latestOccurrenceOnOrBefore = (recurrence: HabitRecurrence, date: LocalDate): LocalDate => {
  switch (recurrence.frequency) {
    case 'daily':
      return date;
    case 'weekly': {
      if (recurrence.days.length === 0) return date;
      const weekday = weekdayOf(date);
      return addDays(date, -Math.min(...recurrence.days.map((day) => (weekday - day + 7) % 7)));
    }
    case 'monthly': {
      const dayOfMonth = recurrence.dayOfMonth ?? 1;
      const thisMonth = monthlyOn(date, dayOfMonth, 0);
      return thisMonth <= date ? thisMonth : monthlyOn(date, dayOfMonth, 1);
    }
    // Counted from the habit's start, or any day of the week: the server's answer says which day is due.
    case 'everyNDays':
    case 'timesPerWeek':
      return date;
  }
};

export const previousOccurrence = (recurrence: HabitRecurrence, occurrence: LocalDate): LocalDate =>
  latestOccurrenceOnOrBefore(recurrence, addDays(occurrence, -1));

export const isOccurrence = (recurrence: HabitRecurrence, date: LocalDate): boolean => latestOccurrenceOnOrBefore(recurrence, date) === date;

type HabitFacts = Pick<Actionable, 'recurrence' | 'streak' | 'lastCompletedAt' | 'createdAt'>;

/** The occurrence the habit's last completion was credited to (its local date read in `zone`). */
export const lastCreditedOccurrence = (habit: HabitFacts, zone: string): LocalDate | null =>
  habit.lastCompletedAt ? latestOccurrenceOnOrBefore(habit.recurrence, localDateOf(habit.lastCompletedAt, zone)) : null;

/** Whether the current period (the latest occurrence on or before today) is already completed. */
export const isDoneForCurrentPeriod = (habit: HabitFacts, today: LocalDate, zone: string): boolean => {
  const credited = lastCreditedOccurrence(habit, zone);
  return credited !== null && credited >= latestOccurrenceOnOrBefore(habit.recurrence, today);
};

const shortDay = (date: string) => formatLocalDate(date, { weekday: 'short', day: 'numeric', month: 'short' });

/** Whether the habit's current period is done, and how to say it ('Done today', 'Due today', 'Open since Mon, 2 Nov'). */
export const periodState = (habit: HabitFacts, today: string, zone: string): { done: boolean; text: string } => {
  const current = latestOccurrenceOnOrBefore(habit.recurrence, today);
  const scheduledToday = isOccurrence(habit.recurrence, today);
  if (isDoneForCurrentPeriod(habit, today, zone)) return { done: true, text: scheduledToday ? 'Done today' : `Done for ${shortDay(current)}` };
  return { done: false, text: scheduledToday ? 'Due today' : `Open since ${shortDay(current)}` };
};

/**
 * One day of the history strip:
 * - done: credited (inside the current run, or the last completion);
 * - missed: scheduled, known not credited (after the last credit, or just before the run started);
 * - due: today's open period, not completed yet;
 * - unknown: scheduled, but before what the habit's facts tell (see below);
 * - off: not scheduled; future: after today.
 */
export type HistoryDay = { date: LocalDate; state: 'done' | 'missed' | 'due' | 'unknown' | 'off' | 'future' };

/**
 * The last `weeks` calendar weeks (Sunday first, ending with this week) of a habit.
 *
 * Data source, chosen on purpose: the API keeps no per-habit completion log. GET /actionables/range
 * answers one row per actionable (its latest completedAt only), and the heatmap counts completions
 * of all actionables together. So the strip is derived from what a habit row does say exactly:
 * `streak` consecutive occurrences were credited, ending at the occurrence of `lastCompletedAt`; the
 * occurrence before that run was not credited (else the run would be longer); scheduled days after
 * the last credit and before the current period were missed. Anything earlier is shown as unknown,
 * never guessed. `lastCompletedAt` is read in today's zone (the row does not say where it happened).
 */
export const habitHistory = (habit: HabitFacts, today: LocalDate, zone: string, weeks: number): HistoryDay[] => {
  const { recurrence } = habit;
  const start = addDays(today, -weekdayOf(today) - 7 * (weeks - 1));
  const end = addDays(start, 7 * weeks - 1);
  const current = latestOccurrenceOnOrBefore(recurrence, today);
  const credited = lastCreditedOccurrence(habit, zone);
  const created = localDateOf(habit.createdAt, zone);

  const done = new Set<LocalDate>();
  let knownFrom = credited ?? created;
  if (credited) {
    let occurrence = credited;
    for (let run = Math.max(habit.streak, 1); run > 0 && occurrence >= start; run -= 1) {
      done.add(occurrence);
      knownFrom = occurrence;
      occurrence = previousOccurrence(recurrence, occurrence);
    }
    // The occurrence before the run was not credited, unless the run reaches back past the strip.
    if (habit.streak > 0 && done.size === Math.max(habit.streak, 1) && occurrence >= created) knownFrom = occurrence;
  } else {
    knownFrom = created;
  }

  const days: HistoryDay[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) {
    let state: HistoryDay['state'];
    if (date > today) state = 'future';
    else if (!isOccurrence(recurrence, date)) state = 'off';
    else if (done.has(date)) state = 'done';
    else if (date === current) state = 'due';
    else if (date >= knownFrom && date >= created) state = 'missed';
    else state = 'unknown';
    days.push({ date, state });
  }
  return days;
};
