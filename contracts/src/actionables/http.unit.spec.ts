import { describe, expect, it } from 'vitest';
import { encodeEvent } from '../event-codec.ts';
import { createActionableBody, importActionablesBody, listActionablesQuery, recurrenceBody, updateActionableBody } from './http.ts';

const issuesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('actionable bodies', () => {
  it('accepts an empty create body (the decider applies the defaults) and blanks the title', () => {
    expect(createActionableBody.parse({})).toEqual({});
    expect(createActionableBody.parse({ title: '   ' })).toEqual({ title: undefined });
  });

  it('drops server-owned fields', () => {
    const body = {
      title: 'Read',
      id: 'x',
      userId: 'y',
      pointsAwarded: 5,
      completedAt: '2026-01-01T00:00:00Z',
      createdAt: 'z',
      streak: 9,
      lastCompletedAt: 'w',
    };
    expect(createActionableBody.parse(body)).toEqual({ title: 'Read' });
    expect(updateActionableBody.parse(body)).toEqual({ title: 'Read' });
  });

  it.each([
    [{ weight: 0 }, 'weight'],
    [{ weight: 11 }, 'weight'],
    [{ weight: 1.5 }, 'weight'],
    [{ weight: '3' }, 'weight'],
    [{ pointsToBeAwarded: 1001 }, 'pointsToBeAwarded'],
    [{ pointsToBeAwarded: -1 }, 'pointsToBeAwarded'],
    [{ deadline: 'someday' }, 'deadline'],
    [{ deadline: '2024-02-30' }, 'deadline'],
    [{ reminderTime: '24:00' }, 'reminderTime'],
    [{ reminderTime: '7:30' }, 'reminderTime'],
    [{ status: 'done' }, 'status'],
    [{ recurrence: { frequency: 'yearly' } }, 'recurrence.frequency'],
    [{ recurrence: { frequency: 'weekly' } }, 'recurrence.days'],
    [{ recurrence: { frequency: 'weekly', days: [] } }, 'recurrence.days'],
    [{ recurrence: { frequency: 'weekly', days: [7] } }, 'recurrence.days.0'],
    [{ recurrence: { frequency: 'monthly' } }, 'recurrence.dayOfMonth'],
    [{ recurrence: { frequency: 'monthly', dayOfMonth: 32 } }, 'recurrence.dayOfMonth'],
    [{ goalId: 'not-an-id' }, 'goalId'],
    [{ title: 'a\u0000b' }, 'title'],
  ])('refuses %j naming %s', (body, field) => {
    expect(issuesOf(createActionableBody.safeParse(body))).toContain(field);
  });

  it('normalises recurrences to what each frequency uses', () => {
    expect(recurrenceBody.parse({})).toEqual({ frequency: 'daily' });
    expect(recurrenceBody.parse({ frequency: 'daily', days: [], dayOfMonth: null })).toEqual({ frequency: 'daily' });
    expect(recurrenceBody.parse({ frequency: 'weekly', days: [5, 1, 5], dayOfMonth: null })).toEqual({ frequency: 'weekly', days: [1, 5] });
    expect(recurrenceBody.parse({ frequency: 'monthly', dayOfMonth: 31, days: [] })).toEqual({ frequency: 'monthly', dayOfMonth: 31 });
  });

  it('refuses a blank title on update', () => expect(issuesOf(updateActionableBody.safeParse({ title: ' ' }))).toContain('title'));
});

describe('import body', () => {
  const item = { title: 'Read', weight: 2, status: 'completed', completedAt: '2026-01-02T10:00:00.000Z', streak: 3, id: 'dropped' };
  it('takes {actionables} or a bare array', () => {
    expect(importActionablesBody.parse({ actionables: [item] })).toEqual([
      { title: 'Read', weight: 2, status: 'completed', completedAt: '2026-01-02T10:00:00.000Z', streak: 3 },
    ]);
    expect(importActionablesBody.parse([item])).toHaveLength(1);
  });
  it('names the index and the field of a bad item', () => {
    const result = importActionablesBody.safeParse([item, { weight: 99, status: 'someday-ish', deadline: 'someday' }]);
    expect(issuesOf(result)).toEqual(expect.arrayContaining(['actionables.1.weight', 'actionables.1.status', 'actionables.1.deadline']));
  });
  it('refuses an empty or oversized import', () => {
    expect(importActionablesBody.safeParse([]).success).toBe(false);
    expect(importActionablesBody.safeParse({ actionables: Array.from({ length: 1001 }, () => item) }).success).toBe(false);
    expect(importActionablesBody.safeParse({ actionables: Array.from({ length: 1000 }, () => item) }).success).toBe(true);
  });
});

describe('list query', () => {
  it('parses a comma list of statuses and a boolean', () =>
    expect(listActionablesQuery.parse({ status: 'pending,not-approached', isHabit: 'true' })).toEqual({
      status: ['pending', 'not-approached'],
      isHabit: true,
    }));
  it('refuses an unknown status', () => expect(listActionablesQuery.safeParse({ status: 'pending,done' }).success).toBe(false));
});

describe('actionable events', () => {
  it('are in the catalogue and checked on write', () => {
    expect(() =>
      encodeEvent({ type: 'HabitStreakExtended', data: { actionableId: '11111111-1111-4111-8111-111111111111', occurrence: '2026-03-01', streak: 2 } }),
    ).not.toThrow();
    expect(() =>
      encodeEvent({ type: 'HabitStreakExtended', data: { actionableId: '11111111-1111-4111-8111-111111111111', occurrence: '2026-02-30', streak: 2 } }),
    ).toThrow();
  });
});
