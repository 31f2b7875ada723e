import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { createReadModelDb, type ReadModelDbHandle, type ReadModels, type Row } from '../db.ts';
import { migrateReadModels } from '../migrate.ts';
import { handlesEvent, type ProjectedEvent, type Projector } from '../projector.ts';
import {
  goalCreated,
  goalDeleted,
  goalStatusChanged,
  goalUpdated,
  pointsAwarded,
  subtaskCompleted,
  subtaskCreated,
  subtaskDeleted,
  subtaskStatusChanged,
  subtaskUpdated,
  taskCreated,
  taskDeleted,
  taskStatusChanged,
  taskUpdated,
  userLoggedIn,
} from '../testing/event-factories.ts';
import { projectorSpec, type EventContext } from '../testing/projector-spec.ts';
import { goalsProjection, subtasksProjection, tasksProjection } from './work-items.projection.ts';

const alice = randomUUID();
// Each case is rolled back (projectorSpec): every describe can name the same items.
const goalId = randomUUID();
const otherGoalId = randomUUID();
const taskId = randomUUID();
const otherTaskId = randomUUID();
/** Alice, `minutes` past nine on the first of March. */
const by = (minutes: number): EventContext => ({ userId: alice, at: new Date(Date.UTC(2026, 2, 1, 9, minutes)).toISOString() });
const time = (minutes: number) => new Date(by(minutes).at);

/** A row as a creation at `minutes` leaves it; `changes` say what later events did. */
const itemRow = (id: string, title: string, minutes: number, changes: Partial<Row<'goals'>> = {}): Row<'goals'> => ({
  id,
  user_id: alice,
  title,
  description: '',
  priority: 3,
  status: 'pending',
  last_status_at: null,
  completed_at: null,
  created_at: time(minutes),
  updated_at: time(minutes),
  due_date: null,
  start_date: null,
  end_date: null,
  ...changes,
});

