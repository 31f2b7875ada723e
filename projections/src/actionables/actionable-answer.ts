import type { Actionable, Recurrence } from '@tracker/contracts/actionables/http';
import type { ActionableItem } from '@tracker/domain/actionables/actionable.decider';
import type { LocalDate } from '@tracker/domain/time/local-date';
import { habitStreakOn, habitTodayOf, NO_HABIT_FACTS, type HabitFacts } from './habit-today.ts';

// One mapping to the answer (contracts' `actionable`), whether the item comes from the read model's
// row or from a command's state: the read side and the command routes both build it here.

type Instant = Date | string;

/** What an answer shows of an actionable: the item's fields, its instants as read (Date) or decided (ISO text). */
export type AnswerableActionable = Omit<
  ActionableItem,
  'awarded' | 'awardedTo' | 'deadline' | 'completedAt' | 'lastCompletedAt' | 'createdAt' | 'credits' | 'claims'
> & {
  deadline: Instant | null;
  completedAt: Instant | null;
  lastCompletedAt: Instant | null;
  createdAt: Instant;
};

const iso = (value: Instant | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A recurrence as answers show it (spec.md §3): every field present, whatever the frequency. */
const recurrenceAnswer = (recurrence: Recurrence): Actionable['recurrence'] => ({
  frequency: recurrence.frequency,
  days: recurrence.frequency === 'weekly' ? recurrence.days : [],
  dayOfMonth: recurrence.frequency === 'monthly' ? recurrence.dayOfMonth : null,
  everyNDays: recurrence.frequency === 'everyNDays' ? recurrence.everyNDays : null,
  timesPerWeek: recurrence.frequency === 'timesPerWeek' ? recurrence.timesPerWeek : null,
  weekStartsOn: recurrence.frequency === 'timesPerWeek' ? recurrence.weekStartsOn : null,
});

/**
 * An actionable as answers carry it; a habit's streak and what it offers as of `today` (its streak
 * 0 once a period passed uncredited and unfrozen), from `facts`: its recent credits, last completion
 * and freezes.
 */
export const actionableAnswer = (item: AnswerableActionable, today: LocalDate, facts: HabitFacts = NO_HABIT_FACTS): Actionable => {
  const schedule = { recurrence: item.recurrence, startDate: item.startDate };
  const standing = { lastCredited: item.lastCredited, streak: item.streak };
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    weight: item.weight,
    deadline: iso(item.deadline),
    completedAt: iso(item.completedAt),
    createdAt: new Date(item.createdAt).toISOString(),
    userId: item.userId,
    goalId: item.goalId,
    taskId: item.taskId,
    subtaskId: item.subtaskId,
    isHabit: item.isHabit,
    streak: item.isHabit ? habitStreakOn(schedule, standing, facts, today) : item.streak,
    lastCompletedAt: iso(item.lastCompletedAt),
    active: item.active,
    reminderTime: item.reminderTime,
    pointsAwarded: item.pointsAwarded,
    pointsToBeAwarded: item.pointsToBeAwarded,
    recurrence: recurrenceAnswer(item.recurrence),
    status: item.status,
    // A to-do's start date (its creation day) means nothing to it.
    startDate: item.isHabit ? item.startDate : null,
    habitToday: item.isHabit ? habitTodayOf(schedule, standing, facts, today) : null,
  };
};
