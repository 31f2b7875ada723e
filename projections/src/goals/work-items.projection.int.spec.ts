import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import {
  goalCreated,
  goalDeleted,
  goalStatusChanged,
  goalUpdated,
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
import type { GoalRow, SubtaskRow, TaskRow } from './goals.tables.ts';
import { goalsProjection, subtasksProjection, tasksProjection } from './work-items.projection.ts';

const alice = randomUUID();
/** Alice, `minutes` past nine on the first of March. */
const by = (minutes: number): EventContext => ({ userId: alice, at: new Date(Date.UTC(2026, 2, 1, 9, minutes)).toISOString() });
const time = (minutes: number) => new Date(by(minutes).at);

/** A row as a creation at `minutes` leaves it; `changes` say what later events did. */
const itemRow = (id: string, title: string, minutes: number, changes: Partial<GoalRow> = {}): GoalRow => ({
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
  const goalId = randomUUID();
  const otherGoalId = randomUUID();

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
  const goalId = randomUUID();
  const otherGoalId = randomUUID();
  const taskId = randomUUID();
  const otherTaskId = randomUUID();
  const taskRow = (id: string, goal: string, minutes: number, changes: Partial<TaskRow> = {}): TaskRow => ({
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
  const goalId = randomUUID();
  const otherGoalId = randomUUID();
  const taskId = randomUUID();
  const otherTaskId = randomUUID();
  const subtaskId = randomUUID();
  const otherSubtaskId = randomUUID();
  const cousinId = randomUUID();
  const subtaskRow = (id: string, task: string, goal: string, minutes: number, changes: Partial<SubtaskRow> = {}): SubtaskRow => ({
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