describe('goals projection', () => {
  const given = projectorSpec(goalsProjection);

  describe('a created goal', () => {
    it('writes a pending row with its fields, no status times yet', () =>
      given()
        .when([goalCreated(by(0), { goalId, title: 'Run a marathon', description: 'By autumn', priority: 5 })])
        .then({ goals: [itemRow(goalId, 'Run a marathon', 0, { description: 'By autumn', priority: 5 })] }));

    it('keeps its dates as instants', () =>
      given()
        .when([goalCreated(by(0), { goalId, dueDate: '2026-06-30T22:00:00.000Z', startDate: '2026-03-02T08:00:00+01:00', endDate: null })])
        .then({ goals: [itemRow(goalId, 'Goal', 0, { due_date: new Date('2026-06-30T22:00:00Z'), start_date: new Date('2026-03-02T07:00:00Z') })] }));

    it('writes one row per goal', () =>
      given([goalCreated(by(0), { goalId })])
        .when([goalCreated(by(1), { goalId: otherGoalId, title: 'Other' })])
        .then({ goals: [itemRow(goalId, 'Goal', 0), itemRow(otherGoalId, 'Other', 1)] }));

    it('ignores tasks, subtasks and everything else', () =>
      given()
        .when([
          taskCreated(by(0), { taskId: randomUUID(), goalId }),
          subtaskCreated(by(1), { subtaskId: randomUUID(), taskId: randomUUID(), goalId }),
          userLoggedIn(by(2)),
        ])
        .then({ goals: [] }));
  });

  describe('an updated goal', () => {
    it('sets only the fields the update names, and updated_at', () =>
      given([goalCreated(by(0), { goalId, description: 'kept' })])
        .when([goalUpdated(by(5), { goalId, changes: { title: 'Renamed', priority: 1 } })])
        .then({ goals: [itemRow(goalId, 'Renamed', 0, { description: 'kept', priority: 1, updated_at: time(5) })] }));

    it('clears a date set to null', () =>
      given([goalCreated(by(0), { goalId, dueDate: '2026-06-30T22:00:00.000Z' })])
        .when([goalUpdated(by(5), { goalId, changes: { dueDate: null } })])
        .then({ goals: [itemRow(goalId, 'Goal', 0, { updated_at: time(5) })] }));

    it('leaves other goals alone, and writes nothing for a goal it has no row for', () =>
      given([goalCreated(by(0), { goalId })])
        .when([goalUpdated(by(5), { goalId: otherGoalId, changes: { title: 'Nobody' } })])
        .then({ goals: [itemRow(goalId, 'Goal', 0)] }));
  });

  describe('a goal whose status changes', () => {
    it('records the new status and when it changed', () =>
      given([goalCreated(by(0), { goalId })])
        .when([goalStatusChanged(by(5), { goalId, from: 'pending', to: 'in-progress' })])
        .then({ goals: [itemRow(goalId, 'Goal', 0, { status: 'in-progress', last_status_at: time(5), updated_at: time(5) })] }));

    it('records when it was completed', () =>
      given([goalCreated(by(0), { goalId })])
        .when([goalStatusChanged(by(5), { goalId, from: 'pending', to: 'completed' })])
        .then({ goals: [itemRow(goalId, 'Goal', 0, { status: 'completed', last_status_at: time(5), completed_at: time(5), updated_at: time(5) })] }));

    it('forgets the completion when reopened', () =>
      given([goalCreated(by(0), { goalId }), goalStatusChanged(by(5), { goalId, from: 'pending', to: 'completed' })])
        .when([goalStatusChanged(by(9), { goalId, from: 'completed', to: 'pending' })])
        .then({ goals: [itemRow(goalId, 'Goal', 0, { last_status_at: time(9), updated_at: time(9) })] }));
  });

  describe('a deleted goal', () => {
    it('leaves no row', () =>
      given([goalCreated(by(0), { goalId }), goalStatusChanged(by(1), { goalId })])
        .when([goalDeleted(by(5), { goalId })])
        .then({ goals: [] }));

    it('leaves the other goals', () =>
      given([goalCreated(by(0), { goalId }), goalCreated(by(1), { goalId: otherGoalId })])
        .when([goalDeleted(by(5), { goalId })])
        .then({ goals: [itemRow(otherGoalId, 'Goal', 1)] }));

    it('is not touched by the deletion of one of its tasks', () =>
      given([goalCreated(by(0), { goalId })])
        .when([taskDeleted(by(5), { taskId: randomUUID() })])
        .then({ goals: [itemRow(goalId, 'Goal', 0)] }));
  });
});

