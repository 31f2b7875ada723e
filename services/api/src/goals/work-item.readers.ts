import type { z } from 'zod';
import {
  goalResponse,
  goalsResponse,
  subtaskResponse,
  subtasksResponse,
  taskResponse,
  tasksResponse,
  type Goal,
  type Subtask,
  type Task,
} from '@tracker/contracts/goals/http';
import { NotFound } from '@tracker/domain/common/errors';
import type { ReadModelDb } from '@tracker/projections/db';
import {
  findGoal,
  findSubtask,
  findTask,
  listGoals,
  listSubtasks,
  listTasks,
  type ListFilter,
} from '@tracker/projections/goals/work-items.queries';

/** How the routes read one kind of item from its read model, and how they wrap it in an answer. */
export interface WorkItemReader<Item, One, Many> {
  label: string;
  tag: string;
  /** The projectors its answers come from: commands settle on these. */
  reads: string[];
  find(db: ReadModelDb, userId: string, id: string): Promise<Item | undefined>;
  list(db: ReadModelDb, userId: string, filter: ListFilter): Promise<Item[]>;
  one: { schema: z.ZodType<One>; wrap(item: Item): One };
  many: { schema: z.ZodType<Many>; wrap(items: Item[]): Many };
}

export const goals: WorkItemReader<Goal, { goal: Goal }, { goals: Goal[] }> = {
  label: 'Goal',
  tag: 'goals',
  reads: ['goals', 'points_ledger'],
  find: findGoal,
  list: listGoals,
  one: { schema: goalResponse, wrap: (goal) => ({ goal }) },
  many: { schema: goalsResponse, wrap: (items) => ({ goals: items }) },
};

export const tasks: WorkItemReader<Task, { task: Task }, { tasks: Task[] }> = {
  label: 'Task',
  tag: 'tasks',
  reads: ['tasks', 'points_ledger'],
  find: findTask,
  list: listTasks,
  one: { schema: taskResponse, wrap: (task) => ({ task }) },
  many: { schema: tasksResponse, wrap: (items) => ({ tasks: items }) },
};

export const subtasks: WorkItemReader<Subtask, { subtask: Subtask }, { subtasks: Subtask[] }> = {
  label: 'Subtask',
  tag: 'subtasks',
  reads: ['subtasks', 'points_ledger'],
  find: findSubtask,
  list: listSubtasks,
  one: { schema: subtaskResponse, wrap: (subtask) => ({ subtask }) },
  many: { schema: subtasksResponse, wrap: (items) => ({ subtasks: items }) },
};

/** The caller's item from the read model, or 404 — another user's id looks exactly like a missing one. */
export const findOwn = async <Item>(reader: WorkItemReader<Item, unknown, unknown>, db: ReadModelDb, userId: string, id: string): Promise<Item> => {
  const item = await reader.find(db, userId, id);
  if (item === undefined) throw new NotFound(`${reader.label} not found`);
  return item;
};
