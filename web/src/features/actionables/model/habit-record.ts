import type { Actionable, habitHistoryStates } from '@tracker/contracts/actionables/http';
import { addDays, daysBetween, weekdayOf, type LocalDate } from '../../../lib/dates/local-date.ts';
import { isOccurrence } from './habit-schedule.ts';

/*
 * A habit's record as GET /actionables/habits/{id}/history tells it, one state a day (the server
 * reads them from the completions and freezes), and what the card and the habit page make of it:
 * periods, rates, the best streak. Days after today come from the freezes the user planned.
 */

export type HistoryState = (typeof habitHistoryStates)[number];
export interface HabitDay {
  date: LocalDate;
  state: HistoryState;
}

/** A day as a grid shows it: the server's state up to today, after it still to come (or frozen ahead). */
export type DayState = HistoryState | 'upcoming' | 'frozenAhead';

type HabitSchedule = Pick<Actionable, 'recurrence' | 'startDate'>;

/** Words for each state, after the date in a cell's accessible name ('Wed, Nov 25: missed'). */
export const dayStateWords: Record<DayState, string> = {
  done: 'done',
  backfilled: 'backfilled (recorded afterwards)',
  missed: 'missed',
  frozen: 'frozen',
  due: 'due today, not done yet',
  notDue: 'not scheduled',
  upcoming: 'still to come',
  frozenAhead: 'frozen, still to come',
};

/** The legend's names, in the order a reader meets them. */
export const legendStates: readonly DayState[] = ['done', 'backfilled', 'missed', 'frozen', 'due', 'notDue'];
export const legendWords: Record<DayState, string> = {
  done: 'Done',
  backfilled: 'Backfilled',
  missed: 'Missed',
  frozen: 'Frozen',
  due: 'Due today',
  notDue: 'Not scheduled',
  upcoming: 'To come',
  frozenAhead: 'Frozen ahead',
};

/** What a day's name says after its date: before the habit's start, 'not scheduled' says 'before it started'. */
export const dayWords = (state: DayState, date: LocalDate, startDate: LocalDate | null): string =>
  state === 'notDue' && startDate !== null && date < startDate ? 'before the habit started' : dayStateWords[state];

/** Whether the habit has an occurrence on `date` (any day counts for N per week). Nothing before its start. */
export const isScheduledOn = (habit: HabitSchedule, date: LocalDate): boolean => {
  const { recurrence, startDate } = habit;
  if (startDate !== null && date < startDate) return false;
  switch (recurrence.frequency) {
    case 'everyNDays':
      return startDate === null || daysBetween(startDate, date) % Math.max(1, recurrence.everyNDays ?? 1) === 0;
    case 'timesPerWeek':
      return true;
    default:
      return isOccurrence(recurrence, date);
  }
};

/** A freeze as the freezes list answers it. */
export interface FreezeRange {
  habitId: string | null;
  from: LocalDate;
  to: LocalDate;
}

/** The freezes that cover a habit: its own and those of all habits. */
export const freezesOf = <F extends FreezeRange>(freezes: readonly F[], habitId: string): F[] =>
  freezes.filter((freeze) => freeze.habitId === null || freeze.habitId === habitId);

/**
 * Each of `dates` as a grid shows it: the server's state up to today; after today, frozen ahead when
 * a freeze covers one of the habit's scheduled days, else still to come. A day the answer lacks
 * (still loading, or cut short) is undefined.
 */
export const dayStates = (
  dates: readonly LocalDate[],
  history: readonly HabitDay[] | undefined,
  today: LocalDate,
  habit: HabitSchedule,
  freezes: readonly FreezeRange[],
): Map<LocalDate, DayState> => {
  const byDate = new Map((history ?? []).map((day) => [day.date, day.state] as const));
  const states = new Map<LocalDate, DayState>();
  for (const date of dates) {
    if (date <= today) {
      const state = byDate.get(date);
      if (state) states.set(date, state);
    } else {
      const frozen = isScheduledOn(habit, date) && freezes.some((freeze) => freeze.from <= date && date <= freeze.to);
      states.set(date, frozen ? 'frozenAhead' : 'upcoming');
    }
  }
  return states;
};

/** Position of a date in a week that begins on `weekStart` (0 = Sunday … 6 = Saturday). */
export const dayInWeek = (date: LocalDate, weekStart: number): number => (weekdayOf(date) - weekStart + 7) % 7;

/** The card's weeks: `weeks` calendar weeks beginning on `weekStart`, the last one holding today, a row each. */
export const recentWeeks = (today: LocalDate, weekStart: number, weeks: number): LocalDate[][] => {
  const first = addDays(today, -dayInWeek(today, weekStart) - 7 * (weeks - 1));
  return Array.from({ length: weeks }, (_, week) => Array.from({ length: 7 }, (_, day) => addDays(first, week * 7 + day)));
};

