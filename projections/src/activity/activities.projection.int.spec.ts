import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import type { ProjectedEvent } from '../projector.ts';
import {
  actionableCompleted,
  actionableCreated,
  actionableDeleted,
  actionableStatusChanged,
  actionableUpdated,
  goalCreated,
  goalDeleted,
  goalStatusChanged,
  goalUpdated,
  pointsAwarded,
  pointsRevoked,
  subtaskCompleted,
  subtaskCreated,
  subtaskDeleted,
  subtaskStatusChanged,
  taskCreated,
  taskDeleted,
  taskStatusChanged,
  taskUpdated,
  userLoggedIn,
  userRegistered,
} from '../testing/event-factories.ts';
import { projectorSpec, type EventContext } from '../testing/projector-spec.ts';
import { activitiesProjection } from './activities.projection.ts';
import type { Row } from '../db.ts';

const given = projectorSpec(activitiesProjection);

const alice = randomUUID();
const goalId = randomUUID();
const taskId = randomUUID();
const subtaskId = randomUUID();
const at = '2026-03-01T09:00:00.000Z';
const by: EventContext = { userId: alice, at };

/** The line `event` leaves in the activity feed. */
const line = (
  event: ProjectedEvent,
  row: Pick<Row<'activities'>, 'type' | 'entity_type' | 'entity_id' | 'title' | 'description'> & Partial<Row<'activities'>>,
): Row<'activities'> => ({
  event_id: event.id,
  user_id: alice,
  points: null,
  occurred_at: new Date(at),
  ...row,
});

