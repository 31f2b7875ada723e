import type { Unversioned } from '@tracker/contracts/common/events';
import type { EventOf } from '@tracker/contracts/events';
import type { GoalEvent, SubtaskEvent, TaskEvent } from '@tracker/contracts/goals/events';
import type { WorkItemStatus } from '@tracker/contracts/goals/http';
import type { Decider } from '../common/decider.ts';
import { BusinessRuleViolated, Conflict, NotFound, ValidationFailed } from '../common/errors.ts';
import { awardOf } from '../points/award.ts';
import { revocationOf } from '../points/revocation.ts';
import { workItemAward, type WorkItemKind } from '../points/rules.ts';

// What goals, tasks and subtasks share: fields, status changes anywhere among the three statuses,
// points on completion and their exact revocation on leaving it. Each kind's decider names its
// commands and events (`WorkItemCommands`, `WorkItemEvents`); the rules here decide what happens.

export type PointsEvent = Unversioned<EventOf<'PointsAwarded' | 'PointsRevoked'>>;
/** Every event a goal's, task's or subtask's stream holds. */
export type WorkItemEvent = Unversioned<GoalEvent | TaskEvent | SubtaskEvent> | PointsEvent;
/** Where an award is booked: the item and every item above it. */
export type Hierarchy = PointsEvent['data']['hierarchy'];

/** What a command may set; only what differs from the item is recorded. */
export type Fields = EventOf<'GoalUpdated'>['data']['changes'];
/** What an update records: the fields, and for a task the goal it moved to. */
export type WorkItemChanges = EventOf<'TaskUpdated'>['data']['changes'];
export type StatusChange = Omit<EventOf<'GoalStatusChanged'>['data'], 'goalId'>;

export interface WorkItem {
  id: string;
  userId: string;
  title: string;
  description: string;
  priority: number;
  status: WorkItemStatus;
  dueDate: string | null;
  startDate: string | null;
  endDate: string | null;
  goalId?: string;
  taskId?: string;
  /** Points currently standing from the last completion; revoked exactly when it is reopened. */
  awarded: number;
  /** Where that award was booked: a revocation goes back to the same goals, even after a move. */
  awardedTo?: Hierarchy;
  /** The rules version that award was counted by: the revocation names it. */
  awardedRulesVersion?: number;
}

export type WorkItemState = { status: 'none' } | { status: 'active'; item: WorkItem } | { status: 'deleted'; item: WorkItem };

/** The ids above an item: none for a goal, its goal for a task, both for a subtask. */
export type Parents = { goalId?: string; taskId?: string };

/** A new item as its Created event records it (with its `Parents`). */
export type NewWorkItem = Omit<WorkItem, 'status' | 'awarded' | 'awardedTo' | 'awardedRulesVersion' | 'goalId' | 'taskId'>;

type Aggregate = 'Goal' | 'Task' | 'Subtask';

/**
 * One kind's commands, named in the imperative with the aggregate (`CreateGoal`, `CompleteSubtask`):
 * the same four for every kind. `P`, the parents it is created under; `Move`, what an update may move.
 */
export type WorkItemCommands<Name extends Aggregate, P extends Parents = object, Move extends object = object> =
  | ({ type: `Create${Name}`; id: string; userId: string; fields: Fields & { title: string }; status?: WorkItemStatus | undefined } & P)
  | ({ type: `Update${Name}`; userId: string; fields: Fields; status?: WorkItemStatus | undefined } & Move)
  | { type: `Complete${Name}`; userId: string }
  | { type: `Delete${Name}`; userId: string };

type AnyWorkItemCommand = WorkItemCommands<Aggregate, Parents, { goalId?: string | undefined }>;
type CreateCommand = Extract<AnyWorkItemCommand, { type: `Create${Aggregate}` }>;
/** A command on an item that exists: the same rules for every kind (a task's update may also move it). */
type ItemCommand = Exclude<AnyWorkItemCommand, CreateCommand>;

/** Every event one kind's stream holds: its own, and the points its completions earn. */
export type StreamEvent<E> = Unversioned<E> | PointsEvent;

