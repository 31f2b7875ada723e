import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { actionablesProjection } from '../actionables/actionables.projection.ts';
import { goalsProjection } from '../goals/work-items.projection.ts';
import {
  actionableCompleted,
  actionableCreated,
  actionableDeleted,
  actionableStatusChanged,
  goalCreated,
  goalDeleted,
  goalStatusChanged,
  goalUpdated,
  habitCompleted,
} from '../testing/event-factories.ts';
import { projectorSpec, type EventContext } from '../testing/projector-spec.ts';
import type { Row } from '../db.ts';

// The per-day sums are kept by triggers on the item tables: whatever projector writes the rows, the
// sums move in the same transaction. A user without settings counts instants in UTC.

const alice = randomUUID();
const bob = randomUUID();
const at = (instant: string, userId = alice): EventContext => ({ userId, at: instant, timezone: 'UTC' });
/** A row of any of the four `*_by_day` tables: they share one row type. */
type DayRow = Row<'goals_by_day'>;
const day = (date: string, items: number, completed = 0, userId = alice): DayRow => ({
  user_id: userId,
  timezone: 'UTC',
  from_date: date,
  to_date: date,
  items,
  completed,
});
/** Two consecutive days an item was touched on: one item less, so a range holding both counts it once. */
const pair = (from: string, to: string, items = -1, userId = alice): DayRow => ({
  user_id: userId,
  timezone: 'UTC',
  from_date: from,
  to_date: to,
  items,
  completed: 0,
});

describe('goals by day', () => {
  const given = projectorSpec(goalsProjection);
  const goalId = randomUUID();
  const created = goalCreated(at('2026-03-01T10:00:00.000Z'), { goalId, dueDate: '2026-03-04T12:00:00.000Z' });

  it('counts a goal on the day it was created and the day it is due, once across both', () =>
    given()
      .when([created])
      .then({ goals_by_day: [day('2026-03-01', 1), day('2026-03-04', 1), pair('2026-03-01', '2026-03-04')] }));

  it('adds the day it was completed, and counts the completion there', () =>
    given([created])
      .when([goalStatusChanged(at('2026-03-02T08:00:00.000Z'), { goalId, from: 'pending', to: 'completed' })])
      .then({
        goals_by_day: [day('2026-03-01', 1), day('2026-03-02', 1, 1), day('2026-03-04', 1), pair('2026-03-01', '2026-03-02'), pair('2026-03-02', '2026-03-04')],
      }));

  it('takes the completion back when the goal is reopened', () =>
    given([created, goalStatusChanged(at('2026-03-02T08:00:00.000Z'), { goalId, from: 'pending', to: 'completed' })])
      .when([goalStatusChanged(at('2026-03-03T08:00:00.000Z'), { goalId, from: 'completed', to: 'in-progress' })])
      .then({ goals_by_day: [day('2026-03-01', 1), day('2026-03-04', 1), pair('2026-03-01', '2026-03-04')] }));

  it('follows a due date that moves, and counts one day once when two touches fall on it', () =>
    given([created])
      .when([goalUpdated(at('2026-03-01T11:00:00.000Z'), { goalId, changes: { dueDate: '2026-03-01T20:00:00.000Z' } })])
      .then({ goals_by_day: [day('2026-03-01', 1)] }));

  it('sums goals of the same days, and leaves nothing of a deleted one', () => {
    const other = randomUUID();
    return given([created, goalCreated(at('2026-03-01T15:00:00.000Z'), { goalId: other, dueDate: '2026-03-04T09:00:00.000Z' })])
      .when([goalDeleted(at('2026-03-05T08:00:00.000Z'), { goalId: other })])
      .then({ goals_by_day: [day('2026-03-01', 1), day('2026-03-04', 1), pair('2026-03-01', '2026-03-04')] });
  });

  it("keeps each user's days apart", () =>
    given([created])
      .when([goalCreated(at('2026-03-01T10:00:00.000Z', bob), { goalId: randomUUID() })])
      .then({
        goals_by_day: [day('2026-03-01', 1), day('2026-03-04', 1), pair('2026-03-01', '2026-03-04'), day('2026-03-01', 1, 0, bob)],
      }));

  it('writes nothing for a goal deleted in the batch that created it', () =>
    given()
      .when([created, goalDeleted(at('2026-03-01T11:00:00.000Z'), { goalId })])
      .then({ goals_by_day: [] }));
});