describe('activities projection', () => {
  describe('a created or deleted item', () => {
    it('tells of a created goal, task and subtask', () => {
      const events = [
        goalCreated(by, { goalId, title: 'Run a marathon' }),
        taskCreated(by, { taskId, goalId, title: 'Train' }),
        subtaskCreated(by, { subtaskId, taskId, goalId, title: 'Buy shoes' }),
      ] as const;
      return given()
        .when(events)
        .then({
          activities: [
            line(events[0], { type: 'created', entity_type: 'goal', entity_id: goalId, title: 'Run a marathon', description: 'Created goal "Run a marathon"' }),
            line(events[1], { type: 'created', entity_type: 'task', entity_id: taskId, title: 'Train', description: 'Created task "Train"' }),
            line(events[2], { type: 'created', entity_type: 'subtask', entity_id: subtaskId, title: 'Buy shoes', description: 'Created subtask "Buy shoes"' }),
          ],
        });
    });

    it('tells of a deletion by the title the item had, though its row is gone', () => {
      const deletion = taskDeleted(by, { taskId, title: 'Train' });
      return given()
        .when([deletion])
        .then({
          activities: [line(deletion, { type: 'deleted', entity_type: 'task', entity_id: taskId, title: 'Train', description: 'Deleted task "Train"' })],
        });
    });

    it('keeps one line per event, in the order they came', () => {
      const created = goalCreated(by, { goalId, title: 'G' });
      const deleted = goalDeleted(by, { goalId, title: 'G' });
      const subtaskGone = subtaskDeleted(by, { subtaskId, title: 'S' });
      return given([created])
        .when([deleted, subtaskGone])
        .then({
          activities: [
            line(created, { type: 'created', entity_type: 'goal', entity_id: goalId, title: 'G', description: 'Created goal "G"' }),
            line(deleted, { type: 'deleted', entity_type: 'goal', entity_id: goalId, title: 'G', description: 'Deleted goal "G"' }),
            line(subtaskGone, { type: 'deleted', entity_type: 'subtask', entity_id: subtaskId, title: 'S', description: 'Deleted subtask "S"' }),
          ],
        });
    });
  });

  describe('a status change', () => {
    it('tells of a move that neither completes nor reopens', () => {
      const started = goalStatusChanged(by, { goalId, from: 'pending', to: 'in-progress', title: 'G' });
      return given()
        .when([started])
        .then({
          activities: [
            line(started, { type: 'status_changed', entity_type: 'goal', entity_id: goalId, title: 'G', description: 'Moved goal "G" to in-progress' }),
          ],
        });
    });

    it('tells of a move back to pending', () => {
      const paused = subtaskStatusChanged(by, { subtaskId, from: 'in-progress', to: 'pending', title: 'S' });
      return given()
        .when([paused])
        .then({
          activities: [
            line(paused, { type: 'status_changed', entity_type: 'subtask', entity_id: subtaskId, title: 'S', description: 'Moved subtask "S" to pending' }),
          ],
        });
    });

    it('leaves completions and reopenings to their points events', () =>
      given()
        .when([
          taskStatusChanged(by, { taskId, from: 'in-progress', to: 'completed' }),
          taskStatusChanged(by, { taskId, from: 'completed', to: 'pending' }),
          subtaskStatusChanged(by, { subtaskId, from: 'completed', to: 'in-progress' }),
        ])
        .then({ activities: [] }));
  });

  describe('points', () => {
    const source = { type: 'subtask', id: subtaskId } as const;

    it('tells of an award as a completion, with its points', () => {
      const award = pointsAwarded(by, { points: 12, source, title: 'Buy shoes', reason: 'Completed subtask "Buy shoes"' });
      return given()
        .when([award])
        .then({
          activities: [
            line(award, {
              type: 'completed',
              entity_type: 'subtask',
              entity_id: subtaskId,
              title: 'Buy shoes',
              description: 'Completed subtask "Buy shoes"',
              points: 12,
            }),
          ],
        });
    });

    it('tells of a revocation as a reopening, its points negative', () => {
      const revocation = pointsRevoked(by, { points: 12, source, title: 'Buy shoes', reason: 'Reopened subtask "Buy shoes"' });
      return given()
        .when([revocation])
        .then({
          activities: [
            line(revocation, {
              type: 'reopened',
              entity_type: 'subtask',
              entity_id: subtaskId,
              title: 'Buy shoes',
              description: 'Reopened subtask "Buy shoes"',
              points: -12,
            }),
          ],
        });
    });

    it('tells of a habit completion taken back as such, its points negative', () => {
      const habitId = randomUUID();
      const revocation = pointsRevoked(by, {
        points: 22,
        source: { type: 'habit', id: habitId },
        hierarchy: { actionableId: habitId },
        title: 'Meditate',
        reason: 'Took back habit "Meditate" for 2026-03-01',
      });
      return given()
        .when([revocation])
        .then({
          activities: [
            line(revocation, {
              type: 'taken_back',
              entity_type: 'habit',
              entity_id: habitId,
              title: 'Meditate',
              description: 'Took back habit "Meditate" for 2026-03-01',
              points: -22,
            }),
          ],
        });
    });

    it('names the source the points came from, whatever its kind', () => {
      const award = pointsAwarded(by, { points: 40, source: { type: 'goal', id: goalId }, hierarchy: { goalId }, title: 'G', reason: 'Completed goal "G"' });
      return given()
        .when([award])
        .then({
          activities: [line(award, { type: 'completed', entity_type: 'goal', entity_id: goalId, title: 'G', description: 'Completed goal "G"', points: 40 })],
        });
    });
  });

  describe('actionables and habits', () => {
    const actionableId = randomUUID();

    it('tells of a created actionable and a created habit, each by its kind', () => {
      const todo = actionableCreated(by, { actionableId, title: 'Water plants' });
      const habitId = randomUUID();
      const habit = actionableCreated(by, { actionableId: habitId, title: 'Read', isHabit: true });
      return given()
        .when([todo, habit])
        .then({
          activities: [
            line(todo, {
              type: 'created',
              entity_type: 'actionable',
              entity_id: actionableId,
              title: 'Water plants',
              description: 'Created actionable "Water plants"',
            }),
            line(habit, { type: 'created', entity_type: 'habit', entity_id: habitId, title: 'Read', description: 'Created habit "Read"' }),
          ],
        });
    });

    it('tells of a move and a deletion, leaving completions to their points events', () => {
      const moved = actionableStatusChanged(by, { actionableId, from: 'pending', to: 'in-progress', title: 'Water plants' });
      const deleted = actionableDeleted(by, { actionableId, title: 'Water plants' });
      return given()
        .when([
          moved,
          actionableStatusChanged(by, { actionableId, from: 'in-progress', to: 'completed', title: 'Water plants' }),
          actionableCompleted(by, { actionableId }),
          actionableStatusChanged(by, { actionableId, from: 'completed', to: 'pending', title: 'Water plants' }),
          actionableUpdated(by, { actionableId, changes: { weight: 3 } }),
          deleted,
        ])
        .then({
          activities: [
            line(moved, {
              type: 'status_changed',
              entity_type: 'actionable',
              entity_id: actionableId,
              title: 'Water plants',
              description: 'Moved actionable "Water plants" to in-progress',
            }),
            line(deleted, {
              type: 'deleted',
              entity_type: 'actionable',
              entity_id: actionableId,
              title: 'Water plants',
              description: 'Deleted actionable "Water plants"',
            }),
          ],
        });
    });

    it('leaves imported items out: an import of hundreds would bury everything else', () =>
      given()
        .when([
          actionableCreated(by, {
            actionableId,
            title: 'From a file',
            imported: { status: 'pending', completedAt: null, lastCompletedAt: null, streak: 0, lastCredited: null },
          }),
        ])
        .then({ activities: [] }));
  });

  describe('what it leaves out', () => {
    it('ignores edits and moves', () =>
      given()
        .when([goalUpdated(by, { goalId, changes: { title: 'New' } }), taskUpdated(by, { taskId, changes: { goalId: randomUUID() } })])
        .then({ activities: [] }));

    it('ignores the bare completion of a subtask', () =>
      given()
        .when([subtaskCompleted(by, { subtaskId })])
        .then({ activities: [] }));

    it('ignores account events', () =>
      given()
        .when([userRegistered(by), userLoggedIn(by)])
        .then({ activities: [] }));
  });
});
