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
  /**
   * A completed to-do's completion day, `completedAt` in the importer's zone: where history (the
   * heatmap, the daily chart) counts it. Absent on imports from before it was recorded (counted on
   * completedAt's UTC date) and on items not completed.
   */
  completedOn: calendarDate.optional(),
});

/**
 * `startDate`: a habit's first day (no occurrence before it); absent on items created before habits
 * had one, whose occurrences are unbounded.
 */
const created = { actionableId: id, userId: id, ...fields, startDate: calendarDate.optional(), imported: importedHistory.optional() };
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

/** A range of local dates, both included: a freeze as a decision saw it. */
export const dateRange = z.object({ from: calendarDate, to: calendarDate });

/**
 * A habit completion, claimed at `completedAt` on the user's day `localDate`, credited to
 * `occurrence`: the most recent scheduled date on or before it from the habit's start (for a
 * timesPerWeek habit, the day itself; `period` is then its week's first day). `backfilled`: a missed
 * occurrence recorded afterwards. `frozen`: the freezes the decision counted with (recorded, so a
 * replay decides the same).
 */
export const habitCompleted = defineEvent(
  'HabitCompleted',
  z.object({
    ...completion,
    occurrence: calendarDate,
    period: calendarDate.optional(),
    backfilled: z.literal(true).optional(),
    frozen: z.array(dateRange).max(100).optional(),
  }),
);

/** A credited occurrence and the streak it stands at. */
const creditStreak = z.object({ occurrence: calendarDate, streak: int(0, HABIT_STREAK_MAX) });
/** The streak a habit shows after a change: its last credited period (null: none) and the streak there. */
const standing = z.object({ lastCredited: calendarDate.nullable(), streak: int(0, HABIT_STREAK_MAX) });

/**
 * A backfill's recount: the backfilled occurrence and every later credit whose streak it changed
 * (`recounted`, new streaks; `previous`, what they were), and the habit's standing streak after it.
 */
export const habitCreditsRecounted = defineEvent(
  'HabitCreditsRecounted',
  z.object({ actionableId: id, recounted: z.array(creditStreak).min(1).max(64), previous: z.array(creditStreak).max(64), current: standing }),
);

/**
 * A completion taken back: `occurrence` is free again, the credits a backfill had recounted are back
 * at `restored`, and the habit stands at `current` with `lastCompletedAt` as before the completion.
 */
export const habitCompletionUndone = defineEvent(
  'HabitCompletionUndone',
  z.object({
    actionableId: id,
    title: storedText,
    occurrence: calendarDate,
    restored: z.array(creditStreak).max(64),
    current: standing,
    lastCompletedAt: storedInstant.nullable(),
  }),
);
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
  habitCreditsRecounted,
  habitCompletionUndone,
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
    /** The importer's zone, the one completedOn is in (absent on imports from before it was recorded). */
    timezone: storedText.optional(),
    items: z
      .array(z.object({ ...created, imported: importedHistory }))
      .min(1)
      .max(IMPORT_MAX_ITEMS),
  }),
);
export const importEvents = [actionablesImported] as const;
export type ImportEvent = z.infer<(typeof importEvents)[number]>;

/**
 * Freezes: one stream per user, `freeze-<userId>`, so the monthly limit is decided against every
 * freeze the user has. `habitId` null: all of the user's habits.
 */
export const habitsFrozen = defineEvent('HabitsFrozen', z.object({ freezeId: id, userId: id, habitId: nullableId, from: calendarDate, to: calendarDate }));
export const habitFreezeCancelled = defineEvent('HabitFreezeCancelled', z.object({ freezeId: id, userId: id }));
export const freezeEvents = [habitsFrozen, habitFreezeCancelled] as const;
export type FreezeEvent = z.infer<(typeof freezeEvents)[number]>;
