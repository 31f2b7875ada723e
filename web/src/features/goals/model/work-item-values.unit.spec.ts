import { describe, expect, it } from 'vitest';
import { aTask } from '../../../testing/fixtures.ts';
import { blankValues, changedFields, createFields, valuesOf } from './work-item-values.ts';

describe('createFields', () => {
  it('sends only what was filled in', () => {
    expect(createFields({ ...blankValues, title: 'Run' })).toEqual({ title: 'Run', priority: 3 });
    expect(createFields({ ...blankValues, title: 'Run', description: 'Far', priority: 1, dueDate: '2026-10-12' })).toEqual({
      title: 'Run',
      description: 'Far',
      priority: 1,
      dueDate: '2026-10-12',
    });
  });
});

describe('changedFields', () => {
  const task = aTask({ dueDate: '2026-10-12T00:00:00.000Z', startDate: '2026-09-01T00:00:00.000Z' });
  const before = valuesOf(task);

  it('reads stored instants as calendar days', () =>
    expect(before).toMatchObject({ dueDate: '2026-10-12', startDate: '2026-09-01', endDate: '', goalId: task.goalId }));

  it('sends nothing when nothing changed', () => expect(changedFields(before, { ...before })).toEqual({}));

  it('sends what changed, a cleared date as null, and a new goal to move the task', () =>
    expect(changedFields(before, { ...before, title: 'Longer runs', status: 'in-progress', dueDate: '', endDate: '2026-12-01', goalId: 'another' })).toEqual({
      title: 'Longer runs',
      status: 'in-progress',
      dueDate: null,
      endDate: '2026-12-01',
      goalId: 'another',
    }));
});
