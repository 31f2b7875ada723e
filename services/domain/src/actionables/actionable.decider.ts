import { actionableDefaults, actionableMessages, HABIT_START_MAX_DAYS_BACK, type ActionableStatus, type Recurrence } from '@tracker/contracts/actionables/http';
import type { ActionableEvent, ActionableFields } from '@tracker/contracts/actionables/events';
import type { Unversioned } from '@tracker/contracts/common/events';
import type { EventOf } from '@tracker/contracts/events';
import type { Decider, Recorded } from '../common/decider.ts';
import { Conflict, NotFound, ValidationFailed } from '../common/errors.ts';
import { awardOf } from '../points/award.ts';
import { revocationOf } from '../points/revocation.ts';
import { actionableAward } from '../points/rules.ts';
import { addDays, localDateOf, type Clock, type LocalDate } from '../time/local-date.ts';
import {
  backfill,
  completeToday,
  rememberAward,
  rememberCompletion,
  rememberRecount,
  rememberStreak,
  rememberUndo,
  undoLast,
  type Claim,
  type HabitMemory,
  type HabitProgress,
} from './habit-completions.ts';
import type { Credit, DateRange, HabitSchedule } from './habit-schedule.ts';
import { latestOccurrenceOnOrBefore } from './recurrence.ts';

// An actionable is a to-do with a deadline and a weight; a habit is an actionable with isHabit true,
// in the same stream. Non-habits earn points by reaching `completed` (and give them back, exactly,
// on leaving it); habits earn points per credited occurrence, and give back exactly those of a
// completion taken back (habit-completions.ts). The state is the item, a few numbers and the
// credits of the last few periods — never the whole history — so a habit completed daily for years
// decides as fast as a new one.

export type PointsEvent = Unversioned<EventOf<'PointsAwarded' | 'PointsRevoked'>>;
/** Every event an actionable's stream holds. */
export type ActionableStreamEvent = Unversioned<ActionableEvent> | PointsEvent;
type Hierarchy = PointsEvent['data']['hierarchy'];

/** What a client may set (contracts' bodies, parsed): server-owned fields are not among them. */
export interface EditableFields {
  /** Blank or missing: 'Untitled Actionable' on create, unchanged on update. */
  title?: string | null | undefined;
  description?: string | null | undefined;
  weight?: number | undefined;
  deadline?: string | null | undefined;
  isHabit?: boolean | undefined;
  active?: boolean | undefined;
  reminderTime?: string | null | undefined;
  pointsToBeAwarded?: number | undefined;
  recurrence?: Recurrence | undefined;
  goalId?: string | null | undefined;
  taskId?: string | null | undefined;
  subtaskId?: string | null | undefined;
}

/** Editable fields with every field named (undefined: not given): a new field cannot be left out of a map of this type. */
export type EveryEditableField = { [K in keyof ActionableFields]: EditableFields[K] };

/** What an export carries beyond the fields, kept on import (no points). */
export interface ImportedHistory {
  status?: ActionableStatus | undefined;
  completedAt?: string | null | undefined;
  lastCompletedAt?: string | null | undefined;
  streak?: number | undefined;
  /** A habit's first day as exported (none: it counts from no start, as items from before start dates). */
  startDate?: LocalDate | null | undefined;
}

