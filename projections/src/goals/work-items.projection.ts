import type { Transaction } from 'kysely';
import type { EventOf } from '@tracker/contracts/events';
import type { ReadModels } from '../db.ts';
import { defineProjector, type ProjectedEvent } from '../projector.ts';
import type { NewWorkItemRow, WorkItemRowUpdate } from './goals.tables.ts';

type WorkItemTable = 'goals' | 'tasks' | 'subtasks';

/** An item's own events, whatever its kind: each kind's table follows them the same way. */
type OwnEvent = ProjectedEvent<
  | 'GoalCreated'
  | 'GoalUpdated'
  | 'GoalStatusChanged'
  | 'GoalDeleted'
  | 'TaskCreated'
  | 'TaskUpdated'
  | 'TaskStatusChanged'
  | 'TaskDeleted'
  | 'SubtaskCreated'
  | 'SubtaskUpdated'
  | 'SubtaskStatusChanged'
  | 'SubtaskDeleted'
>;
type Created = Extract<OwnEvent, { type: 'GoalCreated' | 'TaskCreated' | 'SubtaskCreated' }>;
/** The widest `changes` (a task's may also move it to another goal). */
type Changes = EventOf<'TaskUpdated'>['data']['changes'];
/** The columns a kind adds to the rows it creates: links to the item's parents. */
interface Parents {
  goal_id?: string;
  task_id?: string;
}

const newRow = (id: string, { data, metadata }: Created): NewWorkItemRow => ({
  id,
  user_id: data.userId,
  title: data.title,
  description: data.description,
  priority: data.priority,
  status: 'pending',
  last_status_at: null,
  completed_at: null,
  created_at: metadata.occurredAt,
  updated_at: metadata.occurredAt,
  due_date: data.dueDate,
  start_date: data.startDate,
  end_date: data.endDate,
});

/** Only what the update names; a null date clears it. */
const changedColumns = (changes: Changes): WorkItemRowUpdate & Pick<Parents, 'goal_id'> => ({
  ...(changes.title !== undefined ? { title: changes.title } : {}),
  ...(changes.description !== undefined ? { description: changes.description } : {}),
  ...(changes.priority !== undefined ? { priority: changes.priority } : {}),
  ...(changes.dueDate !== undefined ? { due_date: changes.dueDate } : {}),
  ...(changes.startDate !== undefined ? { start_date: changes.startDate } : {}),
  ...(changes.endDate !== undefined ? { end_date: changes.endDate } : {}),
  ...(changes.goalId !== undefined ? { goal_id: changes.goalId } : {}),
});

/** Creates, changes or removes the item's own row in its kind's table; `parents` go into a created row. */
const followItem = async (trx: Transaction<ReadModels>, table: WorkItemTable, id: string, event: OwnEvent, parents: Parents = {}): Promise<void> => {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'GoalCreated':
    case 'TaskCreated':
    case 'SubtaskCreated':
      await trx
        .insertInto(table)
        .values({ ...newRow(id, event), ...parents })
        .execute();
      return;
    case 'GoalUpdated':
    case 'TaskUpdated':
    case 'SubtaskUpdated':
      await trx
        .updateTable(table)
        .set({ ...changedColumns(event.data.changes), updated_at: at })
        .where('id', '=', id)
        .execute();
      return;
    case 'GoalStatusChanged':
    case 'TaskStatusChanged':
    case 'SubtaskStatusChanged': {
      const { to } = event.data;
      await trx
        .updateTable(table)
        .set({ status: to, last_status_at: at, completed_at: to === 'completed' ? at : null, updated_at: at })
        .where('id', '=', id)
        .execute();
      return;
    }
    case 'GoalDeleted':
    case 'TaskDeleted':
    case 'SubtaskDeleted':
      await trx.deleteFrom(table).where('id', '=', id).execute();
  }
};

/**
 * A batch in log order, with each run of creations written as one multi-row insert (the rest one by
 * one): the same rows as applying the events singly, in fewer statements.
 */
