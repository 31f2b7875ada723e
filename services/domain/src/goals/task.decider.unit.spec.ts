import { describe, it } from 'vitest';
import { NotFound } from '../common/errors.ts';
import { specify } from '../common/specify.ts';
import { taskDecider } from './task.decider.ts';

const given = specify(taskDecider);
const taskId = '55555555-5555-4555-8555-555555555555';
const goalId = '66666666-6666-4666-8666-666666666666';
const otherGoal = '77777777-7777-4777-8777-777777777777';
const userId = '22222222-2222-4222-8222-222222222222';
const created = {
  type: 'TaskCreated' as const,
  data: { taskId, goalId, userId, title: 'Train', description: '', priority: 1, dueDate: null, startDate: null, endDate: null },
  occurredAt: '2026-03-01T10:00:00.000Z',
};
/** The award for completing it, attributed to its goal: 10 × (6 − priority). */
const awarded = {
  type: 'PointsAwarded' as const,
  data: {
    userId,
    points: 50,
    rulesVersion: 1,
    receipt: { rule: 'task' as const, rulesVersion: 1, inputs: { priority: 1, base: 10 }, points: 50 },
    reason: 'Completed task "Train"',
    source: { type: 'task' as const, id: taskId },
    hierarchy: { goalId, taskId },
    title: 'Train',
  },
};

describe('tasks', () => {
  it('move to another goal', () =>
    given([created])
      .when({ type: 'UpdateTask', userId, fields: {}, goalId: otherGoal })
      .then([{ type: 'TaskUpdated', data: { taskId, changes: { goalId: otherGoal } } }]));
  it('stay put when moved to the goal they are in', () => given([created]).when({ type: 'UpdateTask', userId, fields: {}, goalId }).thenNothing());
  it('earn 10 × (6 − priority), attributed to their goal', () =>
    given([created])
      .when({ type: 'UpdateTask', userId, fields: {}, status: 'completed' })
      .then([{ type: 'TaskStatusChanged', data: { taskId, from: 'pending', to: 'completed', title: 'Train' } }, awarded]));
  it('revoke to the goal that got the award, even after moving', () =>
    given([
      created,
      { type: 'TaskStatusChanged', data: { taskId, from: 'pending', to: 'completed', title: 'Train' }, occurredAt: '2026-03-01T11:00:00.000Z' },
      { ...awarded, occurredAt: '2026-03-01T11:00:00.000Z' },
      { type: 'TaskUpdated', data: { taskId, changes: { goalId: otherGoal } }, occurredAt: '2026-03-01T12:00:00.000Z' },
    ])
      .when({ type: 'UpdateTask', userId, fields: {}, status: 'pending' })
      .then([
        { type: 'TaskStatusChanged', data: { taskId, from: 'completed', to: 'pending', title: 'Train' } },
        {
          type: 'PointsRevoked',
          data: {
            userId,
            points: 50,
            reason: 'Reopened task "Train"',
            source: { type: 'task', id: taskId },
            hierarchy: { goalId, taskId },
            title: 'Train',
            revokes: { rulesVersion: 1 },
          },
        },
      ]));
  it('refuse commands once deleted', () =>
    given([created, { type: 'TaskDeleted', data: { taskId, title: 'Train' }, occurredAt: '2026-03-02T00:00:00.000Z' }])
      .when({ type: 'CompleteTask', userId })
      .thenThrows(NotFound));
});