export type ActionableCommand =
  | {
      type: 'CreateActionable';
      id: string;
      userId: string;
      fields: EditableFields;
      status?: ActionableStatus | undefined;
      /** A habit's first day: today when left out, at most HABIT_START_MAX_DAYS_BACK back and a year ahead. */
      startDate?: LocalDate | undefined;
      clock: Clock;
    }
  /** Gives an item of an ActionablesImported its own stream (once; a repeat decides nothing). */
  | { type: 'MaterialiseImported'; importId: string; created: ImportedCreation }
  | { type: 'UpdateActionable'; userId: string; fields: EditableFields; status?: ActionableStatus | undefined; clock: Clock }
  /** PATCH /actionables/{id}/complete: a habit given here completes as a habit. `freezes`: the user's freezes that cover this habit. */
  | { type: 'CompleteActionable'; userId: string; clock: Clock; freezes?: readonly DateRange[] | undefined }
  | { type: 'CompleteHabit'; userId: string; clock: Clock; freezes?: readonly DateRange[] | undefined }
  /** A missed occurrence recorded afterwards. */
  | { type: 'BackfillHabit'; userId: string; date: LocalDate; clock: Clock; freezes?: readonly DateRange[] | undefined }
  /** The last completion taken back. */
  | { type: 'UncompleteHabit'; userId: string; clock: Clock }
  | { type: 'DeleteActionable'; userId: string };

export interface ActionableItem extends ActionableFields {
  id: string;
  userId: string;
  status: ActionableStatus;
  createdAt: string;
  completedAt: string | null;
  lastCompletedAt: string | null;
  /** The streak standing at `lastCredited`, the last period met (what it is today: streakOn). */
  streak: number;
  lastCredited: LocalDate | null;
  /** The first day occurrences count from (null: an item from before habits had one). */
  startDate: LocalDate | null;
  /** A habit's credits of its last few periods and its last completions, to backfill and take back exactly. */
  credits: Credit[];
  claims: Claim[];
  /** Points standing from the last completion of a non-habit: revoked exactly when it leaves completed. */
  awarded: number;
  /** Where that award was booked: a revocation goes back to the same goals, even after a relink. */
  awardedTo?: Hierarchy;
  /** The rules version that award was counted by: the revocation names it. */
  awardedRulesVersion?: number;
  /** Net points of this item (awards less revocations), for answers built from the command's state. */
  pointsAwarded: number;
}

export type ActionableState = { status: 'none' } | { status: 'active'; item: ActionableItem } | { status: 'deleted'; item: ActionableItem };

const ownLive = (state: ActionableState, userId: string, message: string = actionableMessages.notFound): ActionableItem => {
  if (state.status !== 'active' || state.item.userId !== userId) throw new NotFound(message);
  return state.item;
};

const hierarchyOf = (item: ActionableItem): Hierarchy => ({
  ...(item.goalId ? { goalId: item.goalId } : {}),
  ...(item.taskId ? { taskId: item.taskId } : {}),
  ...(item.subtaskId ? { subtaskId: item.subtaskId } : {}),
  actionableId: item.id,
});

const withDefaults = (fields: EditableFields): ActionableFields => ({
  title: fields.title?.trim() || actionableDefaults.title,
  description: fields.description ?? actionableDefaults.description,
  weight: fields.weight ?? actionableDefaults.weight,
  deadline: fields.deadline ?? null,
  isHabit: fields.isHabit ?? actionableDefaults.isHabit,
  active: fields.active ?? actionableDefaults.active,
  reminderTime: fields.reminderTime ?? null,
  pointsToBeAwarded: fields.pointsToBeAwarded ?? actionableDefaults.pointsToBeAwarded,
  recurrence: fields.recurrence ?? { ...actionableDefaults.recurrence },
  goalId: fields.goalId ?? null,
  taskId: fields.taskId ?? null,
  subtaskId: fields.subtaskId ?? null,
});

/** Every field of an actionable is editable: a field missing here (or in `changedFields`) does not compile. */
const editableFields = {
  title: true,
  description: true,
  weight: true,
  deadline: true,
  isHabit: true,
  active: true,
  reminderTime: true,
  pointsToBeAwarded: true,
  recurrence: true,
  goalId: true,
  taskId: true,
  subtaskId: true,
} as const satisfies Record<keyof ActionableFields, true>;
const editable = Object.keys(editableFields) as ReadonlyArray<keyof typeof editableFields>;
type Changes = Partial<ActionableFields>;