describe('tasks projection', () => {
  const given = projectorSpec(tasksProjection);
  const taskRow = (id: string, goal: string, minutes: number, changes: Partial<Row<'tasks'>> = {}): Row<'tasks'> => ({
    ...itemRow(id, 'Task', minutes),
    goal_id: goal,
    ...changes,
  });

  describe('a created task', () => {
    it('writes a pending row linked to its goal', () =>
      given([goalCreated(by(0), { goalId })])
        .when([taskCreated(by(1), { taskId, goalId, priority: 2 })])
        .then({ tasks: [taskRow(taskId, goalId, 1, { priority: 2 })] }));

    it('writes one row per task, each under its own goal', () =>
      given()
        .when([taskCreated(by(1), { taskId, goalId }), taskCreated(by(2), { taskId: otherTaskId, goalId: otherGoalId })])
        .then({ tasks: [taskRow(taskId, goalId, 1), taskRow(otherTaskId, otherGoalId, 2)] }));

    it('ignores goals and subtasks being created, changed or completed', () =>
      given()
        .when([
          goalCreated(by(0), { goalId }),
          goalUpdated(by(1), { goalId, changes: { title: 'x' } }),
          goalStatusChanged(by(2), { goalId, to: 'completed' }),
          subtaskCreated(by(3), { subtaskId: randomUUID(), taskId, goalId }),
        ])
        .then({ tasks: [] }));
  });

  describe('a task moved to another goal', () => {
    it('follows it there', () =>
      given([taskCreated(by(1), { taskId, goalId })])
        .when([taskUpdated(by(5), { taskId, changes: { goalId: otherGoalId } })])
        .then({ tasks: [taskRow(taskId, otherGoalId, 1, { updated_at: time(5) })] }));

    it('stays where it is on an update that does not move it', () =>
      given([taskCreated(by(1), { taskId, goalId })])
        .when([taskUpdated(by(5), { taskId, changes: { title: 'Renamed' } })])
        .then({ tasks: [taskRow(taskId, goalId, 1, { title: 'Renamed', updated_at: time(5) })] }));

    it('moves alone: its sibling stays', () =>
      given([taskCreated(by(1), { taskId, goalId }), taskCreated(by(2), { taskId: otherTaskId, goalId })])
        .when([taskUpdated(by(5), { taskId, changes: { goalId: otherGoalId, priority: 1 } })])
        .then({ tasks: [taskRow(taskId, otherGoalId, 1, { priority: 1, updated_at: time(5) }), taskRow(otherTaskId, goalId, 2)] }));
  });

  describe('a task whose status changes, or that is deleted', () => {
    it('records its completion', () =>
      given([taskCreated(by(1), { taskId, goalId })])
        .when([taskStatusChanged(by(5), { taskId, from: 'in-progress', to: 'completed' })])
        .then({ tasks: [taskRow(taskId, goalId, 1, { status: 'completed', last_status_at: time(5), completed_at: time(5), updated_at: time(5) })] }));

    it('leaves no row once deleted', () =>
      given([taskCreated(by(1), { taskId, goalId }), taskCreated(by(2), { taskId: otherTaskId, goalId })])
        .when([taskDeleted(by(5), { taskId })])
        .then({ tasks: [taskRow(otherTaskId, goalId, 2)] }));

    it('is not touched by its subtasks', () =>
      given([taskCreated(by(1), { taskId, goalId })])
        .when([subtaskStatusChanged(by(5), { subtaskId: randomUUID(), to: 'completed' }), subtaskDeleted(by(6), { subtaskId: randomUUID() })])
        .then({ tasks: [taskRow(taskId, goalId, 1)] }));
  });

  describe('a deleted goal', () => {
    it('takes its tasks along', () =>
      given([goalCreated(by(0), { goalId }), taskCreated(by(1), { taskId, goalId }), taskCreated(by(2), { taskId: otherTaskId, goalId })])
        .when([goalDeleted(by(5), { goalId })])
        .then({ tasks: [] }));

    it('leaves the tasks of other goals', () =>
      given([taskCreated(by(1), { taskId, goalId }), taskCreated(by(2), { taskId: otherTaskId, goalId: otherGoalId })])
        .when([goalDeleted(by(5), { goalId })])
        .then({ tasks: [taskRow(otherTaskId, otherGoalId, 2)] }));

    it('takes a task moved into it, and spares one moved out', () =>
      given([
        taskCreated(by(1), { taskId, goalId: otherGoalId }),
        taskCreated(by(2), { taskId: otherTaskId, goalId }),
        taskUpdated(by(3), { taskId, changes: { goalId } }),
        taskUpdated(by(4), { taskId: otherTaskId, changes: { goalId: otherGoalId } }),
      ])
        .when([goalDeleted(by(5), { goalId })])
        .then({ tasks: [taskRow(otherTaskId, otherGoalId, 2, { updated_at: time(4) })] }));
  });
});

