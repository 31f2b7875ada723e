import type { Actionable } from '@tracker/contracts/actionables/http';
import { formatLocalDate } from '../dates/date-format.ts';
import type { LocalDate } from '../dates/local-date.ts';

/*
 * What a habit's card (Habits) and its row in the dashboard's Today say before the click, in the same words, read from the server's
 * `habitToday` (the same rules the server decides the click by): which day a completion counts for,
 * whether there is anything to complete, how far an N-per-week habit is in its week. No occurrence
 * arithmetic here: the server's answer is the one truth.
 */

export type HabitToday = NonNullable<Actionable['habitToday']>;

/** 'Wed, Nov 25': a day near today, as the cards name it. */
export const shortDay = (date: LocalDate): string => formatLocalDate(date, { weekday: 'short', month: 'short', day: 'numeric' });

export interface HabitTodayShown {
  state: HabitToday['state'];
  /** The card's line about today: 'Due today', 'Counts for Wed, Nov 25', '2 of 3 this week', 'Frozen today', 'Done today ✓'. */
  text: string;
  /** Whether a completion is offered now (due, or frozen: a completion still counts). */
  canComplete: boolean;
  /** Why not, shown beside the Complete button it disables: 'Not scheduled today · next Fri, Nov 27'. */
  notDueReason?: string;
  canUndo: boolean;
}

const weekProgress = ({ doneInPeriod, quota }: HabitToday) => `${doneInPeriod} of ${quota} this week`;

/** A habit's today, in words (a to-do, or an answer from before habits had one: nothing to say). */
export const habitTodayShown = (habitToday: HabitToday | null, today: LocalDate): HabitTodayShown | null => {
  if (!habitToday) return null;
  const { state, occurrence, next, quota, canUndo } = habitToday;
  const perWeek = quota > 1;
  switch (state) {
    case 'notDue': {
      const reason = next ? `Not scheduled today · next ${shortDay(next)}` : 'Nothing scheduled';
      return { state, text: reason, canComplete: false, notDueReason: reason, canUndo };
    }
    case 'done': {
      const day = occurrence === null || occurrence === today ? 'Done today ✓' : `Done for ${shortDay(occurrence)} ✓`;
      return { state, text: perWeek ? `${day} · ${weekProgress(habitToday)}` : day, canComplete: false, canUndo };
    }
    case 'frozen':
      return { state, text: perWeek ? `Frozen today · ${weekProgress(habitToday)}` : 'Frozen today', canComplete: true, canUndo };
    case 'due': {
      if (perWeek) return { state, text: weekProgress(habitToday), canComplete: true, canUndo };
      const text = occurrence !== null && occurrence !== today ? `Counts for ${shortDay(occurrence)}` : 'Due today';
      return { state, text, canComplete: true, canUndo };
    }
  }
};

/** The key of a habit's toasts: a completion's (with its Undo) gives way to whatever credits or takes back that habit next. */
export const habitToastKey = (habitId: string): string => `habit:${habitId}`;
