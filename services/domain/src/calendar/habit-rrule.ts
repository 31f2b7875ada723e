import { firstDueOnOrAfter, isFrozen, periodOf, type DateRange, type HabitSchedule } from '../actionables/habit-schedule.ts';
import { isOccurrence, nextOccurrenceAfter } from '../actionables/recurrence.ts';
import { addDays, type LocalDate } from '../time/local-date.ts';

/*
 * A habit's schedule as iCalendar recurrences (RFC 5545 §3.3.10) of all-day events: a habit's
 * occurrences are days of the user's calendar, not instants, so they are DATE values and need no
 * time zone.
 * - daily → FREQ=DAILY; every N days → FREQ=DAILY;INTERVAL=N from the first occurrence (the start);
 * - weekly days → FREQ=WEEKLY;BYDAY=…;
 * - monthly on day d ≤ 28 → FREQ=MONTHLY;BYMONTHDAY=d. The habit's day 29–31 falls on the last day
 *   of a shorter month, where BYMONTHDAY=d would skip the month: day 31 is every month's last day
 *   (BYMONTHDAY=-1); day 29 or 30 is day d in every month but February (BYMONTH lists them) plus
 *   February's last day (a second rule, FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1). Not one rule with
 *   BYMONTHDAY=d,-1;BYSETPOS=1: ical.js (Thunderbird) ignores BYSETPOS there and shows both days;
 * - N times a week → one all-day reminder a week, on the week's first day (the period the server
 *   counts the N completions in: FREQ=WEEKLY;BYDAY=<week start>), not N events on days the habit
 *   does not fix.
 * Each rule's DTSTART is its first occurrence (RFC 5545 leaves a DTSTART off the rule undefined).
 * Frozen occurrences (a freeze covering the day; for N per week, any day of the week — the periods
 * the streak skips) are EXDATEs.
 */

const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const ALL_MONTHS_BUT_FEBRUARY = '1,3,4,5,6,7,8,9,10,11,12';

export interface HabitRecurrenceRule {
  /** The first occurrence: DTSTART;VALUE=DATE. */
  start: LocalDate;
  /** The RRULE's value. */
  rule: string;
  /** Frozen occurrences, in order: EXDATE;VALUE=DATE. */
  exceptions: LocalDate[];
}

/** One rule of a schedule: its RRULE, and which of the schedule's occurrences are its own. */
interface RulePart {
  rule: string;
  holds: (occurrence: LocalDate) => boolean;
}

const every = (): boolean => true;
const inFebruary = (date: LocalDate): boolean => date.slice(5, 7) === '02';

const partsOf = ({ recurrence }: HabitSchedule): RulePart[] => {
  switch (recurrence.frequency) {
    case 'daily':
      return [{ rule: 'FREQ=DAILY', holds: every }];
    case 'everyNDays':
      return [{ rule: `FREQ=DAILY;INTERVAL=${recurrence.everyNDays}`, holds: every }];
    case 'weekly': {
      const days = [...new Set(recurrence.days)].sort((a, b) => a - b).map((day) => BYDAY[day]);
      return [{ rule: `FREQ=WEEKLY;BYDAY=${days.join(',')}`, holds: every }];
    }
    case 'monthly': {
      const { dayOfMonth } = recurrence;
      if (dayOfMonth <= 28) return [{ rule: `FREQ=MONTHLY;BYMONTHDAY=${dayOfMonth}`, holds: every }];
      if (dayOfMonth === 31) return [{ rule: 'FREQ=MONTHLY;BYMONTHDAY=-1', holds: every }];
      return [
        { rule: `FREQ=MONTHLY;BYMONTH=${ALL_MONTHS_BUT_FEBRUARY};BYMONTHDAY=${dayOfMonth}`, holds: (date) => !inFebruary(date) },
        { rule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1', holds: inFebruary },
      ];
    }
    case 'timesPerWeek':
      return [{ rule: `FREQ=WEEKLY;BYDAY=${BYDAY[recurrence.weekStartsOn]}`, holds: every }];
    default: {
      const _exhaustive: never = recurrence;
      throw new Error('Unknown recurrence');
    }
  }
};

/** The week `date` lies in, by its first day (whether or not the habit had started). */
const weekOf = (schedule: HabitSchedule, date: LocalDate): LocalDate => periodOf({ ...schedule, startDate: null }, date)!;

/** The occurrences (for N per week: the periods' first days) freezes take out, from `start` on, in order. */
const frozenOccurrences = (schedule: HabitSchedule, start: LocalDate, freezes: readonly DateRange[]): LocalDate[] => {
  const found = new Set<LocalDate>();
  const weekly = schedule.recurrence.frequency === 'timesPerWeek';
  for (const freeze of freezes) {
    for (let date = freeze.from; date <= freeze.to; date = addDays(date, 1)) {
      if (weekly) {
        const period = weekOf(schedule, date);
        if (period >= start && isFrozen(schedule, period, freezes)) found.add(period);
      } else if (date >= start && isOccurrence(schedule.recurrence, date, schedule.startDate)) found.add(date);
    }
  }
  return [...found].sort();
};

/**
 * A habit's recurrence from its start (or, for a habit from before start dates, from `shownFrom`) as
 * one rule, or two where one RRULE cannot say it (monthly on day 29 or 30), less the occurrences
 * `freezes` (those covering it) leave out.
 */
export const habitRecurrenceRules = (schedule: HabitSchedule, shownFrom: LocalDate, freezes: readonly DateRange[]): HabitRecurrenceRule[] => {
  const from = schedule.startDate ?? shownFrom;
  const first = schedule.recurrence.frequency === 'timesPerWeek' ? weekOf(schedule, from) : firstDueOnOrAfter(schedule, from);
  const frozen = frozenOccurrences(schedule, first, freezes);
  return partsOf(schedule).map(({ rule, holds }) => {
    // The part's own first occurrence: at most a year of the schedule's away.
    let start = first;
    while (!holds(start)) start = nextOccurrenceAfter(schedule.recurrence, start, schedule.startDate);
    return { start, rule, exceptions: frozen.filter((date) => holds(date) && date >= start) };
  });
};
