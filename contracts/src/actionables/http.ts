import { z } from 'zod';
import { calendarDate, id, instant, isStorableText, isoDateTime, pastInstant, text, timezone, title, wholeNumber } from '../common/fields.ts';
import { nextCursor, pageFields } from '../common/paging.ts';
import { awardReceipt, movedPoints, revocationReceipt } from '../points/receipt.ts';

/** spec.md §3 defaults. */
export const actionableDefaults = {
  title: 'Untitled Actionable',
  description: '',
  weight: 1,
  isHabit: false,
  streak: 0,
  active: true,
  pointsToBeAwarded: 0,
  status: 'pending',
  recurrence: { frequency: 'daily' },
} as const;

/** Texts of the actionable and habit rules (kept verbatim: clients may match on them). */
export const actionableMessages = {
  notFound: 'Actionable not found',
  habitNotFound: 'Habit not found',
  alreadyCompleted: 'Actionable is already completed',
  habitAlreadyCompleted: 'Habit already completed for this period',
  habitNotDue: (next: string | null) => (next === null ? 'Habit has nothing scheduled' : `Habit is not due today: its next day is ${next}`),
  nothingToUndo: 'Habit has no completion to take back',
  undoTooLate: 'Habit completion can only be taken back within its period or on the day it was recorded',
  backfillOutside: (days: number) => `date: must be a day the habit was scheduled, from its start and within the last ${days} days`,
  startDateOutside: (days: number) => `startDate: must be from ${days} days ago to a year ahead`,
  alreadyExists: 'Actionable already exists',
  tooManyToImport: 'must hold at most 1,000 actionables',
  nothingToImport: 'must hold at least one actionable',
  accountFull: (max: number) => `An account holds at most ${max.toLocaleString('en-US')} actionables; this import would go beyond that`,
} as const;

export const IMPORT_MAX_ITEMS = 1000;

// The list lives apart from the schemas, so the web app's first screen reads it without zod.
import { actionableStatuses } from '../values.ts';
export { actionableStatuses };
export const actionableStatus = z.enum(actionableStatuses, { message: `must be one of ${actionableStatuses.join(', ')}` });
export type ActionableStatus = z.infer<typeof actionableStatus>;

export const frequencies = ['daily', 'weekly', 'monthly', 'everyNDays', 'timesPerWeek'] as const;
export const frequency = z.enum(frequencies, { message: `must be one of ${frequencies.join(', ')}` });
export type Frequency = z.infer<typeof frequency>;

export const weight = wholeNumber(1, 10);
export const pointsToBeAwarded = wholeNumber(0, 1000);
/** 0 = Sunday … 6 = Saturday. */
export const weekday = wholeNumber(0, 6, 'must be a weekday from 0 (Sunday) to 6 (Saturday)');
export const dayOfMonth = wholeNumber(1, 31);
/** Every N days from the habit's start. */
export const everyNDays = wholeNumber(1, 365);
/** N times in each week (by the user's week start when the habit was set so). */
export const timesPerWeek = wholeNumber(1, 7);
/** A time of day, HH:mm on a 24-hour clock. */
export const reminderTime = z.string({ message: 'must be a time HH:mm' }).regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:mm (00:00 to 23:59)');

/**
 * A recurrence as the domain keeps it: one variant per frequency, holding only what that frequency
 * needs (days sorted, without repeats). `everyNDays` counts from the habit's start; `timesPerWeek`
 * keeps the weekday its weeks begin on (the user's week start when it was set), so a later change of
 * the setting never re-cuts weeks already counted.
 */
export const recurrence = z.discriminatedUnion('frequency', [
  z.object({ frequency: z.literal('daily') }),
  z.object({ frequency: z.literal('weekly'), days: z.array(weekday).min(1).max(7) }),
  z.object({ frequency: z.literal('monthly'), dayOfMonth }),
  z.object({ frequency: z.literal('everyNDays'), everyNDays }),
  z.object({ frequency: z.literal('timesPerWeek'), timesPerWeek, weekStartsOn: weekday }),
]);
export type Recurrence = z.infer<typeof recurrence>;