/** How one kind records what happens to it. */
export interface WorkItemEvents<Event, P extends Parents> {
  kind: WorkItemKind;
  created: (item: NewWorkItem & P) => Event;
  updated: (id: string, changes: WorkItemChanges) => Event;
  statusChanged: (id: string, change: StatusChange) => Event;
  /** Subtasks announce completion with an event of their own. */
  completed?: (id: string) => Event;
  deleted: (id: string, title: string) => Event;
}

const label: { [K in WorkItemKind]: string } = { goal: 'Goal', task: 'Task', subtask: 'Subtask' };

/** The caller's own live item, or NotFound — another user's id looks exactly like a missing one. */
const ownLive = (kind: WorkItemKind, state: WorkItemState, userId: string): WorkItem => {
  if (state.status !== 'active' || state.item.userId !== userId) throw new NotFound(`${label[kind]} not found`);
  return state.item;
};

const checkDates = (startDate: string | null | undefined, endDate: string | null | undefined): void => {
  if (startDate && endDate && Date.parse(endDate) < Date.parse(startDate)) {
    throw new ValidationFailed('endDate: must not be before startDate', 'endDate');
  }
};

const ownHierarchy = (kind: WorkItemKind, id: string): Hierarchy => {
  switch (kind) {
    case 'goal':
      return { goalId: id };
    case 'task':
      return { taskId: id };
    case 'subtask':
      return { subtaskId: id };
  }
};

const hierarchyOf = (kind: WorkItemKind, item: WorkItem): Hierarchy => ({
  ...(item.goalId ? { goalId: item.goalId } : {}),
  ...(item.taskId ? { taskId: item.taskId } : {}),
  ...ownHierarchy(kind, item.id),
});

const editable = ['title', 'description', 'priority', 'dueDate', 'startDate', 'endDate'] as const satisfies ReadonlyArray<keyof Fields>;

const copyIfChanged = <K extends keyof Fields>(changes: Fields, key: K, value: Fields[K], current: Fields[K]): void => {
  if (value !== undefined && value !== current) changes[key] = value;
};

const changedFields = (item: WorkItem, fields: Fields): Fields => {
  const changes: Fields = {};
  for (const key of editable) copyIfChanged(changes, key, fields[key], item[key]);
  return changes;
};

/** The shared rules, speaking one kind's events (`E`, from contracts) and created under its `P`. */
export const workItemRules = <E extends GoalEvent | TaskEvent | SubtaskEvent, P extends Parents = object>(events: WorkItemEvents<Unversioned<E>, P>) => {
  type Event = Unversioned<E>;
  const { kind } = events;

  const statusEvents = (item: WorkItem, to: WorkItemStatus): Array<Event | PointsEvent> => {
    if (to === item.status) return [];
    const decided: Array<Event | PointsEvent> = [events.statusChanged(item.id, { from: item.status, to, title: item.title })];
    const source = { type: kind, id: item.id };
    const what = `${label[kind].toLowerCase()} "${item.title}"`;
    if (item.status === 'completed' && item.awarded > 0) {
      decided.push(revocationOf(item, { reason: `Reopened ${what}`, source, hierarchy: item.awardedTo ?? hierarchyOf(kind, item) }));
    }
    if (to === 'completed') {
      if (events.completed) decided.push(events.completed(item.id));
      decided.push(awardOf(item, workItemAward(kind, item.priority), { reason: `Completed ${what}`, source, hierarchy: hierarchyOf(kind, item) }));
    }
    return decided;
  };

  return {
    /** Creation is the one step that differs by kind: the parents it is created under. */
    create(state: WorkItemState, command: CreateCommand, parents: P): Array<Event | PointsEvent> {
      if (state.status !== 'none') throw new Conflict(`${label[kind]} already exists`);
      const f = command.fields;
      checkDates(f.startDate, f.endDate);
      const created = {
        ...parents,
        id: command.id,
        userId: command.userId,
        title: f.title,
        description: f.description ?? '',
        priority: f.priority ?? 3,
        dueDate: f.dueDate ?? null,
        startDate: f.startDate ?? null,
        endDate: f.endDate ?? null,
      };
      const item: WorkItem = { ...created, status: 'pending', awarded: 0 };
      return [events.created(created), ...statusEvents(item, command.status ?? 'pending')];
    },

    decide(state: WorkItemState, command: ItemCommand): Array<Event | PointsEvent> {
      switch (command.type) {
        case 'UpdateGoal':
        case 'UpdateTask':
        case 'UpdateSubtask': {
          const item = ownLive(kind, state, command.userId);
          const changes: WorkItemChanges = changedFields(item, command.fields);
          if (command.goalId !== undefined && command.goalId !== item.goalId) changes.goalId = command.goalId;
          const after: WorkItem = { ...item, ...changes };
          checkDates(after.startDate, after.endDate);
          const updated = Object.keys(changes).length > 0 ? [events.updated(item.id, changes)] : [];
          return [...updated, ...statusEvents(after, command.status ?? item.status)];
        }
        case 'CompleteGoal':
        case 'CompleteTask':
        case 'CompleteSubtask': {
          const item = ownLive(kind, state, command.userId);
          if (item.status === 'completed') throw new BusinessRuleViolated(`${label[kind]} is already completed`);
          return statusEvents(item, 'completed');
        }
        case 'DeleteGoal':
        case 'DeleteTask':
        case 'DeleteSubtask': {
          const item = ownLive(kind, state, command.userId);
          return [events.deleted(item.id, item.title)];
        }
        default: {
          const _exhaustive: never = command;
          throw new Error('Unknown work item command');
        }
      }
    },
  };
};