describe('subtasks projection', () => {
  const given = projectorSpec(subtasksProjection);
  const subtaskId = randomUUID();
  const otherSubtaskId = randomUUID();
  const cousinId = randomUUID();
  const subtaskRow = (id: string, task: string, goal: string, minutes: number, changes: Partial<Row<'subtasks'>> = {}): Row<'subtasks'> => ({
    ...itemRow(id, 'Subtask', minutes),
    task_id: task,
    goal_id: goal,
    ...changes,
  });
  /** Two subtasks of `taskId` (under `goalId`) and their cousin, of `otherTaskId` (under `otherGoalId`). */
  const family = [
    taskCreated(by(0), { taskId, goalId }),
    subtaskCreated(by(1), { subtaskId, taskId, goalId }),
    subtaskCreated(by(2), { subtaskId: otherSubtaskId, taskId, goalId }),
    subtaskCreated(by(3), { subtaskId: cousinId, taskId: otherTaskId, goalId: otherGoalId }),
  ];
  const cousinRow = subtaskRow(cousinId, otherTaskId, otherGoalId, 3);

  describe('a created subtask', () => {
    it('writes a pending row linked to its task and goal', () =>
      given()
        .when([subtaskCreated(by(1), { subtaskId, taskId, goalId, title: 'Buy shoes' })])
        .then({ subtasks: [subtaskRow(subtaskId, taskId, goalId, 1, { title: 'Buy shoes' })] }));

    it('changes and completes like any item; SubtaskCompleted alone changes nothing', () =>
      given([subtaskCreated(by(1), { subtaskId, taskId, goalId })])
        .when([
          subtaskUpdated(by(2), { subtaskId, changes: { endDate: '2026-03-09T12:00:00Z' } }),
          subtaskStatusChanged(by(3), { subtaskId, from: 'pending', to: 'completed' }),
          subtaskCompleted(by(3), { subtaskId }),
        ])
        .then({
          subtasks: [
            subtaskRow(subtaskId, taskId, goalId, 1, {
              end_date: new Date('2026-03-09T12:00:00Z'),
              status: 'completed',
              last_status_at: time(3),
              completed_at: time(3),
              updated_at: time(3),
            }),
          ],
        }));

    it('leaves no row once deleted', () =>
      given([subtaskCreated(by(1), { subtaskId, taskId, goalId })])
        .when([subtaskDeleted(by(5), { subtaskId })])
        .then({ subtasks: [] }));
  });

  describe('a task moved to another goal', () => {
    it('takes its subtasks along, without touching their updated_at', () =>
      given(family)
        .when([taskUpdated(by(5), { taskId, changes: { goalId: otherGoalId } })])
        .then({
          subtasks: [subtaskRow(subtaskId, taskId, otherGoalId, 1), subtaskRow(otherSubtaskId, taskId, otherGoalId, 2), cousinRow],
        }));

    it('leaves its subtasks when the update does not move it', () =>
      given(family)
        .when([taskUpdated(by(5), { taskId, changes: { title: 'Renamed', priority: 1 } })])
        .then({ subtasks: [subtaskRow(subtaskId, taskId, goalId, 1), subtaskRow(otherSubtaskId, taskId, goalId, 2), cousinRow] }));

    it('does not move the subtasks of other tasks', () =>
      given(family)
        .when([taskUpdated(by(5), { taskId: randomUUID(), changes: { goalId: otherGoalId } })])
        .then({ subtasks: [subtaskRow(subtaskId, taskId, goalId, 1), subtaskRow(otherSubtaskId, taskId, goalId, 2), cousinRow] }));
  });

  describe('a deleted task or goal', () => {
    it('takes the subtasks of a deleted task along', () =>
      given(family)
        .when([taskDeleted(by(5), { taskId })])
        .then({ subtasks: [cousinRow] }));

    it('takes the subtasks of a deleted goal along', () =>
      given(family)
        .when([goalDeleted(by(5), { goalId: otherGoalId })])
        .then({
          subtasks: [subtaskRow(subtaskId, taskId, goalId, 1), subtaskRow(otherSubtaskId, taskId, goalId, 2)],
        }));

    it('takes along the subtasks of a task that was moved into the deleted goal', () =>
      given([...family, taskUpdated(by(4), { taskId, changes: { goalId: otherGoalId } })])
        .when([goalDeleted(by(5), { goalId: otherGoalId })])
        .then({ subtasks: [] }));

    it('is not moved or removed by goal events other than a deletion', () =>
      given(family)
        .when([
          goalUpdated(by(5), { goalId, changes: { title: 'x' } }),
          goalStatusChanged(by(6), { goalId, to: 'completed' }),
          goalCreated(by(7), { goalId: randomUUID() }),
        ])
        .then({ subtasks: [subtaskRow(subtaskId, taskId, goalId, 1), subtaskRow(otherSubtaskId, taskId, goalId, 2), cousinRow] }));
  });
});

