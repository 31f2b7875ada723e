import { z } from 'zod';
import { defineEvent } from '../common/events.ts';
import { calendarDate, id, storedInstant, storedText } from '../common/fields.ts';
import { actionableStatus, HABIT_STREAK_MAX, IMPORT_MAX_ITEMS, recurrence, reminderTime } from './http.ts';

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
  streak: int(0, HABIT_STREAK_MAX),
  /** The occurrence the last completion was credited to (its local date in the importer's zone). */
  lastCredited: calendarDate.nullable(),
});

const created = { actionableId: id, userId: id, ...fields, imported: importedHistory.optional() };
/** `importId`: the item was materialised from that ActionablesImported, which the read side has already projected. */
export const actionableCreated = defineEvent('ActionableCreated', z.object({ ...created, importId: id.optional() }));
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
export const habitStreakExtended = defineEvent(
  'HabitStreakExtended',
  z.object({ actionableId: id, occurrence: calendarDate, streak: int(1, HABIT_STREAK_MAX) }),
);
/** The streak broke: an occurrence after `lastCredited` was missed before `occurrence` was credited. */
export const habitStreakReset = defineEvent(
  'HabitStreakReset',
  z.object({ actionableId: id, occurrence: calendarDate, lastCredited: calendarDate.nullable(), previousStreak: int(0, HABIT_STREAK_MAX) }),
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

/**
 * An import, whole: one event in the stream `import-<importId>`, so it is stored entirely or not at
 * all on either event store. The read side projects the items from it in one transaction; a reactor
 * (and the request, eagerly) then gives each item its own stream with the same ActionableCreated.
 * `fingerprint`: the sha256 of the validated request, so a reused Idempotency-Key is told apart.
 */
export const actionablesImported = defineEvent(
  'ActionablesImported',
  z.object({
    importId: id,
    userId: id,
    fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
    items: z
      .array(z.object({ ...created, imported: importedHistory }))
      .min(1)
      .max(IMPORT_MAX_ITEMS),
  }),
);
export const importEvents = [actionablesImported] as const;
export type ImportEvent = z.infer<(typeof importEvents)[number]>;
