import type { Transaction } from 'kysely';
import type { DomainEventType } from '@tracker/contracts/events';
import type { ReadModels } from '../db.ts';
import type { ProjectedEvent, Projector } from '../projector.ts';

type Table = 'goals' | 'tasks' | 'subtasks';
type Data = Record<string, unknown>;

interface WorkItemProjection {
  name: string;
  table: Table;
  idKey: 'goalId' | 'taskId' | 'subtaskId';
  events: { created: DomainEventType; updated: DomainEventType; statusChanged: DomainEventType; deleted: DomainEventType };
  /** Parent links copied from the created event. */
  parents: Array<'goalId' | 'taskId'>;
  /** Rows to remove or re-link when a parent changes: the read-side half of cascading deletes. */
  cascade?: Partial<Record<DomainEventType, (trx: Transaction<ReadModels>, event: ProjectedEvent) => Promise<void>>>;
}

const columnOf: Record<string, string> = {
  title: 'title',
  description: 'description',
  priority: 'priority',
  dueDate: 'due_date',
  startDate: 'start_date',
  endDate: 'end_date',
  goalId: 'goal_id',
  taskId: 'task_id',
};

const toColumns = (changes: Data): Data =>
  Object.fromEntries(Object.entries(changes).filter(([key]) => key in columnOf).map(([key, value]) => [columnOf[key], value]));

/** goals, tasks and subtasks tables: one row per live item; deleted items leave no row. */
const workItemProjection = (spec: WorkItemProjection): Projector => ({
  name: spec.name,
  handles: [...Object.values(spec.events), ...(Object.keys(spec.cascade ?? {}) as DomainEventType[])],
  async apply(trx, event) {
    const data = event.data as Data;
    const at = event.metadata.occurredAt;
    // Kysely cannot type a table chosen at run time; every column written here exists in all three.
    const db = trx as unknown as Transaction<Record<Table, Record<string, unknown>>>;
    const id = data[spec.idKey] as string;
    switch (event.type) {
      case spec.events.created:
        await db
          .insertInto(spec.table)
          .values({
            id,
            user_id: data.userId,
            title: data.title,
            description: data.description,
            priority: data.priority,
            status: 'pending',
            last_status_at: null,
            completed_at: null,
            created_at: at,
            updated_at: at,
            due_date: data.dueDate,
            start_date: data.startDate,
            end_date: data.endDate,
            ...Object.fromEntries(spec.parents.map((parent) => [columnOf[parent], data[parent]])),
          })
          .execute();
        return;
      case spec.events.updated:
        await db.updateTable(spec.table).set({ ...toColumns(data.changes as Data), updated_at: at }).where('id', '=', id).execute();
        return;
      case spec.events.statusChanged:
        await db
          .updateTable(spec.table)
          .set({ status: data.to, last_status_at: at, completed_at: data.to === 'completed' ? at : null, updated_at: at })
          .where('id', '=', id)
          .execute();
        return;
      case spec.events.deleted:
        await db.deleteFrom(spec.table).where('id', '=', id).execute();
        return;
      default:
        await spec.cascade?.[event.type]?.(trx, event);
    }
  },
});

export const goalsProjection = workItemProjection({
  name: 'goals',
  table: 'goals',
  idKey: 'goalId',
  events: { created: 'GoalCreated', updated: 'GoalUpdated', statusChanged: 'GoalStatusChanged', deleted: 'GoalDeleted' },
  parents: [],
});

export const tasksProjection = workItemProjection({
  name: 'tasks',
  table: 'tasks',
  idKey: 'taskId',
  events: { created: 'TaskCreated', updated: 'TaskUpdated', statusChanged: 'TaskStatusChanged', deleted: 'TaskDeleted' },
  parents: ['goalId'],
  cascade: {
    GoalDeleted: async (trx, event) => {
      if (event.type !== 'GoalDeleted') return;
      await trx.deleteFrom('tasks').where('goal_id', '=', event.data.goalId).execute();
    },
  },
});

export const subtasksProjection = workItemProjection({
  name: 'subtasks',
  table: 'subtasks',
  idKey: 'subtaskId',
  events: { created: 'SubtaskCreated', updated: 'SubtaskUpdated', statusChanged: 'SubtaskStatusChanged', deleted: 'SubtaskDeleted' },
  parents: ['taskId', 'goalId'],
  cascade: {
    GoalDeleted: async (trx, event) => {
      if (event.type !== 'GoalDeleted') return;
      await trx.deleteFrom('subtasks').where('goal_id', '=', event.data.goalId).execute();
    },
    TaskDeleted: async (trx, event) => {
      if (event.type !== 'TaskDeleted') return;
      await trx.deleteFrom('subtasks').where('task_id', '=', event.data.taskId).execute();
    },
    // A task moved to another goal takes its subtasks with it.
    TaskUpdated: async (trx, event) => {
      if (event.type !== 'TaskUpdated' || !event.data.changes.goalId) return;
      await trx.updateTable('subtasks').set({ goal_id: event.data.changes.goalId }).where('task_id', '=', event.data.taskId).execute();
    },
  },
});
