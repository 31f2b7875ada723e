import { z } from 'zod';
import { defineEvent } from '../common/events.ts';
import { calendarDate, id, storedInstant, storedText } from '../common/fields.ts';
import { actionableStatus, recurrence, reminderTime } from './http.ts';

// Habits are actionables (isHabit true) and share their stream, `actionable-<id>`. Points events
// (PointsAwarded, PointsRevoked, contracts/src/points/events.ts) go into the same append as the
// completion that caused them.

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const nullableId = id.nullable();

const fields = {
  title: storedText,
  description: storedText,
  weight: int(1, 10),
  deadline: storedInstant.nullable(),
  isHabit: z.boolean(),
  active: z.boolean(),
  reminderTime: reminderTime.nullable(),
  pointsToBeAwarded: int(0, 1000),
  recurrence,
  goalId: nullableId,
  taskId: nullableId,
  subtaskId: nullableId,
};
export type ActionableFields = { [K in keyof typeof fields]: z.infer<(typeof fields)[K]> };

/** What an import carries over from an export: status and completion history, but no points. */
const importedHistory = z.object({
  status: actionableStatus,
  completedAt: storedInstant.nullable(),
  lastCompletedAt: storedInstant.nullable(),
  streak: int(0, 1_000_000),
  /** The occurrence the last completion was credited to (its local date in the importer's zone). */
  lastCredited: calendarDate.nullable(),
});

export const actionableCreated = defineEvent('ActionableCreated', z.object({ actionableId: id, userId: id, ...fields, imported: importedHistory.optional() }));
export const actionableUpdated = defineEvent('ActionableUpdated', z.object({ actionableId: id, changes: z.object(fields).partial() }));
// Titles ride along so history (recent activity) reads well after the item is gone.
export const actionableStatusChanged = defineEvent(
  'ActionableStatusChanged',
  z.object({ actionableId: id, from: actionableStatus, to: actionableStatus, title: storedText }),
);

/** When, where and on which local day a completion happened: what lateness and streaks are decided on. */
const completion = {
  actionableId: id,
  title: storedText,
  completedAt: storedInstant,
  timezone: storedText,
  localDate: calendarDate,
};

/** A non-habit reached `completed`; `late` when after the end of its deadline's local day. */
export const actionableCompleted = defineEvent('ActionableCompleted', z.object({ ...completion, late: z.boolean() }));
export const actionableDeleted = defineEvent('ActionableDeleted', z.object({ actionableId: id, title: storedText }));

/** A habit completion, credited to `occurrence`: the most recent scheduled local date on or before `localDate`. */
export const habitCompleted = defineEvent('HabitCompleted', z.object({ ...completion, occurrence: calendarDate }));
/** The streak after crediting `occurrence`. */
export const habitStreakExtended = defineEvent('HabitStreakExtended', z.object({ actionableId: id, occurrence: calendarDate, streak: int(1, 1_000_000) }));
/** The streak broke: an occurrence after `lastCredited` was missed before `occurrence` was credited. */
export const habitStreakReset = defineEvent(
  'HabitStreakReset',
  z.object({ actionableId: id, occurrence: calendarDate, lastCredited: calendarDate.nullable(), previousStreak: int(0, 1_000_000) }),
);

export const actionableEvents = [
  actionableCreated,
  actionableUpdated,
  actionableStatusChanged,
  actionableCompleted,
  actionableDeleted,
  habitCompleted,
  habitStreakExtended,
  habitStreakReset,
] as const;
export type ActionableEvent = z.infer<(typeof actionableEvents)[number]>;
