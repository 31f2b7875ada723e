import type { z } from 'zod';
import {
  goalChangedResponse,
  goalResponse,
  goalsResponse,
  subtaskChangedResponse,
  subtaskResponse,
  subtasksResponse,
  taskChangedResponse,
  taskResponse,
  tasksResponse,
  type Goal,
  type Subtask,
  type Task,
} from '@tracker/contracts/goals/http';
import type { PagePosition } from '@tracker/contracts/common/paging';
import type { PointsReceipt } from '@tracker/contracts/points/receipt';
import { NotFound } from '@tracker/domain/common/errors';
import type { WorkItem, WorkItemEvent } from '@tracker/domain/goals/work-item';
import type { ReadModelDb } from '@tracker/projections/db';
import type { Page, PageRequest } from '@tracker/projections/paging';
import { findGoal, findSubtask, findTask, listGoals, listSubtasks, listTasks, type ListFilter } from '@tracker/projections/goals/work-items.queries';
import { nextCursorOf, pageRequestOf } from '../http/paging.ts';
import { commandAnswer } from '../commands/command-answer.ts';

/**
 * An item as a command left it, for when read models lag past the read-your-writes bound: the
 * command's state over what the read model knew, its own awards and revocations added to the history.
 */
const workItemFromCommand = (item: WorkItem, known: Goal | undefined, events: readonly WorkItemEvent[], now: string): Goal => {
  const statusChanged = events.some((event) => event.type.endsWith('StatusChanged'));
  const points = events.flatMap((event) =>
    event.type === 'PointsAwarded' || event.type === 'PointsRevoked'
      ? [{ points: event.type === 'PointsAwarded' ? event.data.points : -event.data.points, reason: event.data.reason, timestamp: now }]
      : [],
  );
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    priority: item.priority,
    status: item.status,
    userId: item.userId,
    pointsHistory: [...(known?.pointsHistory ?? []), ...points],
    lastStatusChange: statusChanged ? { status: item.status, timestamp: now } : (known?.lastStatusChange ?? null),
    completedAt: item.status !== 'completed' ? null : statusChanged ? now : (known?.completedAt ?? now),
    createdAt: known?.createdAt ?? now,
    updatedAt: now,
    dueDate: item.dueDate,
    startDate: item.startDate,
    endDate: item.endDate,
  };
};

/** How the routes answer with one kind of item: read from its read model, or as a command left it, wrapped in its answer. */
export interface WorkItemAnswers<Item, One, Many> {
  label: string;
  /** Its path segment under /goals and its tag in /api/openapi.json. */
  tag: 'goals' | 'tasks' | 'subtasks';
  /** The projectors its answers come from: commands settle on these. */
  reads: string[];
  find(db: ReadModelDb, userId: string, id: string): Promise<Item | undefined>;
  /** One page of the items the filter finds, newest first. */
  list(db: ReadModelDb, userId: string, filter: ListFilter, page: PageRequest): Promise<Page<Item>>;
  one: { schema: z.ZodType<One>; wrap(item: Item): One };
  /** A create's or update's answer: `one`, and the receipt of the points it moved (when it did). */
  changed: z.ZodType<One & { receipt?: PointsReceipt | undefined }>;
  /** The item as the command left it, when the read model is behind. */
  fromCommand(item: WorkItem, known: Item | undefined, events: readonly WorkItemEvent[], now: string): Item;
  /** A page of items as the answer holds them: the list under its key, `nextCursor` beside it. */
  many: { schema: z.ZodType<Many>; wrap(items: Item[], nextCursor: string | null): Many };
}

export const goals: WorkItemAnswers<Goal, { goal: Goal }, { goals: Goal[]; nextCursor: string | null }> = {
  label: 'Goal',
  tag: 'goals',
  reads: ['goals', 'points_ledger'],
  find: findGoal,
  list: listGoals,
  one: { schema: goalResponse, wrap: (goal) => ({ goal }) },
  changed: goalChangedResponse,
  fromCommand: workItemFromCommand,
  many: { schema: goalsResponse, wrap: (items, nextCursor) => ({ goals: items, nextCursor }) },
};

export const tasks: WorkItemAnswers<Task, { task: Task }, { tasks: Task[]; nextCursor: string | null }> = {
  label: 'Task',
  tag: 'tasks',
  reads: ['tasks', 'points_ledger'],
  find: findTask,
  list: listTasks,
  one: { schema: taskResponse, wrap: (task) => ({ task }) },
  changed: taskChangedResponse,
  fromCommand: (item, known, events, now) => ({ ...workItemFromCommand(item, known, events, now), goalId: item.goalId! }),
  many: { schema: tasksResponse, wrap: (items, nextCursor) => ({ tasks: items, nextCursor }) },
};

export const subtasks: WorkItemAnswers<Subtask, { subtask: Subtask }, { subtasks: Subtask[]; nextCursor: string | null }> = {
  label: 'Subtask',
  tag: 'subtasks',
  reads: ['subtasks', 'points_ledger'],
  find: findSubtask,
  list: listSubtasks,
  one: { schema: subtaskResponse, wrap: (subtask) => ({ subtask }) },
  changed: subtaskChangedResponse,
  fromCommand: (item, known, events, now) => ({ ...workItemFromCommand(item, known, events, now), goalId: item.goalId!, taskId: item.taskId! }),
  many: { schema: subtasksResponse, wrap: (items, nextCursor) => ({ subtasks: items, nextCursor }) },
};

/** The answer to a work item's command (`commandAnswer`): the read model's once settled, else the item as the command left it. */
export const answerOf = async <Item>(
  reader: WorkItemAnswers<Item, unknown, unknown>,
  db: ReadModelDb,
  outcome: { item: WorkItem | undefined; events: readonly WorkItemEvent[] },
  settled: boolean,
  now: Date,
): Promise<Item> => {
  const { item } = outcome;
  if (!item) throw new NotFound(`${reader.label} not found`);
  return commandAnswer(
    settled,
    () => reader.find(db, item.userId, item.id),
    (known) => reader.fromCommand(item, known, outcome.events, now.toISOString()),
  );
};

/** The caller's item from the read model, or 404 — another user's id looks exactly like a missing one. */
export const findOwn = async <Item>(reader: WorkItemAnswers<Item, unknown, unknown>, db: ReadModelDb, userId: string, id: string): Promise<Item> => {
  const item = await reader.find(db, userId, id);
  if (item === undefined) throw new NotFound(`${reader.label} not found`);
  return item;
};

/**
 * One page of a kind's list as a route answers it: the items the filter finds from where the query's
 * `cursor` points, at most its `limit` (common/paging.ts), and the cursor of the page after them.
 */
export const listPage = async <Item, Many>(
  reader: WorkItemAnswers<Item, unknown, Many>,
  db: ReadModelDb,
  userId: string,
  filter: ListFilter,
  query: { limit?: number | undefined; cursor?: PagePosition | undefined },
): Promise<Many> => {
  const { items, next } = await reader.list(db, userId, filter, pageRequestOf(query));
  return reader.many.wrap(items, nextCursorOf(next));
};