const sameValue = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Only the editable fields that differ; anything else a caller slips in is ignored. */
const changedFields = (item: ActionableItem, fields: EditableFields): Changes => {
  // Every field named (undefined: unchanged), so a new field cannot be left out.
  const wanted: { [K in keyof ActionableFields]: ActionableFields[K] | undefined } = {
    title: fields.title?.trim() || undefined,
    description: fields.description === null ? '' : fields.description,
    weight: fields.weight,
    deadline: fields.deadline,
    isHabit: fields.isHabit,
    active: fields.active,
    reminderTime: fields.reminderTime,
    pointsToBeAwarded: fields.pointsToBeAwarded,
    recurrence: fields.recurrence,
    goalId: fields.goalId,
    taskId: fields.taskId,
    subtaskId: fields.subtaskId,
  };
  const changes: Record<string, unknown> = {};
  for (const key of editable) if (wanted[key] !== undefined && !sameValue(wanted[key], item[key])) changes[key] = wanted[key];
  return changes;
};

/** Status changes of any item; for a non-habit, points on reaching completed and their revocation on leaving it. */
const statusEvents = (item: ActionableItem, to: ActionableStatus, clock: Clock): ActionableStreamEvent[] => {
  if (to === item.status) return [];
  const decided: ActionableStreamEvent[] = [{ type: 'ActionableStatusChanged', data: { actionableId: item.id, from: item.status, to, title: item.title } }];
  const source = { type: 'actionable' as const, id: item.id };
  if (item.status === 'completed' && item.awarded > 0) {
    decided.push(revocationOf(item, { reason: `Reopened actionable "${item.title}"`, source, hierarchy: item.awardedTo ?? hierarchyOf(item) }));
  }
  if (to === 'completed' && !item.isHabit) {
    const deadlineDay = item.deadline === null ? null : localDateOf(item.deadline, clock.timezone);
    const award = actionableAward(item.weight, item.pointsToBeAwarded, deadlineDay, clock.localDate);
    const { late } = award.receipt.inputs;
    decided.push(
      {
        type: 'ActionableCompleted',
        data: { actionableId: item.id, title: item.title, completedAt: clock.at, timezone: clock.timezone, localDate: clock.localDate, late },
      },
      awardOf(item, award, { reason: `Completed actionable "${item.title}"${late ? ' after its deadline' : ''}`, source, hierarchy: hierarchyOf(item) }),
    );
  }
  return decided;
};

const scheduleOf = (item: ActionableItem): HabitSchedule => ({ recurrence: item.recurrence, startDate: item.startDate });

const progressOf = (item: ActionableItem): HabitProgress => ({
  id: item.id,
  userId: item.userId,
  title: item.title,
  weight: item.weight,
  schedule: scheduleOf(item),
  credits: item.credits,
  claims: item.claims,
  hierarchy: hierarchyOf(item),
});

const ownHabit = (state: ActionableState, userId: string): ActionableItem => {
  const item = ownLive(state, userId, actionableMessages.habitNotFound);
  if (!item.isHabit) throw new NotFound(actionableMessages.habitNotFound);
  return item;
};

/** A habit's first day: the given one when within its window, else today. */
const startDateOf = (command: Extract<ActionableCommand, { type: 'CreateActionable' }>): LocalDate => {
  const today = command.clock.localDate;
  if (command.startDate === undefined) return today;
  if (command.startDate < addDays(today, -HABIT_START_MAX_DAYS_BACK) || command.startDate > addDays(today, 365))
    throw new ValidationFailed(actionableMessages.startDateOutside(HABIT_START_MAX_DAYS_BACK), 'startDate');
  return command.startDate;
};

const newItem = (id: string, userId: string, fields: ActionableFields, createdAt: string, startDate: LocalDate | null): ActionableItem => ({
  ...fields,
  id,
  userId,
  status: 'pending',
  createdAt,
  completedAt: null,
  lastCompletedAt: null,
  streak: 0,
  lastCredited: null,
  startDate,
  credits: [],
  claims: [],
  awarded: 0,
  pointsAwarded: 0,
});