/**
 * A recurrence as clients send it (spec.md §7: {frequency, days, dayOfMonth}, frequency 'daily' by
 * default). Fields a frequency does not use are checked but dropped; weekly needs a non-empty set of
 * days, monthly a dayOfMonth. Parses to `Recurrence`.
 */
export const recurrenceBody = z
  .object({
    frequency: frequency.default('daily'),
    days: z.array(weekday).max(7, 'must hold at most 7 weekdays').nullable().optional(),
    dayOfMonth: dayOfMonth.nullable().optional(),
    everyNDays: everyNDays.nullable().optional(),
    timesPerWeek: timesPerWeek.nullable().optional(),
    /** For timesPerWeek: the weekday its weeks begin on (0 = Sunday … 6 = Saturday); Monday (ISO weeks) when left out. The web sends the user's week start. */
    weekStartsOn: weekday.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.frequency === 'weekly' && (value.days ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'weekly recurrence needs at least one weekday (0 = Sunday … 6 = Saturday)' });
    }
    if (value.frequency === 'monthly' && (value.dayOfMonth ?? undefined) === undefined) {
      ctx.addIssue({ code: 'custom', path: ['dayOfMonth'], message: 'monthly recurrence needs a dayOfMonth from 1 to 31' });
    }
    if (value.frequency === 'everyNDays' && (value.everyNDays ?? undefined) === undefined) {
      ctx.addIssue({ code: 'custom', path: ['everyNDays'], message: 'everyNDays recurrence needs everyNDays from 1 to 365' });
    }
    if (value.frequency === 'timesPerWeek' && (value.timesPerWeek ?? undefined) === undefined) {
      ctx.addIssue({ code: 'custom', path: ['timesPerWeek'], message: 'timesPerWeek recurrence needs timesPerWeek from 1 to 7' });
    }
  })
  .transform((value): Recurrence => {
    switch (value.frequency) {
      case 'daily':
        return { frequency: 'daily' };
      case 'weekly':
        return { frequency: 'weekly', days: [...new Set(value.days ?? [])].sort((a, b) => a - b) };
      case 'monthly':
        return { frequency: 'monthly', dayOfMonth: value.dayOfMonth! };
      case 'everyNDays':
        return { frequency: 'everyNDays', everyNDays: value.everyNDays! };
      case 'timesPerWeek':
        return { frequency: 'timesPerWeek', timesPerWeek: value.timesPerWeek!, weekStartsOn: value.weekStartsOn ?? 1 };
    }
  });

/** A title on create: blank or missing becomes 'Untitled Actionable' (the decider applies the default). */
const createTitle = z
  .string({ message: 'must be text' })
  .trim()
  .max(200, 'must be at most 200 characters')
  .refine(isStorableText, 'must not contain NUL or unpaired surrogate characters')
  .transform((value) => (value === '' ? undefined : value));

const description = text(5000);

/** What a client may set. userId, id, pointsAwarded, completedAt, createdAt, streak and lastCompletedAt are server-owned: unknown keys are dropped. */
const editable = {
  description: description.nullable().optional(),
  weight: weight.optional(),
  deadline: instant.nullable().optional(),
  isHabit: z.boolean({ message: 'must be true or false' }).optional(),
  active: z.boolean({ message: 'must be true or false' }).optional(),
  reminderTime: reminderTime.nullable().optional(),
  pointsToBeAwarded: pointsToBeAwarded.optional(),
  recurrence: recurrenceBody.optional(),
  status: actionableStatus.optional(),
  goalId: id.nullable().optional(),
  taskId: id.nullable().optional(),
  subtaskId: id.nullable().optional(),
};

/** How far back a habit's start may be given (for a habit the user already keeps), and how far back a missed occurrence may be recorded. */
export const HABIT_START_MAX_DAYS_BACK = 30;
export const HABIT_BACKFILL_MAX_DAYS = 7;

