import { describe, it } from 'vitest';
import { BusinessRuleViolated, Conflict, NotFound, ValidationFailed } from '../common/errors.ts';
import { specify } from '../common/specify.ts';
import { goalDecider, type GoalStreamEvent } from './goal.decider.ts';

const given = specify(goalDecider);
const goalId = '11111111-1111-4111-8111-111111111111';
const userId = '22222222-2222-4222-8222-222222222222';
const stranger = '33333333-3333-4333-8333-333333333333';
const at = '2026-03-01T10:00:00.000Z';
const recorded = <E extends GoalStreamEvent>(event: E) => ({ ...event, occurredAt: at });

const created = recorded({
  type: 'GoalCreated',
  data: { goalId, userId, title: 'Run a marathon', description: '', priority: 2, dueDate: null, startDate: null, endDate: null },
});
const statusChanged = (from: 'pending' | 'in-progress' | 'completed', to: 'pending' | 'in-progress' | 'completed') =>
  ({ type: 'GoalStatusChanged', data: { goalId, from, to, title: 'Run a marathon' } }) as const;
const awarded = (points: number) =>
  ({
    type: 'PointsAwarded',
    data: {
      userId,
      points,
      rulesVersion: 1,
      receipt: { rule: 'goal', rulesVersion: 1, inputs: { priority: 6 - points / 25, base: 25 }, points },
      reason: 'Completed goal "Run a marathon"',
      source: { type: 'goal', id: goalId },
      hierarchy: { goalId },
      title: 'Run a marathon',
    },
  }) as const;
const revoked = (points: number) =>
  ({
    type: 'PointsRevoked',
    data: {
      userId,
      points,
      reason: 'Reopened goal "Run a marathon"',
      source: { type: 'goal', id: goalId },
      hierarchy: { goalId },
      title: 'Run a marathon',
      revokes: { rulesVersion: 1 },
    },
  }) as const;

describe('creating a goal', () => {
  it('creates it pending, with defaults', () =>
    given([])
      .when({ type: 'CreateGoal', id: goalId, userId, fields: { title: 'Run a marathon', priority: 2 } })
      .then([{ type: 'GoalCreated', data: created.data }]));
  it('creates it completed, awarding its points in the same decision', () =>
    given([])
      .when({ type: 'CreateGoal', id: goalId, userId, fields: { title: 'Run a marathon', priority: 2 }, status: 'completed' })
      .then([{ type: 'GoalCreated', data: created.data }, statusChanged('pending', 'completed'), awarded(100)]));
  it('refuses an end date before the start date', () =>
    given([])
      .when({ type: 'CreateGoal', id: goalId, userId, fields: { title: 'x', startDate: '2026-03-02T00:00:00.000Z', endDate: '2026-03-01T00:00:00.000Z' } })
      .thenThrows(ValidationFailed, 'endDate'));
  it('refuses to create it twice', () =>
    given([created])
      .when({ type: 'CreateGoal', id: goalId, userId, fields: { title: 'again' } })
      .thenThrows(Conflict));
});

describe('updating a goal', () => {
  it('records only the fields that changed', () =>
    given([created])
      .when({ type: 'UpdateGoal', userId, fields: { title: 'Run two marathons', priority: 2, description: undefined } })
      .then([{ type: 'GoalUpdated', data: { goalId, changes: { title: 'Run two marathons' } } }]));
  it('does nothing when nothing changed, status included', () =>
    given([created])
      .when({ type: 'UpdateGoal', userId, fields: { priority: 2 }, status: 'pending' })
      .thenNothing());
  it('refuses another user, as if the goal did not exist', () =>
    given([created])
      .when({ type: 'UpdateGoal', userId: stranger, fields: { title: 'mine now' } })
      .thenThrows(NotFound));
  it('refuses an end date before the stored start date', () =>
    given([created, recorded({ type: 'GoalUpdated', data: { goalId, changes: { startDate: '2026-05-01T00:00:00.000Z' } } })])
      .when({ type: 'UpdateGoal', userId, fields: { endDate: '2026-04-01T00:00:00.000Z' } })
      .thenThrows(ValidationFailed));
});

describe('changing status', () => {
  it('moves between any two statuses', () =>
    given([created])
      .when({ type: 'UpdateGoal', userId, fields: {}, status: 'in-progress' })
      .then([statusChanged('pending', 'in-progress')]));
  it('awards 25 × (6 − priority) on completion', () =>
    given([created, recorded(statusChanged('pending', 'in-progress'))])
      .when({ type: 'UpdateGoal', userId, fields: {}, status: 'completed' })
      .then([statusChanged('in-progress', 'completed'), awarded(100)]));
  it('awards at the priority set in the same update', () =>
    given([created])
      .when({ type: 'UpdateGoal', userId, fields: { priority: 1 }, status: 'completed' })
      .then([{ type: 'GoalUpdated', data: { goalId, changes: { priority: 1 } } }, statusChanged('pending', 'completed'), { ...awarded(125) }]));
  it('revokes exactly what was awarded when it leaves completed, even after a priority change', () =>
    given([
      created,
      recorded(statusChanged('pending', 'completed')),
      recorded(awarded(100)),
      recorded({ type: 'GoalUpdated', data: { goalId, changes: { priority: 5 } } }),
    ])
      .when({ type: 'UpdateGoal', userId, fields: {}, status: 'pending' })
      .then([statusChanged('completed', 'pending'), revoked(100)]));
  it('awards again when completed again', () =>
    given([
      created,
      recorded(statusChanged('pending', 'completed')),
      recorded(awarded(100)),
      recorded(statusChanged('completed', 'pending')),
      recorded(revoked(100)),
    ])
      .when({ type: 'CompleteGoal', userId })
      .then([statusChanged('pending', 'completed'), awarded(100)]));
  it('refuses to complete what is already completed', () =>
    given([created, recorded(statusChanged('pending', 'completed')), recorded(awarded(100))])
      .when({ type: 'CompleteGoal', userId })
      .thenThrows(BusinessRuleViolated));
});

describe('deleting a goal', () => {
  it('deletes it', () =>
    given([created])
      .when({ type: 'DeleteGoal', userId })
      .then([{ type: 'GoalDeleted', data: { goalId, title: 'Run a marathon' } }]));
  it('answers not found for a deleted goal', () =>
    given([created, recorded({ type: 'GoalDeleted', data: { goalId, title: 'Run a marathon' } })])
      .when({ type: 'UpdateGoal', userId, fields: { title: 'x' } })
      .thenThrows(NotFound));
  it('answers not found for another user', () => given([created]).when({ type: 'DeleteGoal', userId: stranger }).thenThrows(NotFound));
});