type ImportedCreation = Required<Pick<EventOf<'ActionableCreated'>['data'], 'imported'>> & Omit<EventOf<'ActionableCreated'>['data'], 'importId'>;

/** An item of an import as the request gave it; `timezone`: the importer's, to place the last completion on its local date. */
export interface ImportedItem {
  id: string;
  userId: string;
  fields: EditableFields;
  history: ImportedHistory;
  timezone: string;
}

/** What an imported item is created as: defaults filled in, its last completion placed on the importer's local date. */
export const importedCreation = (command: ImportedItem): ImportedCreation => {
  const fields = withDefaults(command.fields);
  const { history } = command;
  const lastCompletedAt = history.lastCompletedAt ?? null;
  const lastCredited =
    fields.isHabit && lastCompletedAt !== null ? latestOccurrenceOnOrBefore(fields.recurrence, localDateOf(lastCompletedAt, command.timezone)) : null;
  const imported = {
    status: history.status ?? 'pending',
    completedAt: history.completedAt ?? null,
    lastCompletedAt,
    streak: history.streak ?? 0,
    lastCredited,
  };
  return { actionableId: command.id, userId: command.userId, ...fields, ...(history.startDate ? { startDate: history.startDate } : {}), imported };
};

export const decide = (command: ActionableCommand, state: ActionableState): ActionableStreamEvent[] => {
  switch (command.type) {
    case 'CreateActionable': {
      if (state.status !== 'none') throw new Conflict(actionableMessages.alreadyExists);
      const fields = withDefaults(command.fields);
      const startDate = startDateOf(command);
      const created: ActionableStreamEvent = { type: 'ActionableCreated', data: { actionableId: command.id, userId: command.userId, ...fields, startDate } };
      const item = newItem(command.id, command.userId, fields, command.clock.at, startDate);
      return [created, ...statusEvents(item, command.status ?? 'pending', command.clock)];
    }
    case 'MaterialiseImported':
      // Once there (by the request or by the reactor, whichever came first), there is nothing to do.
      return state.status === 'none' ? [{ type: 'ActionableCreated', data: { ...command.created, importId: command.importId } }] : [];
    case 'UpdateActionable': {
      const item = ownLive(state, command.userId);
      const changes = changedFields(item, command.fields);
      const after: ActionableItem = { ...item, ...changes };
      const updated: ActionableStreamEvent[] = Object.keys(changes).length > 0 ? [{ type: 'ActionableUpdated', data: { actionableId: item.id, changes } }] : [];
      return [...updated, ...statusEvents(after, command.status ?? item.status, command.clock)];
    }
    case 'CompleteActionable': {
      const item = ownLive(state, command.userId);
      if (item.isHabit) return completeToday(progressOf(item), command.clock, command.freezes ?? []);
      if (item.status === 'completed') throw new Conflict(actionableMessages.alreadyCompleted, 'already_completed');
      return statusEvents(item, 'completed', command.clock);
    }
    case 'CompleteHabit':
      return completeToday(progressOf(ownHabit(state, command.userId)), command.clock, command.freezes ?? []);
    case 'BackfillHabit':
      return backfill(progressOf(ownHabit(state, command.userId)), command.clock, command.date, command.freezes ?? []);
    case 'UncompleteHabit':
      return undoLast(progressOf(ownHabit(state, command.userId)), command.clock);
    case 'DeleteActionable': {
      const item = ownLive(state, command.userId);
      return [{ type: 'ActionableDeleted', data: { actionableId: item.id, title: item.title } }];
    }
    default: {
      const _exhaustive: never = command;
      throw new Error('Unknown actionable command');
    }
  }
};

const withItem = (state: ActionableState, change: (item: ActionableItem) => ActionableItem): ActionableState =>
  state.status === 'none' ? state : { ...state, item: change(state.item) };