export const createActionableBody = z.object({
  title: createTitle.nullable().optional(),
  ...editable,
  /** A habit's first day (its creation day when left out), up to HABIT_START_MAX_DAYS_BACK local days back. */
  startDate: calendarDate.optional(),
});
export type CreateActionableBody = z.infer<typeof createActionableBody>;
/** POST /actionables/habits: the same body; the route forces isHabit true. */
export const createHabitBody = createActionableBody;
export const updateActionableBody = z.object({ title: title.optional(), ...editable });
export type UpdateActionableBody = z.infer<typeof updateActionableBody>;

/**
 * The longest streak any event records (HabitStreakExtended's `streak`, HabitStreakReset's
 * `previousStreak`, an import's history in ActionableCreated). The decider never extends past it.
 */
export const HABIT_STREAK_MAX = 1_000_000;
/**
 * The longest streak an import may bring: 100,000 occurrences (274 years of a daily habit), so an
 * imported habit has 900,000 completions before it meets HABIT_STREAK_MAX.
 */
export const IMPORT_STREAK_MAX = 100_000;
/** How far past the server's clock an imported completion may lie: the exporting device's clock may run ahead. */
export const IMPORT_CLOCK_SKEW_MS = 24 * 3_600_000;

/**
 * One item of an import: what a create takes, plus the history an export carries (status,
 * completion dates, streak). Ids, userId, createdAt and pointsAwarded are dropped: imported items
 * get new ids and award no points. The history is bounded by what the domain can go on from:
 * completions happened (not after the import, give or take a day of clock skew: a later one would
 * credit an occurrence still to come) and the streak is at most IMPORT_STREAK_MAX.
 */
export const importedActionable = createActionableBody.extend({
  /**
   * An export's id: an item that is already one of the importer's own is skipped (reported as
   * IMPORT_ALREADY_PRESENT), never copied. Anything else here (absent, not an id, or an id the
   * importer does not own) means a new item with a new id: the answer never tells whether someone
   * else holds it.
   */
  id: z
    .unknown()
    .optional()
    .transform((value) => (typeof value === 'string' && id.safeParse(value).success ? value : undefined)),
  // An export carries a habit's startDate (null for a to-do or an item from before start dates): an import keeps it, so an imported habit is due from the same day.
  startDate: calendarDate.nullable().optional(),
  completedAt: pastInstant(IMPORT_CLOCK_SKEW_MS).nullable().optional(),
  lastCompletedAt: pastInstant(IMPORT_CLOCK_SKEW_MS).nullable().optional(),
  streak: wholeNumber(0, IMPORT_STREAK_MAX).optional(),
});
export type ImportedActionable = z.infer<typeof importedActionable>;

const importItems = z.array(importedActionable).min(1, actionableMessages.nothingToImport).max(IMPORT_MAX_ITEMS, actionableMessages.tooManyToImport);
/** POST /actionables/import: `{actionables}` or a bare array; all or nothing, at most 1,000 items. */
export const importActionablesBody = z
  .preprocess((body) => (Array.isArray(body) ? { actionables: body } : body), z.object({ actionables: importItems }))
  .transform((body) => body.actionables);
export type ImportActionablesBody = z.infer<typeof importActionablesBody>;

const booleanParam = z.enum(['true', 'false'], { message: 'must be true or false' }).transform((value) => value === 'true');
/** A comma list of statuses, e.g. `pending,in-progress`. */
const statusListParam = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim()))
  .pipe(z.array(actionableStatus).min(1));