describe('actionables by day', () => {
  const given = projectorSpec(actionablesProjection);
  const actionableId = randomUUID();
  const habitId = randomUUID();
  const todo = actionableCreated(at('2026-03-01T09:00:00.000Z'), { actionableId, deadline: '2026-03-03T17:00:00.000Z' });
  const habit = actionableCreated(at('2026-02-27T09:00:00.000Z'), { actionableId: habitId, isHabit: true });

  it('counts an actionable on the days it was created, due and completed; its standing completion on the date it recorded', () =>
    given([todo])
      .when([
        actionableStatusChanged(at('2026-03-02T22:00:00.000Z'), { actionableId, from: 'pending', to: 'completed' }),
        actionableCompleted({ ...at('2026-03-02T22:00:00.000Z'), timezone: 'Pacific/Auckland', localDate: '2026-03-03' }, { actionableId }),
      ])
      .then({
        actionables_by_day: [
          day('2026-03-01', 1),
          day('2026-03-02', 1),
          day('2026-03-03', 1, 1),
          pair('2026-03-01', '2026-03-02'),
          pair('2026-03-02', '2026-03-03'),
        ],
      }));

  it('counts a habit on every day it was completed, as one item over a run of days', () =>
    given([habit])
      .when([
        habitCompleted(at('2026-03-01T08:00:00.000Z'), { actionableId: habitId }),
        habitCompleted(at('2026-03-02T08:00:00.000Z'), { actionableId: habitId }),
      ])
      .then({
        actionables_by_day: [
          day('2026-02-27', 1),
          day('2026-03-01', 1, 1),
          day('2026-03-02', 1, 1),
          pair('2026-02-27', '2026-03-01'),
          pair('2026-03-01', '2026-03-02'),
        ],
      }));

  it('keeps a habit with a long history right when completions land between, before and after others', () =>
    given([
      habit,
      ...['2026-03-01', '2026-03-05', '2026-03-12', '2026-03-13'].map((date) => habitCompleted(at(`${date}T08:00:00.000Z`), { actionableId: habitId })),
    ])
      .when([
        habitCompleted(at('2026-03-03T08:00:00.000Z'), { actionableId: habitId }),
        habitCompleted(at('2026-03-20T08:00:00.000Z'), { actionableId: habitId }),
        habitCompleted(at('2026-03-08T08:00:00.000Z'), { actionableId: habitId }),
      ])
      .then({
        // Every touched day once, less one for each pair of neighbours: what summing all of them gives.
        actionables_by_day: [
          day('2026-02-27', 1),
          ...['2026-03-01', '2026-03-03', '2026-03-05', '2026-03-08', '2026-03-12', '2026-03-13', '2026-03-20'].map((date) => day(date, 1, 1)),
          pair('2026-02-27', '2026-03-01'),
          pair('2026-03-01', '2026-03-03'),
          pair('2026-03-03', '2026-03-05'),
          pair('2026-03-05', '2026-03-08'),
          pair('2026-03-08', '2026-03-12'),
          pair('2026-03-12', '2026-03-13'),
          pair('2026-03-13', '2026-03-20'),
        ],
      }));

  it('keeps the completions of a deleted actionable and forgets the item', () =>
    given([habit, habitCompleted(at('2026-03-01T08:00:00.000Z'), { actionableId: habitId })])
      .when([actionableDeleted(at('2026-03-05T08:00:00.000Z'), { actionableId: habitId })])
      .then({ actionables_by_day: [day('2026-03-01', 0, 1)] }));
});
