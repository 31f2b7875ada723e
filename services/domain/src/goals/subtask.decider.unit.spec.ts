import { describe, it } from 'vitest';
import { NotFound } from '../common/errors.ts';
import { specify } from '../common/specify.ts';
import { subtaskDecider } from './subtask.decider.ts';

const given = specify(subtaskDecider);
const subtaskId = '44444444-4444-4444-8444-444444444444';
const taskId = '55555555-5555-4555-8555-555555555555';
const goalId = '66666666-6666-4666-8666-666666666666';
const userId = '22222222-2222-4222-8222-222222222222';
const fields = { title: 'Buy shoes', description: '', priority: 3, dueDate: null, startDate: null, endDate: null };
const created = { type: 'SubtaskCreated' as const, data: { subtaskId, taskId, goalId, userId, ...fields }, occurredAt: '2026-03-01T10:00:00.000Z' };

describe('subtasks', () => {
  it('are created under their task and goal', () =>
    given([])
      .when({ type: 'CreateSubtask', id: subtaskId, userId, taskId, goalId, fields: { title: 'Buy shoes' } })
      .then([{ type: 'SubtaskCreated', data: created.data }]));
  it('announce completion and earn 5 × (6 − priority), attributed to the whole hierarchy', () =>
    given([created])
      .when({ type: 'CompleteSubtask', userId })
      .then([
        { type: 'SubtaskStatusChanged', data: { subtaskId, from: 'pending', to: 'completed', title: 'Buy shoes' } },
        { type: 'SubtaskCompleted', data: { subtaskId } },
        {
          type: 'PointsAwarded',
          data: {
            userId,
            points: 15,
            rulesVersion: 1,
            receipt: { rule: 'subtask', rulesVersion: 1, inputs: { priority: 3, base: 5 }, points: 15 },
            reason: 'Completed subtask "Buy shoes"',
            source: { type: 'subtask', id: subtaskId },
            hierarchy: { goalId, taskId, subtaskId },
            title: 'Buy shoes',
          },
        },
      ]));
  it('cannot be completed when they do not exist', () => given([]).when({ type: 'CompleteSubtask', userId }).thenThrows(NotFound));
});
