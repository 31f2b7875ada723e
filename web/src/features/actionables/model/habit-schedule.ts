import type { Actionable } from '@tracker/contracts/actionables/http';
import { addDays, daysInMonth, weekdayOf, type LocalDate } from '../../../lib/dates/local-date.ts';

/*
 * A habit's schedule in words, and its scheduled dates for the history grid (daily every date; weekly
 * the dates whose weekday is in `days`; monthly `dayOfMonth`, clamped to the month's last day). What
 * a completion counts for today, and whether today's period is done, are the server's to say:
 * `habitToday` on every answer (model/habit-today.ts), never worked out here.
 */

export type HabitRecurrence = Actionable['recurrence'];

export const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const weekdayLongNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "Every day", "Mon, Wed, Fri", "Day 15 of each month", "Every 4 days", "3 times a week". */
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
      return (recurrence.timesPerWeek ?? 1) === 1 ? 'Once a week' : `${recurrence.timesPerWeek} times a week`;
  }
};

const monthlyOn = (date: LocalDate, dayOfMonth: number, monthsBack: number): LocalDate => {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - monthsBack, 1));
  const y = first.getUTCFullYear();
  const m = first.getUTCMonth() + 1;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(dayOfMonth, daysInMonth(y, m))).padStart(2, '0')}`;
};

/** The latest occurrence on or before `date`. */
const latestOccurrenceOnOrBefore = (recurrence: HabitRecurrence, date: LocalDate): LocalDate => {
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
    // Counted from the habit's start, or any day of the week: the server's history says which days were due.
    case 'everyNDays':
    case 'timesPerWeek':
      return date;
  }
};

/** Whether `date` is one of the schedule's days (every day for every N days and N times a week, which the server's history tells apart). */
export const isOccurrence = (recurrence: HabitRecurrence, date: LocalDate): boolean => latestOccurrenceOnOrBefore(recurrence, date) === date;