const created = (id: string, data: Omit<NewWorkItem, 'id'> & Parents): WorkItemState => ({
  status: 'active',
  item: { ...data, id, status: 'pending', awarded: 0 },
});

/** Applies a change to the item, live or deleted; before creation there is nothing to change. */
const withItem = (state: WorkItemState, change: (item: WorkItem) => WorkItem): WorkItemState =>
  state.status === 'none' ? state : { ...state, item: change(state.item) };

/** One fold for the three kinds: their events differ only in name and in the key of their id. */
export const evolveWorkItem = (state: WorkItemState, event: WorkItemEvent): WorkItemState => {
  switch (event.type) {
    case 'GoalCreated': {
      const { goalId, ...data } = event.data;
      return created(goalId, data);
    }
    case 'TaskCreated': {
      const { taskId, ...data } = event.data;
      return created(taskId, data);
    }
    case 'SubtaskCreated': {
      const { subtaskId, ...data } = event.data;
      return created(subtaskId, data);
    }
    case 'GoalUpdated':
    case 'TaskUpdated':
    case 'SubtaskUpdated':
      return withItem(state, (item) => ({ ...item, ...event.data.changes }));
    case 'GoalStatusChanged':
    case 'TaskStatusChanged':
    case 'SubtaskStatusChanged':
      return withItem(state, (item) => ({ ...item, status: event.data.to }));
    case 'SubtaskCompleted':
      return state;
    case 'PointsAwarded':
      return withItem(state, (item) => ({
        ...item,
        awarded: event.data.points,
        awardedTo: event.data.hierarchy,
        awardedRulesVersion: event.data.rulesVersion,
      }));
    case 'PointsRevoked':
      return withItem(state, ({ awardedTo: _, awardedRulesVersion: __, ...item }) => ({ ...item, awarded: 0 }));
    case 'GoalDeleted':
    case 'TaskDeleted':
    case 'SubtaskDeleted':
      return state.status === 'none' ? state : { status: 'deleted', item: state.item };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
};

/** A kind's decider: its decide over the shared fold. */
export const workItemDecider = <Command, Event extends WorkItemEvent>(
  decide: (command: Command, state: WorkItemState) => Event[],
): Decider<Command, Event, WorkItemState> => ({
  initialState: () => ({ status: 'none' }),
  evolve: evolveWorkItem,
  decide,
});