describe('long mixed batches (one batch, and one by one: the same rows)', () => {
  const subtaskId = randomUUID();
  const otherSubtaskId = randomUUID();
  const completed = (minutes: number) => ({
    status: 'completed' as const,
    last_status_at: time(minutes),
    completed_at: time(minutes),
    updated_at: time(minutes),
  });

  /** Two goals, a task moved between them, subtasks that follow it, completions with their awards, deletions and a re-creation. */
  const story = [
    goalCreated(by(0), { goalId, title: 'First' }),
    goalCreated(by(1), { goalId: otherGoalId, title: 'Second' }),
    goalStatusChanged(by(2), { goalId, from: 'pending', to: 'in-progress' }),
    taskCreated(by(3), { taskId, goalId }),
    taskCreated(by(4), { taskId: otherTaskId, goalId }),
    subtaskCreated(by(5), { subtaskId, taskId, goalId }),
    subtaskCreated(by(6), { subtaskId: otherSubtaskId, taskId: otherTaskId, goalId }),
    subtaskUpdated(by(7), { subtaskId, changes: { title: 'Renamed', dueDate: '2026-03-09T12:00:00.123456Z' } }),
    subtaskStatusChanged(by(8), { subtaskId, from: 'pending', to: 'completed' }),
    subtaskCompleted(by(8), { subtaskId }),
    pointsAwarded(by(8), { points: 10, source: { type: 'subtask', id: subtaskId } }),
    taskUpdated(by(9), { taskId, changes: { goalId: otherGoalId, priority: 1 } }),
    taskStatusChanged(by(10), { taskId, from: 'pending', to: 'in-progress' }),
    taskStatusChanged(by(11), { taskId, from: 'in-progress', to: 'completed' }),
    pointsAwarded(by(11), { points: 25, source: { type: 'task', id: taskId } }),
    goalStatusChanged(by(12), { goalId, from: 'in-progress', to: 'completed' }),
    goalStatusChanged(by(13), { goalId, from: 'completed', to: 'in-progress' }),
    goalUpdated(by(14), { goalId: otherGoalId, changes: { description: 'now with a task', endDate: '2026-04-01T00:00:00Z' } }),
    // The first goal goes, with the task and subtask still under it; the moved task and its subtask stay.
    goalDeleted(by(15), { goalId }),
    // A deleted subtask and task created again under the same ids.
    subtaskDeleted(by(16), { subtaskId }),
    subtaskCreated(by(17), { subtaskId, taskId, goalId: otherGoalId, title: 'Again' }),
    taskDeleted(by(18), { taskId: otherTaskId }),
    taskCreated(by(19), { taskId: otherTaskId, goalId: otherGoalId, title: 'Back' }),
    taskStatusChanged(by(20), { taskId: otherTaskId, from: 'pending', to: 'completed' }),
    // Events for items that are gone change nothing.
    goalUpdated(by(21), { goalId, changes: { title: 'Ghost' } }),
    subtaskStatusChanged(by(22), { subtaskId: otherSubtaskId, from: 'pending', to: 'completed' }),
  ];

  describe('goals', () => {
    const given = projectorSpec(goalsProjection);
    it('leaves the goal the story ends with', () =>
      given()
        .when(story)
        .then({
          goals: [itemRow(otherGoalId, 'Second', 1, { description: 'now with a task', end_date: new Date('2026-04-01T00:00:00Z'), updated_at: time(14) })],
        }));

    it('fails on a creation of an id that is taken, as a batch as one by one', () =>
      given([goalCreated(by(0), { goalId })])
        .when([goalUpdated(by(1), { goalId, changes: { title: 'x' } }), goalCreated(by(2), { goalId })])
        .thenFails(/duplicate key/));
  });

  describe('tasks', () => {
    const given = projectorSpec(tasksProjection);
    it('leaves the moved task completed and the re-created one as new', () =>
      given()
        .when(story)
        .then({
          tasks: [
            { ...itemRow(taskId, 'Task', 3, { priority: 1, ...completed(11) }), goal_id: otherGoalId },
            { ...itemRow(otherTaskId, 'Back', 19, completed(20)), goal_id: otherGoalId },
          ],
        }));
  });

  describe('subtasks', () => {
    const given = projectorSpec(subtasksProjection);
    it('leaves only the re-created subtask, under the goal its task moved to', () =>
      given()
        .when(story)
        .then({ subtasks: [{ ...itemRow(subtaskId, 'Again', 17), task_id: taskId, goal_id: otherGoalId }] }));

    it('moves a subtask with its task twice, then deletes it with the goal it ended in', () =>
      given([taskCreated(by(0), { taskId, goalId }), subtaskCreated(by(1), { subtaskId, taskId, goalId })])
        .when([
          taskUpdated(by(2), { taskId, changes: { goalId: otherGoalId } }),
          subtaskCreated(by(3), { subtaskId: otherSubtaskId, taskId, goalId: otherGoalId }),
          taskUpdated(by(4), { taskId, changes: { goalId } }),
          goalDeleted(by(5), { goalId: otherGoalId }),
          goalDeleted(by(6), { goalId }),
        ])
        .then({ subtasks: [] }));
  });
});