const inBatch =
  <E extends { type: string }>(
    table: WorkItemTable,
    createdRow: (event: E) => (NewWorkItemRow & Parents) | undefined,
    apply: (trx: Transaction<ReadModels>, event: E) => Promise<void>,
  ) =>
  async (trx: Transaction<ReadModels>, events: E[]): Promise<void> => {
    let rows: Array<NewWorkItemRow & Parents> = [];
    const flush = async (): Promise<void> => {
      if (rows.length > 0) await trx.insertInto(table).values(rows).execute();
      rows = [];
    };
    for (const event of events) {
      const row = createdRow(event);
      if (row) {
        rows.push(row);
        continue;
      }
      await flush();
      await apply(trx, event);
    }
    await flush();
  };

const applyGoal = (trx: Transaction<ReadModels>, event: ProjectedEvent<'GoalCreated' | 'GoalUpdated' | 'GoalStatusChanged' | 'GoalDeleted'>) =>
  followItem(trx, 'goals', event.data.goalId, event);

/** goals: one row per live goal. */
export const goalsProjection = defineProjector({
  name: 'goals',
  handles: ['GoalCreated', 'GoalUpdated', 'GoalStatusChanged', 'GoalDeleted'],
  apply: applyGoal,
  applyBatch: inBatch('goals', (event) => (event.type === 'GoalCreated' ? newRow(event.data.goalId, event) : undefined), applyGoal),
});

type TaskProjected = ProjectedEvent<'TaskCreated' | 'TaskUpdated' | 'TaskStatusChanged' | 'TaskDeleted' | 'GoalDeleted'>;
const applyTask = async (trx: Transaction<ReadModels>, event: TaskProjected): Promise<void> => {
  switch (event.type) {
    case 'GoalDeleted':
      await trx.deleteFrom('tasks').where('goal_id', '=', event.data.goalId).execute();
      return;
    case 'TaskCreated':
      return followItem(trx, 'tasks', event.data.taskId, event, { goal_id: event.data.goalId });
    default:
      return followItem(trx, 'tasks', event.data.taskId, event);
  }
};

/** tasks: one row per live task; a deleted goal takes its tasks along. */
export const tasksProjection = defineProjector({
  name: 'tasks',
  handles: ['TaskCreated', 'TaskUpdated', 'TaskStatusChanged', 'TaskDeleted', 'GoalDeleted'],
  apply: applyTask,
  applyBatch: inBatch(
    'tasks',
    (event: TaskProjected) => (event.type === 'TaskCreated' ? { ...newRow(event.data.taskId, event), goal_id: event.data.goalId } : undefined),
    applyTask,
  ),
});

type SubtaskProjected = ProjectedEvent<
  'SubtaskCreated' | 'SubtaskUpdated' | 'SubtaskStatusChanged' | 'SubtaskDeleted' | 'GoalDeleted' | 'TaskDeleted' | 'TaskUpdated'
>;
const applySubtask = async (trx: Transaction<ReadModels>, event: SubtaskProjected): Promise<void> => {
  switch (event.type) {
    case 'GoalDeleted':
      await trx.deleteFrom('subtasks').where('goal_id', '=', event.data.goalId).execute();
      return;
    case 'TaskDeleted':
      await trx.deleteFrom('subtasks').where('task_id', '=', event.data.taskId).execute();
      return;
    case 'TaskUpdated': {
      const { goalId } = event.data.changes;
      if (goalId !== undefined) await trx.updateTable('subtasks').set({ goal_id: goalId }).where('task_id', '=', event.data.taskId).execute();
      return;
    }
    case 'SubtaskCreated':
      return followItem(trx, 'subtasks', event.data.subtaskId, event, { task_id: event.data.taskId, goal_id: event.data.goalId });
    default:
      return followItem(trx, 'subtasks', event.data.subtaskId, event);
  }
};

/** subtasks: one row per live subtask; they go with their task or goal, and move with their task. */
export const subtasksProjection = defineProjector({
  name: 'subtasks',
  handles: ['SubtaskCreated', 'SubtaskUpdated', 'SubtaskStatusChanged', 'SubtaskDeleted', 'GoalDeleted', 'TaskDeleted', 'TaskUpdated'],
  apply: applySubtask,
  applyBatch: inBatch(
    'subtasks',
    (event: SubtaskProjected) =>
      event.type === 'SubtaskCreated' ? { ...newRow(event.data.subtaskId, event), task_id: event.data.taskId, goal_id: event.data.goalId } : undefined,
    applySubtask,
  ),
});