/** GET /actionables: a page (`limit`, `cursor`: common/paging.ts) of what the filters find. */
export const listActionablesQuery = z.object({
  date: calendarDate.optional(),
  timezone: timezone.optional(),
  status: statusListParam.optional(),
  isHabit: booleanParam.optional(),
  ...pageFields,
});
/** GET /actionables/habits: a page of them. */
export const habitsQuery = z.object(pageFields);
/** GET /actionables/range and /export: a page of what the range touches. */
export const rangeQuery = z
  .object({ startDate: calendarDate, endDate: calendarDate, timezone: timezone.optional(), ...pageFields })
  .refine((query) => query.endDate >= query.startDate, { message: 'must not be before startDate', path: ['endDate'] });
export const idParams = z.object({ id });

/** An actionable as answers carry it (spec.md §3's fields). */
export const actionable = z.object({
  id,
  title: z.string(),
  description: z.string(),
  weight: z.number().int(),
  deadline: isoDateTime.nullable(),
  completedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  userId: id,
  goalId: id.nullable(),
  taskId: id.nullable(),
  subtaskId: id.nullable(),
  isHabit: z.boolean(),
  streak: z.number().int(),
  lastCompletedAt: isoDateTime.nullable(),
  active: z.boolean(),
  reminderTime: z.string().nullable(),
  pointsAwarded: z.number().int(),
  pointsToBeAwarded: z.number().int(),
  recurrence: z.object({
    frequency,
    days: z.array(z.number().int()),
    dayOfMonth: z.number().int().nullable(),
    everyNDays: z.number().int().nullable(),
    timesPerWeek: z.number().int().nullable(),
    weekStartsOn: z.number().int().nullable(),
  }),
  status: actionableStatus,
  /** A habit's first day (null: an item from before habits had one). */
  startDate: calendarDate.nullable(),
  /** A habit as of the user's today (null for a to-do): what the card offers before the click. */
  habitToday: z
    .object({
      /** due: a completion now counts for `occurrence`; done: this period is met; notDue: nothing to complete until `next`; frozen: today's period is frozen (a completion still counts). */
      state: z.enum(['due', 'done', 'notDue', 'frozen']),
      occurrence: calendarDate.nullable(),
      next: calendarDate.nullable(),
      /** Completions counted in this period, of `quota` (1, or N for N times per week). */
      doneInPeriod: z.number().int(),
      quota: z.number().int(),
      /** Whether the last completion can still be taken back (its period is today's, or it was recorded today). */
      canUndo: z.boolean(),
      /**
       * The day that completion counts for, while it can be taken back (else null): a day recorded
       * afterwards may be the last, not today's. Absent in answers from before it was kept.
       */
      undoes: calendarDate.nullable().optional(),
    })
    .nullable(),
});
export type Actionable = z.infer<typeof actionable>;

/**
 * An actionable's answer in every field a plain creation leaves to the defaults (spec.md §3) and
 * nothing has changed since: what the read model answers and what the API returns alike, but for
 * the item's id, title, creation time and owner.
 */
export const untouchedActionable = {
  description: '',
  weight: 1,
  deadline: null,
  completedAt: null,
  goalId: null,
  taskId: null,
  subtaskId: null,
  isHabit: false,
  streak: 0,
  lastCompletedAt: null,
  active: true,
  reminderTime: null,
  pointsAwarded: 0,
  pointsToBeAwarded: 0,
  recurrence: { frequency: 'daily', days: [], dayOfMonth: null, everyNDays: null, timesPerWeek: null, weekStartsOn: null },
  status: 'pending',
  startDate: null,
  habitToday: null,
} satisfies Omit<Actionable, 'id' | 'title' | 'createdAt' | 'userId'>;

