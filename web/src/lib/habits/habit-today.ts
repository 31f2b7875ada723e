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
  /**
   * When its Undo would take back another day than the one a completion today counts for (a day
   * recorded afterwards, after today's completion): that day, for the button to name.
   */
  undoesDay?: LocalDate;
}

const weekProgress = ({ doneInPeriod, quota }: HabitToday) => `${doneInPeriod} of ${quota} this week`;

/** A habit's today, in words (a to-do, or an answer from before habits had one: nothing to say). */
export const habitTodayShown = (habitToday: HabitToday | null, today: LocalDate): HabitTodayShown | null => {
  if (!habitToday) return null;
  const { state, occurrence, next, quota, canUndo } = habitToday;
  const perWeek = quota > 1;
  const shown = (facts: Omit<HabitTodayShown, 'state' | 'canUndo' | 'undoesDay'>): HabitTodayShown => ({
    state,
    ...facts,
    canUndo,
    ...(canUndo && habitToday.undoes && habitToday.undoes !== (occurrence ?? today) ? { undoesDay: habitToday.undoes } : {}),
  });
  switch (state) {
    case 'notDue': {
      const reason = next ? `Not scheduled today · next ${shortDay(next)}` : 'Nothing scheduled';
      return shown({ text: reason, canComplete: false, notDueReason: reason });
    }
    case 'done': {
      const day = occurrence === null || occurrence === today ? 'Done today ✓' : `Done for ${shortDay(occurrence)} ✓`;
      return shown({ text: perWeek ? `${day} · ${weekProgress(habitToday)}` : day, canComplete: false });
    }
    case 'frozen':
      return shown({ text: perWeek ? `Frozen today · ${weekProgress(habitToday)}` : 'Frozen today', canComplete: true });
    case 'due': {
      if (perWeek) return shown({ text: weekProgress(habitToday), canComplete: true });
      const text = occurrence !== null && occurrence !== today ? `Counts for ${shortDay(occurrence)}` : 'Due today';
      return shown({ text, canComplete: true });
    }
  }
};

/** The key of a habit's toasts: a completion's (with its Undo) gives way to whatever credits or takes back that habit next. */
export const habitToastKey = (habitId: string): string => `habit:${habitId}`;