const memoryOf = (item: ActionableItem): HabitMemory => ({
  credits: item.credits,
  claims: item.claims,
  standing: { lastCredited: item.lastCredited, streak: item.streak },
});
const withMemory = (item: ActionableItem, memory: HabitMemory): ActionableItem => ({
  ...item,
  credits: memory.credits,
  claims: memory.claims,
  lastCredited: memory.standing.lastCredited,
  streak: memory.standing.streak,
});
const withHabit = (state: ActionableState, change: (memory: HabitMemory, item: ActionableItem) => HabitMemory): ActionableState =>
  withItem(state, (item) => withMemory(item, change(memoryOf(item), item)));

export const evolve = (state: ActionableState, event: Recorded<ActionableStreamEvent>): ActionableState => {
  switch (event.type) {
    case 'ActionableCreated': {
      const { actionableId, userId, imported, importId: _, startDate, ...fields } = event.data;
      const item = newItem(actionableId, userId, fields, event.occurredAt, startDate ?? null);
      if (!imported) return { status: 'active', item };
      // An import's streak stands at its last credited occurrence: the one credit the habit knows of.
      const credits =
        imported.lastCredited === null ? [] : [{ date: imported.lastCredited, period: imported.lastCredited, streak: imported.streak, meets: true }];
      return { status: 'active', item: { ...item, ...imported, credits } };
    }
    case 'ActionableUpdated':
      return withItem(state, (item) => ({ ...item, ...event.data.changes }));
    case 'ActionableStatusChanged':
      return withItem(state, (item) => ({ ...item, status: event.data.to, completedAt: event.data.to === 'completed' ? item.completedAt : null }));
    case 'ActionableCompleted':
      return withItem(state, (item) => ({ ...item, completedAt: event.data.completedAt }));
    case 'HabitCompleted': {
      const completed = withHabit(state, (memory, item) => rememberCompletion(memory, scheduleOf(item), event.data, item.lastCompletedAt));
      return withItem(completed, (item) => ({ ...item, completedAt: event.data.completedAt, lastCompletedAt: event.data.completedAt }));
    }
    case 'HabitStreakReset':
      return state;
    case 'HabitStreakExtended':
      return withHabit(state, (memory) => rememberStreak(memory, event.data.occurrence, event.data.streak));
    case 'HabitCreditsRecounted':
      return withHabit(state, (memory) => rememberRecount(memory, event.data));
    case 'HabitCompletionUndone': {
      const undone = withHabit(state, (memory, item) => rememberUndo(memory, scheduleOf(item), event.data));
      return withItem(undone, (item) => ({ ...item, completedAt: event.data.lastCompletedAt, lastCompletedAt: event.data.lastCompletedAt }));
    }
    case 'PointsAwarded': {
      const awarded = withItem(state, (item) => ({
        ...item,
        pointsAwarded: item.pointsAwarded + event.data.points,
        ...(event.data.source.type === 'actionable'
          ? { awarded: event.data.points, awardedTo: event.data.hierarchy, awardedRulesVersion: event.data.rulesVersion }
          : {}),
      }));
      return event.data.source.type === 'habit' ? withHabit(awarded, (memory) => rememberAward(memory, event.data.points, event.data.rulesVersion)) : awarded;
    }
    case 'PointsRevoked':
      return withItem(state, ({ awardedTo: _, awardedRulesVersion: __, ...item }) => ({
        ...item,
        awarded: 0,
        pointsAwarded: item.pointsAwarded - event.data.points,
      }));
    case 'ActionableDeleted':
      return state.status === 'none' ? state : { status: 'deleted', item: state.item };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
};

export const actionableDecider: Decider<ActionableCommand, ActionableStreamEvent, ActionableState> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
  // A habit's stream grows by a completion a day; the state stays small, so it is kept as a snapshot.
  // Version 3: the standing award's and each claim's rules version (what a revocation names).
  snapshotSchema: 'actionable/3',
};
