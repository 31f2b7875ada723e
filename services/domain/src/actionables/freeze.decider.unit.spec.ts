import { describe, it } from 'vitest';
import { BusinessRuleViolated, Conflict, NotFound, ValidationFailed } from '../common/errors.ts';
import { specify } from '../common/specify.ts';
import type { Clock } from '../time/local-date.ts';
import { freezeDecider } from './freeze.decider.ts';

const given = specify(freezeDecider);
const userId = '22222222-2222-4222-8222-222222222222';
const habitId = '11111111-1111-4111-8111-111111111111';
const ids = ['aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'cccccccc-cccc-4ccc-8ccc-cccccccccccc'] as const;
const on = (localDate: string): Clock => ({ at: `${localDate}T12:00:00.000Z`, timezone: 'UTC', localDate });
const frozen = (freezeId: string, from: string, to: string, habit: string | null = null) => ({
  type: 'HabitsFrozen' as const,
  data: { freezeId, userId, habitId: habit, from, to },
  occurredAt: '2026-11-26T12:00:00.000Z',
});

describe('freezing habits', () => {
  it('records a freeze of all habits from today', () =>
    given([])
      .when({ type: 'FreezeHabits', freezeId: ids[0], userId, habitId: null, from: '2026-11-26', to: '2026-11-30', clock: on('2026-11-26') })
      .then([{ type: 'HabitsFrozen', data: { freezeId: ids[0], userId, habitId: null, from: '2026-11-26', to: '2026-11-30' } }]));
  it.each([
    ['a start in the past', '2026-11-25', '2026-11-27'],
    ['an end before the start', '2026-11-28', '2026-11-27'],
    ['more than 14 days', '2026-11-26', '2026-12-10'],
    ['a start more than a year ahead', '2027-11-27', '2027-11-28'],
  ])('refuses %s', (_, from, to) =>
    given([])
      .when({ type: 'FreezeHabits', freezeId: ids[0], userId, habitId: null, from, to, clock: on('2026-11-26') })
      .thenThrows(ValidationFailed),
  );
  it('refuses one overlapping another of the same habits, not one of another habit', () => {
    given([frozen(ids[0], '2026-12-01', '2026-12-05')])
      .when({ type: 'FreezeHabits', freezeId: ids[1], userId, habitId: null, from: '2026-12-05', to: '2026-12-06', clock: on('2026-11-26') })
      .thenThrows(Conflict);
    given([frozen(ids[0], '2026-12-01', '2026-12-05')])
      .when({ type: 'FreezeHabits', freezeId: ids[1], userId, habitId, from: '2026-12-05', to: '2026-12-06', clock: on('2026-11-26') })
      .then([{ type: 'HabitsFrozen', data: { freezeId: ids[1], userId, habitId, from: '2026-12-05', to: '2026-12-06' } }]);
  });
  it('allows two a month', () =>
    given([frozen(ids[0], '2026-12-01', '2026-12-02'), frozen(ids[1], '2026-12-10', '2026-12-11')])
      .when({ type: 'FreezeHabits', freezeId: ids[2], userId, habitId: null, from: '2026-12-20', to: '2026-12-21', clock: on('2026-11-26') })
      .thenThrows(BusinessRuleViolated, 'At most 2 freezes may begin in one calendar month'));
  it('decides nothing for a repeat of the same freeze', () =>
    given([frozen(ids[0], '2026-12-01', '2026-12-02')])
      .when({ type: 'FreezeHabits', freezeId: ids[0], userId, habitId: null, from: '2026-12-01', to: '2026-12-02', clock: on('2026-11-26') })
      .thenNothing());
});

describe('cancelling a freeze', () => {
  it('cancels one not begun', () =>
    given([frozen(ids[0], '2026-12-01', '2026-12-02')])
      .when({ type: 'CancelFreeze', freezeId: ids[0], userId, clock: on('2026-11-30') })
      .then([{ type: 'HabitFreezeCancelled', data: { freezeId: ids[0], userId } }]));
  it('refuses one begun, and one unknown', () => {
    given([frozen(ids[0], '2026-12-01', '2026-12-02')])
      .when({ type: 'CancelFreeze', freezeId: ids[0], userId, clock: on('2026-12-01') })
      .thenThrows(Conflict);
    given([])
      .when({ type: 'CancelFreeze', freezeId: ids[0], userId, clock: on('2026-12-01') })
      .thenThrows(NotFound);
  });
});
