import type { WorkItemStatus } from '@tracker/contracts/goals/http';
import type { Decider } from '../common/decider.ts';
import { BusinessRuleViolated, Conflict, NotFound, ValidationFailed } from '../common/errors.ts';
import { RULES_VERSION, workItemPoints, type WorkItemKind } from '../points/rules.ts';

/**
 * What goals, tasks and subtasks share: fields, status changes anywhere among the three statuses,
 * points on completion and their exact revocation on leaving it. The three deciders name the events.
 */
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
  awardedTo?: Record<string, string>;
}

export type WorkItemState = { status: 'none' } | { status: 'active'; item: WorkItem } | { status: 'deleted'; item: WorkItem };

export interface Fields {
  title?: string | undefined;
  description?: string | undefined;
  priority?: number | undefined;
  dueDate?: string | null | undefined;
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
}

export type WorkItemCommand =
  | { type: 'Create'; id: string; userId: string; fields: Fields & { title: string }; status?: WorkItemStatus | undefined; goalId?: string; taskId?: string }
  | { type: 'Update'; userId: string; fields: Fields; status?: WorkItemStatus | undefined; goalId?: string | undefined }
  | { type: 'Complete'; userId: string }
  | { type: 'Delete'; userId: string };

export interface EventNames {
  kind: WorkItemKind;
  idKey: 'goalId' | 'taskId' | 'subtaskId';
  created: string;
  updated: string;
  statusChanged: string;
  deleted: string;
  /** Subtasks announce completion with an event of its own. */
  completed?: string;
}

export type LooseEvent = { type: string; data: Record<string, unknown> };

const label: Record<WorkItemKind, string> = { goal: 'Goal', task: 'Task', subtask: 'Subtask' };

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

const hierarchyOf = (names: EventNames, item: WorkItem) => ({
  ...(item.goalId ? { goalId: item.goalId } : {}),
  ...(item.taskId ? { taskId: item.taskId } : {}),
  [names.idKey]: item.id,
});

const statusEvents = (names: EventNames, item: WorkItem, to: WorkItemStatus): LooseEvent[] => {
  if (to === item.status) return [];
  const events: LooseEvent[] = [{ type: names.statusChanged, data: { [names.idKey]: item.id, from: item.status, to, title: item.title } }];
  const source = { type: names.kind, id: item.id };
  const what = `${label[names.kind].toLowerCase()} "${item.title}"`;
  if (item.status === 'completed' && item.awarded > 0) {
    events.push({
      type: 'PointsRevoked',
      data: { userId: item.userId, points: item.awarded, reason: `Reopened ${what}`, source, hierarchy: item.awardedTo ?? hierarchyOf(names, item), title: item.title },
    });
  }
  if (to === 'completed') {
    if (names.completed) events.push({ type: names.completed, data: { [names.idKey]: item.id } });
    events.push({
      type: 'PointsAwarded',
      data: {
        userId: item.userId,
        points: workItemPoints(names.kind, item.priority),
        rulesVersion: RULES_VERSION,
        reason: `Completed ${what}`,
        source,
        hierarchy: hierarchyOf(names, item),
        title: item.title,
      },
    });
  }
  return events;
};

const changedFields = (item: WorkItem, fields: Fields): Fields =>
  Object.fromEntries(
    Object.entries(fields).filter(([key, value]) => value !== undefined && value !== item[key as keyof Fields]),
  ) as Fields;

export const decideWorkItem = (names: EventNames, command: WorkItemCommand, state: WorkItemState): LooseEvent[] => {
  switch (command.type) {
    case 'Create': {
      if (state.status !== 'none') throw new Conflict(`${label[names.kind]} already exists`);
      const f = command.fields;
      checkDates(f.startDate, f.endDate);
      const item: WorkItem = {
        id: command.id,
        userId: command.userId,
        title: f.title,
        description: f.description ?? '',
        priority: f.priority ?? 3,
        status: 'pending',
        dueDate: f.dueDate ?? null,
        startDate: f.startDate ?? null,
        endDate: f.endDate ?? null,
        ...(command.goalId ? { goalId: command.goalId } : {}),
        ...(command.taskId ? { taskId: command.taskId } : {}),
        awarded: 0,
      };
      const { awarded: _, awardedTo: ____, id: __, status: ___, ...data } = item;
      return [{ type: names.created, data: { [names.idKey]: item.id, ...data } }, ...statusEvents(names, item, command.status ?? 'pending')];
    }
    case 'Update': {
      const item = ownLive(names.kind, state, command.userId);
      const changes: Record<string, unknown> = { ...changedFields(item, command.fields) };
      if (command.goalId !== undefined && command.goalId !== item.goalId) changes.goalId = command.goalId;
      const after = { ...item, ...changes } as WorkItem;
      checkDates(after.startDate, after.endDate);
      const updated: LooseEvent[] = Object.keys(changes).length > 0 ? [{ type: names.updated, data: { [names.idKey]: item.id, changes } }] : [];
      return [...updated, ...statusEvents(names, after, command.status ?? item.status)];
    }
    case 'Complete': {
      const item = ownLive(names.kind, state, command.userId);
      if (item.status === 'completed') throw new BusinessRuleViolated(`${label[names.kind]} is already completed`);
      return statusEvents(names, item, 'completed');
    }
    case 'Delete': {
      const item = ownLive(names.kind, state, command.userId);
      return [{ type: names.deleted, data: { [names.idKey]: item.id, title: item.title } }];
    }
  }
};

export const evolveWorkItem = (names: EventNames, state: WorkItemState, event: LooseEvent): WorkItemState => {
  const { data } = event;
  if (event.type === names.created) {
    return {
      status: 'active',
      item: {
        id: data[names.idKey] as string,
        userId: data.userId as string,
        title: data.title as string,
        description: data.description as string,
        priority: data.priority as number,
        status: 'pending',
        dueDate: data.dueDate as string | null,
        startDate: data.startDate as string | null,
        endDate: data.endDate as string | null,
        ...(data.goalId ? { goalId: data.goalId as string } : {}),
        ...(data.taskId ? { taskId: data.taskId as string } : {}),
        awarded: 0,
      },
    };
  }
  if (state.status === 'none') return state;
  const { item } = state;
  switch (event.type) {
    case names.updated:
      return { ...state, item: { ...item, ...(data.changes as Partial<WorkItem>) } };
    case names.statusChanged:
      return { ...state, item: { ...item, status: data.to as WorkItemStatus } };
    case 'PointsAwarded':
      return { ...state, item: { ...item, awarded: data.points as number, awardedTo: data.hierarchy as Record<string, string> } };
    case 'PointsRevoked': {
      const { awardedTo: _, ...rest } = item;
      return { ...state, item: { ...rest, awarded: 0 } };
    }
    case names.deleted:
      return { status: 'deleted', item };
    default:
      return state;
  }
};

/** A decider over the shared rules, speaking one kind's event names. */
export const workItemDecider = <Event>(names: EventNames): Decider<WorkItemCommand, Event, WorkItemState> => ({
  initialState: () => ({ status: 'none' }),
  decide: (command, state) => decideWorkItem(names, command, state) as Event[],
  evolve: (state, event) => evolveWorkItem(names, state, event as unknown as LooseEvent),
});