/**
 * The year calendar's columns: a week each, beginning on `weekStart`, from `from` to `to`; null
 * before the first day and after the last, so every column has seven places.
 */
export const weekColumns = (from: LocalDate, to: LocalDate, weekStart: number): (LocalDate | null)[][] => {
  const columns: (LocalDate | null)[][] = [];
  for (let start = addDays(from, -dayInWeek(from, weekStart)); start <= to; start = addDays(start, 7)) {
    columns.push(Array.from({ length: 7 }, (_, day) => addDays(start, day)).map((date) => (date < from || date > to ? null : date)));
  }
  return columns;
};

/**
 * A period is what a streak counts: an occurrence, or for N per week a week (from the habit's own
 * week start). met: its quota credited; missed: it passed short; frozen: frozen and not met
 * (neither breaks nor extends); open: today's, not met yet.
 */
export interface Period {
  start: LocalDate;
  state: 'met' | 'missed' | 'frozen' | 'open';
  /** Completions credited in it (done or backfilled days). */
  credits: number;
  quota: number;
}

const credited = (state: HistoryState) => state === 'done' || state === 'backfilled';

/**
 * The periods of a history (its days in order). For N per week, a week's days are one period:
 * met at its quota, else missed when the server calls a day of it missed (a past week that fell
 * short), open while it holds today's due day, frozen when its days were frozen; a week of none of
 * these (all before the start) is no period.
 */
export const periodsOf = (days: readonly HabitDay[], recurrence: Actionable['recurrence']): Period[] => {
  if (recurrence.frequency !== 'timesPerWeek') {
    return days.flatMap(({ date, state }): Period[] => {
      if (state === 'notDue') return [];
      const kind = credited(state) ? 'met' : state === 'missed' ? 'missed' : state === 'frozen' ? 'frozen' : 'open';
      return [{ start: date, state: kind, credits: credited(state) ? 1 : 0, quota: 1 }];
    });
  }
  const quota = Math.max(1, recurrence.timesPerWeek ?? 1);
  const weekStart = recurrence.weekStartsOn ?? 1;
  const weeks = new Map<LocalDate, HistoryState[]>();
  for (const { date, state } of days) {
    const start = addDays(date, -dayInWeek(date, weekStart));
    weeks.set(start, [...(weeks.get(start) ?? []), state]);
  }
  return [...weeks.entries()].flatMap(([start, states]): Period[] => {
    const credits = states.filter(credited).length;
    const state: Period['state'] | undefined =
      credits >= quota
        ? 'met'
        : states.includes('missed')
          ? 'missed'
          : states.includes('due')
            ? 'open'
            : states.includes('frozen')
              ? 'frozen'
              : credits > 0
                ? 'open'
                : undefined;
    return state ? [{ start, state, credits, quota }] : [];
  });
};

/**
 * The longest run of met periods: a missed one ends a run, a frozen one is skipped (neither breaks
 * nor extends), today's open one does not break it yet.
 */
export const bestStreak = (periods: readonly Period[]): number => {
  let best = 0;
  let run = 0;
  for (const period of periods) {
    if (period.state === 'met') best = Math.max(best, (run += 1));
    else if (period.state === 'missed') run = 0;
  }
  return best;
};

/** A completion rate over the last `days` days: completions credited of those due, frozen ones left out. */
export interface CompletionRate {
  days: number;
  credited: number;
  due: number;
  /** Frozen periods left out of `due`. */
  frozen: number;
  /** credited / due, or null when nothing was due. */
  rate: number | null;
}

/**
 * Done and backfilled over the occurrences due in the last `days` days up to today, frozen ones
 * excluded and today's still open one not counted (it is not missed yet). For N per week, each week
 * that began in the window counts its quota as due and at most its quota as credited.
 */
export const completionRate = (periods: readonly Period[], today: LocalDate, days: number): CompletionRate => {
  const from = addDays(today, -(days - 1));
  const inWindow = periods.filter((period) => period.start >= from && period.start <= today);
  const counted = inWindow.filter((period) => period.state === 'met' || period.state === 'missed');
  const credits = counted.reduce((sum, period) => sum + Math.min(period.credits, period.quota), 0);
  const due = counted.reduce((sum, period) => sum + period.quota, 0);
  const frozen = inWindow.filter((period) => period.state === 'frozen').length;
  return { days, credited: credits, due, frozen, rate: due === 0 ? null : credits / due };
};

/** '87%' (whole percents, never 100% unless all were done), or '—' when nothing was due. */
export const percent = (rate: number | null): string => {
  if (rate === null) return '—';
  const whole = rate < 1 ? Math.min(99, Math.round(rate * 100)) : 100;
  return `${whole}%`;
};

/** The completions of a history, newest first: the days credited, each done on the day or backfilled. */
export const recentCompletions = (days: readonly HabitDay[], count: number): HabitDay[] =>
  days
    .filter((day) => credited(day.state))
    .sort((a, b) => (a.date < b.date ? 1 : -1))
    .slice(0, count);