export const actionableResponse = z.object({ actionable });
/** An update's answer: the item, and the receipt of the points it moved, when it completed or reopened it. */
export const updateActionableResponse = actionableResponse.extend(movedPoints);
/** A page of actionables; `nextCursor` asks for the next one (null: this was the last). */
export const actionablesResponse = z.object({ actionables: z.array(actionable), nextCursor });
export const habitResponse = z.object({ habit: actionable });
export const habitsResponse = z.object({ habits: z.array(actionable), nextCursor });
/** A completion's answer: the item, its points and their receipt (how the rules counted them; `pointsAwarded` is `receipt.points`). */
export const completeActionableResponse = z.object({ actionable, pointsAwarded: z.number().int(), receipt: awardReceipt });
export const completeHabitResponse = z.object({ habit: actionable, pointsAwarded: z.number().int(), streak: z.number().int(), receipt: awardReceipt });
/** A freeze covers 1 to FREEZE_MAX_DAYS days, begins today or later (up to a year ahead), and a user begins at most FREEZES_PER_MONTH a calendar month. */
export const FREEZE_MAX_DAYS = 14;
export const FREEZES_PER_MONTH = 2;
export const freezeMessages = {
  notFound: 'Freeze not found',
  begun: 'A freeze that has begun cannot be cancelled',
  tooMany: `At most ${FREEZES_PER_MONTH} freezes may begin in one calendar month`,
  overlaps: 'This freeze overlaps another one for the same habits',
  range: `to: a freeze covers 1 to ${FREEZE_MAX_DAYS} days, from today up to a year ahead`,
} as const;
export const createFreezeBody = z.object({ from: calendarDate, to: calendarDate, habitId: id.nullable().optional() });
export const freeze = z.object({ id, habitId: id.nullable(), from: calendarDate, to: calendarDate, createdAt: isoDateTime });
export const freezeResponse = z.object({ freeze });
export const freezesResponse = z.object({ freezes: z.array(freeze) });
export const habitHistoryStates = ['done', 'missed', 'frozen', 'backfilled', 'due', 'notDue'] as const;
/** A history spans at most a year (a leap year's days): GET /actionables/habits/{id}/history. */
export const HABIT_HISTORY_MAX_DAYS = 366;
export const habitHistoryQuery = z.object({ startDate: calendarDate.optional(), endDate: calendarDate.optional() });
export const habitHistoryResponse = z.object({ history: z.array(z.object({ date: calendarDate, state: z.enum(habitHistoryStates) })) });

/** POST /actionables/habits/{id}/completions: a missed occurrence recorded afterwards. */
export const backfillHabitBody = z.object({ date: calendarDate });
/** Taking a completion back: the points revoked, the occurrence freed and the streak as it was before. */
/** `receipt`: what the take-back revoked and by which rules it had been counted (null when the completion had earned nothing). */
export const uncompleteHabitResponse = z.object({
  habit: actionable,
  pointsRevoked: z.number().int(),
  occurrence: calendarDate,
  streak: z.number().int(),
  receipt: revocationReceipt.nullable(),
});

export const actionableStats = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  inProgress: z.number().int(),
  completed: z.number().int(),
  notApproached: z.number().int(),
  completionRate: z.number(),
  totalPoints: z.number().int(),
  activeHabits: z.number().int(),
  longestStreak: z.number().int(),
});
export const actionableStatsResponse = z.object({ stats: actionableStats });
export const heatmapResponse = z.object({ heatmap: z.array(z.object({ date: calendarDate, count: z.number().int(), points: z.number().int() })) });
/** An export is paged like the lists: a complete export follows `nextCursor` and joins the pages' actionables. */
export const exportResponse = z.object({
  actionables: z.array(actionable),
  exportedAt: isoDateTime,
  startDate: calendarDate,
  endDate: calendarDate,
  nextCursor,
});
/** Why an import item was not stored: it is one of the importer's items already (by id). */
export const IMPORT_ALREADY_PRESENT = 'already present';
/** An item an import left out: its place in the file (from 0), its id, and why. */
export const importSkipped = z.object({ index: z.number().int(), id, reason: z.literal(IMPORT_ALREADY_PRESENT) });
export type ImportSkipped = z.infer<typeof importSkipped>;
/** `imported` and `actionables` are the items stored; `skipped` those left out (already there). */
export const importResponse = z.object({ imported: z.number().int(), actionables: z.array(actionable), skipped: z.array(importSkipped) });