/**
 * Batches split anywhere give the rows that applying every event one by one gives: each batch sees
 * the rows earlier ones left (read back from the tables), and the per-day sums kept by triggers on
 * the tables agree too. Rows are compared as PostgreSQL prints them, to the microsecond.
 */
describe('in batches of any size', () => {
  const [goalIdA, goalIdB, taskIdA, taskIdB, subtaskIdA, subtaskIdB] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const projectors: Projector[] = [goalsProjection, tasksProjection, subtasksProjection];
  let readModels: ReadModelDbHandle | undefined;
  beforeAll(async () => {
    readModels = createReadModelDb(await createTestDatabase('work_items_batches'), 'rm', 2);
    await migrateReadModels(readModels);
  });
  afterAll(async () => {
    await readModels?.destroy();
  });

  const tables = ['goals', 'tasks', 'subtasks', 'goals_by_day', 'tasks_by_day', 'subtasks_by_day'] as const;
  const contents = async (trx: Transaction<ReadModels>): Promise<Record<string, string[]>> => {
    const all: Record<string, string[]> = {};
    for (const table of tables) {
      const { rows } = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(`rm.${table}`)} t ORDER BY 1`.execute(trx);
      all[table] = rows.map(({ row }) => row);
    }
    return all;
  };
  /** What the tables hold after the events, applied one by one, or in batches of `size` as the runner hands them over. */
  const project = async (events: readonly ProjectedEvent[], size?: number): Promise<Record<string, string[]>> => {
    const trx = await readModels!.db.startTransaction().execute();
    try {
      for (let start = 0; start < events.length; start += size ?? events.length) {
        const batch = events.slice(start, start + (size ?? events.length));
        for (const projector of projectors) {
          const handled = batch.filter((event) => handlesEvent(projector, event.type));
          if (size === undefined) for (const event of handled) await projector.apply(trx, event);
          else if (handled.length > 0) await projector.applyBatch!(trx, handled);
        }
      }
      return await contents(trx);
    } finally {
      await trx.rollback().execute();
    }
  };

  /** A deterministic mixed history over a few goals, tasks and subtasks (xorshift, seeded). */
  const history = (seed: number, length: number): ProjectedEvent[] => {
    let state = seed;
    const next = (n: number): number => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) % n;
    };
    const pick = <T>(items: readonly T[]): T => items[next(items.length)]!;
    const ids = (length: number): string[] => Array.from({ length }, () => randomUUID());
    const [goals, tasks, subtasks] = [ids(4), ids(8), ids(16)];
    // Ids that hold no row for sure (never created, or deleted by their own event): only those are created.
    const free = new Set([...goals, ...tasks, ...subtasks]);
    const statuses = ['pending', 'in-progress', 'completed'] as const;
    const instant = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute, next(60), next(1000))).toISOString().replace('Z', `${next(1000)}Z`);
    const events: ProjectedEvent[] = [];
    for (let minute = 0; events.length < length; minute += 1) {
      const at = by(minute);
      const create = (among: readonly string[]): string | undefined => {
        const id = among.find((each) => free.has(each) && next(2) === 0);
        if (id) free.delete(id);
        return id;
      };
      const status = { from: pick(statuses), to: pick(statuses) };
      const dates = next(3) === 0 ? { dueDate: instant(minute + next(3000)) } : next(2) === 0 ? { dueDate: null, endDate: instant(minute) } : {};
      switch (next(16)) {
        case 0: {
          const id = create(goals);
          if (id) events.push(goalCreated(at, { goalId: id, title: `Goal ${minute}`, ...dates }));
          break;
        }
        case 1: {
          const id = create(tasks);
          if (id) events.push(taskCreated(at, { taskId: id, goalId: pick(goals), title: `Task ${minute}`, ...dates }));
          break;
        }
        case 2:
        case 3: {
          const id = create(subtasks);
          if (id) events.push(subtaskCreated(at, { subtaskId: id, taskId: pick(tasks), goalId: pick(goals), title: `Subtask ${minute}`, ...dates }));
          break;
        }
        case 4:
          events.push(goalStatusChanged(at, { goalId: pick(goals), ...status }));
          break;
        case 5:
          events.push(taskStatusChanged(at, { taskId: pick(tasks), ...status }));
          break;
        case 6:
        case 7: {
          const subtask = pick(subtasks);
          events.push(subtaskStatusChanged(at, { subtaskId: subtask, ...status }));
          if (status.to === 'completed') {
            events.push(subtaskCompleted(at, { subtaskId: subtask }));
            events.push(pointsAwarded(at, { points: 5, source: { type: 'subtask', id: subtask } }));
          }
          break;
        }
        case 8:
          events.push(goalUpdated(at, { goalId: pick(goals), changes: { title: `Goal at ${minute}`, ...dates } }));
          break;
        case 9:
        case 10:
          events.push(taskUpdated(at, { taskId: pick(tasks), changes: { ...(next(3) > 0 ? { goalId: pick(goals) } : {}), priority: 1 + next(5), ...dates } }));
          break;
        case 11:
          events.push(subtaskUpdated(at, { subtaskId: pick(subtasks), changes: { description: `at ${minute}`, ...dates } }));
          break;
        case 12:
          if (next(4) === 0) {
            const goal = pick(goals);
            free.add(goal);
            events.push(goalDeleted(at, { goalId: goal }));
          }
          break;
        case 13: {
          const task = pick(tasks);
          free.add(task);
          events.push(taskDeleted(at, { taskId: task }));
          break;
        }
        case 14: {
          const subtask = pick(subtasks);
          free.add(subtask);
          events.push(subtaskDeleted(at, { subtaskId: subtask }));
          break;
        }
        default:
          events.push(userLoggedIn(at));
      }
    }
    return events;
  };

  it('sees the rows an earlier batch left: changes, moves, cascades and re-creations', async () => {
    const first = [
      goalCreated(by(0), { goalId: goalIdA, dueDate: '2026-03-05T10:00:00.123456Z' }),
      taskCreated(by(1), { taskId: taskIdA, goalId: goalIdA }),
      subtaskCreated(by(2), { subtaskId: subtaskIdA, taskId: taskIdA, goalId: goalIdA }),
      taskCreated(by(3), { taskId: taskIdB, goalId: goalIdB }),
      subtaskCreated(by(4), { subtaskId: subtaskIdB, taskId: taskIdB, goalId: goalIdB, startDate: '2026-03-02T00:00:00.000001Z' }),
    ];
    const second = [
      goalUpdated(by(5), { goalId: goalIdA, changes: { title: 'Renamed' } }),
      goalCreated(by(5), { goalId: goalIdB, title: 'NULL', description: 'a "quoted", {braced} \\ back\nslash' }),
      taskUpdated(by(6), { taskId: taskIdB, changes: { goalId: goalIdA } }),
      subtaskStatusChanged(by(7), { subtaskId: subtaskIdB, from: 'pending', to: 'completed' }),
      goalDeleted(by(8), { goalId: goalIdA }),
      taskCreated(by(9), { taskId: taskIdA, goalId: goalIdB, title: 'Again' }),
      goalCreated(by(10), { goalId: goalIdA, title: 'Again' }),
    ];
    const batched = await project([...first, ...second], first.length);
    expect(batched).toEqual(await project([...first, ...second]));
    expect(batched.goals).toHaveLength(2);
    expect(batched.goals!.join()).toContain('NULL');
    expect(batched.tasks).toHaveLength(1);
    expect(batched.tasks![0]).toContain('Again');
    expect(batched.subtasks).toEqual([]);
  });

  it('fails on a creation of an id an earlier batch took, as one by one', async () => {
    const events = [goalCreated(by(0), { goalId: goalIdA }), goalCreated(by(1), { goalId: goalIdB }), goalCreated(by(2), { goalId: goalIdA })];
    await expect(project(events)).rejects.toThrow(/duplicate key/);
    await expect(project(events, 1)).rejects.toThrow(/duplicate key/);
    await expect(project(events, 2)).rejects.toThrow(/duplicate key/);
  });

  it('matches ids whatever their case, as PostgreSQL does', async () => {
    const events = [
      taskCreated(by(0), { taskId: taskIdA, goalId: goalIdA.toUpperCase() }),
      subtaskCreated(by(1), { subtaskId: subtaskIdA.toUpperCase(), taskId: taskIdA.toUpperCase(), goalId: goalIdA }),
      subtaskCreated(by(2), { subtaskId: subtaskIdB, taskId: taskIdB, goalId: goalIdB.toUpperCase() }),
      subtaskUpdated(by(3), { subtaskId: subtaskIdA, changes: { title: 'Renamed' } }),
      taskUpdated(by(4), { taskId: taskIdB.toUpperCase(), changes: { goalId: goalIdA.toUpperCase() } }),
      goalDeleted(by(5), { goalId: goalIdA }),
      taskCreated(by(6), { taskId: taskIdB, goalId: goalIdB }),
    ];
    const oneByOne = await project(events);
    expect(oneByOne.tasks).toHaveLength(1);
    expect(oneByOne.subtasks).toEqual([]);
    expect(await project(events, events.length)).toEqual(oneByOne);
    expect(await project(events, 3)).toEqual(oneByOne);
  });

  it('keeps instants to the microsecond in rows it changes', async () => {
    const events = [
      subtaskCreated(by(0), { subtaskId: subtaskIdA, taskId: taskIdA, goalId: goalIdA, dueDate: '2026-03-05T10:00:00.123456Z' }),
      subtaskUpdated(by(1), { subtaskId: subtaskIdA, changes: { title: 'Renamed' } }),
    ];
    const batched = await project(events, 1);
    expect(batched.subtasks![0]).toContain('2026-03-05 10:00:00.123456+00');
    expect(batched).toEqual(await project(events));
  });

  for (const seed of [1, 7, 42]) {
    it(`gives the same rows for a long mixed history (seed ${seed}) in batches of 1, 3, 17, 64 and all`, async () => {
      const events = history(seed, 400);
      const oneByOne = await project(events);
      expect(oneByOne.subtasks!.length + oneByOne.tasks!.length + oneByOne.goals!.length).toBeGreaterThan(0);
      for (const size of [1, 3, 17, 64, events.length]) expect(await project(events, size), `batches of ${size}`).toEqual(oneByOne);
    });
  }
});
