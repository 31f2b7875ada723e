import type { Transaction } from 'kysely';
import type { EventOf } from '@tracker/contracts/events';
import type { ReadModels } from '../db.ts';
import { defineProjector, type ProjectedEvent } from '../projector.ts';
import type { NewWorkItemRow, WorkItemRowUpdate } from './goals.tables.ts';
import { uuidKey, WorkItemBatch, type ItemRow, type ParentColumn, type WorkItemTable } from './work-item-batch.ts';

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

/** The row a creation leaves, as the fold holds it: ids as PostgreSQL prints them, instants as the event states them. */
const createdRow = (id: string, event: Created, parents: Parents): ItemRow => {
  const row = newRow(id, event);
  return {
    ...(row as ItemRow),
    id: uuidKey(id),
    user_id: uuidKey(row.user_id),
    ...(parents.goal_id !== undefined ? { goal_id: uuidKey(parents.goal_id) } : {}),
    ...(parents.task_id !== undefined ? { task_id: uuidKey(parents.task_id) } : {}),
  };
};

/**
 * The fold of an item's own event into the batch's rows, as `followItem` writes it; false when the
 * event is a creation the database would refuse (a row with its id is there).
 */
const foldOwn = (rows: WorkItemBatch, id: string, event: OwnEvent, parents: Parents = {}): boolean => {
  const at = event.metadata.occurredAt;
  const key = uuidKey(id);
  switch (event.type) {
    case 'GoalCreated':
    case 'TaskCreated':
    case 'SubtaskCreated':
      return rows.create(createdRow(id, event, parents));
    case 'GoalUpdated':
    case 'TaskUpdated':
    case 'SubtaskUpdated': {
      const { goal_id, ...columns } = changedColumns(event.data.changes);
      rows.change(key, { ...(columns as Partial<ItemRow>), ...(goal_id !== undefined ? { goal_id: uuidKey(goal_id) } : {}), updated_at: at });
      return true;
    }
    case 'GoalStatusChanged':
    case 'TaskStatusChanged':
    case 'SubtaskStatusChanged': {
      const { to } = event.data;
      rows.change(key, { status: to, last_status_at: at, completed_at: to === 'completed' ? at : null, updated_at: at });
      return true;
    }
    case 'GoalDeleted':
    case 'TaskDeleted':
    case 'SubtaskDeleted':
      rows.remove(key);
      return true;
  }
};

/**
 * A batch as a handful of statements whatever its size: the rows it reaches read in one SELECT, the
 * events folded into them in log order, the outcome written in one INSERT, one UPDATE and one DELETE
 * at most. The same rows as applying the events one by one; a creation the database would refuse
 * (its id taken by a row the fold holds) sends the whole batch through `apply` one by one, so it
 * fails as that would.
 */
const inBatch =
  <E extends ProjectedEvent>(
    table: WorkItemTable,
    reach: (events: readonly E[]) => { ids: Set<string>; under?: Partial<Record<ParentColumn, Set<string>>> },
    fold: (rows: WorkItemBatch, event: E) => boolean,
    apply: (trx: Transaction<ReadModels>, event: E) => Promise<void>,
  ) =>
  async (trx: Transaction<ReadModels>, events: E[]): Promise<void> => {
    // One event is one statement as it stands; nothing to coalesce.
    if (events.length <= 1) {
      for (const event of events) await apply(trx, event);
      return;
    }
    // Creations alone need no rows read: the INSERT meets a taken id as one by one would.
    const { ids, under } = reach(events);
    const rows = events.every((event) => event.type.endsWith('Created')) ? WorkItemBatch.empty(table) : await WorkItemBatch.load(trx, table, ids, under);
    for (const event of events) {
      if (fold(rows, event)) continue;
      for (const each of events) await apply(trx, each);
      return;
    }
    await rows.write(trx);
  };

/** Collects lower-cased ids into sets: `pick` adds what an event names. */
const collect = <E, K extends string>(events: readonly E[], keys: readonly K[], pick: (event: E, add: (key: K, id: string) => void) => void) => {
  const sets = Object.fromEntries(keys.map((key) => [key, new Set<string>()])) as Record<K, Set<string>>;
  for (const event of events) pick(event, (key, id) => sets[key].add(uuidKey(id)));
  return sets;
};

const applyGoal = (trx: Transaction<ReadModels>, event: ProjectedEvent<'GoalCreated' | 'GoalUpdated' | 'GoalStatusChanged' | 'GoalDeleted'>) =>
  followItem(trx, 'goals', event.data.goalId, event);

/** goals: one row per live goal. */
export const goalsProjection = defineProjector({
  name: 'goals',
  handles: ['GoalCreated', 'GoalUpdated', 'GoalStatusChanged', 'GoalDeleted'],
  apply: applyGoal,
  applyBatch: inBatch(
    'goals',
    (events) => ({ ids: new Set(events.map((event) => uuidKey(event.data.goalId))) }),
    (rows, event) => foldOwn(rows, event.data.goalId, event),
    applyGoal,
  ),
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
    (events: readonly TaskProjected[]) => {
      const { ids, goals } = collect(events, ['ids', 'goals'], (event, add) =>
        event.type === 'GoalDeleted' ? add('goals', event.data.goalId) : add('ids', event.data.taskId),
      );
      return { ids, under: { goal_id: goals } };
    },
    (rows, event) => {
      switch (event.type) {
        case 'GoalDeleted':
          for (const id of rows.under('goal_id', uuidKey(event.data.goalId))) rows.remove(id);
          return true;
        case 'TaskCreated':
          return foldOwn(rows, event.data.taskId, event, { goal_id: event.data.goalId });
        default:
          return foldOwn(rows, event.data.taskId, event);
      }
    },
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
    (events: readonly SubtaskProjected[]) => {
      const { ids, goals, tasks } = collect(events, ['ids', 'goals', 'tasks'], (event, add) => {
        switch (event.type) {
          case 'GoalDeleted':
            return add('goals', event.data.goalId);
          case 'TaskDeleted':
            return add('tasks', event.data.taskId);
          case 'TaskUpdated':
            if (event.data.changes.goalId !== undefined) add('tasks', event.data.taskId);
            return;
          default:
            return add('ids', event.data.subtaskId);
        }
      });
      return { ids, under: { goal_id: goals, task_id: tasks } };
    },
    (rows, event) => {
      switch (event.type) {
        case 'GoalDeleted':
          for (const id of rows.under('goal_id', uuidKey(event.data.goalId))) rows.remove(id);
          return true;
        case 'TaskDeleted':
          for (const id of rows.under('task_id', uuidKey(event.data.taskId))) rows.remove(id);
          return true;
        case 'TaskUpdated': {
          const { goalId } = event.data.changes;
          // The subtasks follow their task; their own updated_at stays.
          if (goalId !== undefined) for (const id of rows.under('task_id', uuidKey(event.data.taskId))) rows.change(id, { goal_id: uuidKey(goalId) });
          return true;
        }
        case 'SubtaskCreated':
          return foldOwn(rows, event.data.subtaskId, event, { task_id: event.data.taskId, goal_id: event.data.goalId });
        default:
          return foldOwn(rows, event.data.subtaskId, event);
      }
    },
    applySubtask,
  ),
});
