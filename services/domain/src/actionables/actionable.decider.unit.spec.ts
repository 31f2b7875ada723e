// fast-check is a dev dependency of the repository, used only by tests.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { habitStreakExtended, type ActionableFields } from '@tracker/contracts/actionables/events';
import {
  HABIT_STREAK_MAX,
  type CreateActionableBody,
  type ImportedActionable,
  type Recurrence,
  type UpdateActionableBody,
} from '@tracker/contracts/actionables/http';
import { fold, type Recorded } from '../common/decider.ts';
import { Conflict, NotFound } from '../common/errors.ts';
import { specify } from '../common/specify.ts';
import { habitPoints } from '../points/rules.ts';
import { clockAt, type Clock } from '../time/local-date.ts';
import {
  actionableDecider,
  importedCreation,
  type ActionableCommand,
  type ActionableStreamEvent,
  type EditableFields,
  type ImportedHistory,
} from './actionable.decider.ts';

// The parsed bodies of contracts/ fit the commands as they are (checked by tsc).
type BodiesFitCommands = [
  Omit<CreateActionableBody, 'status' | 'startDate'> extends EditableFields ? true : never,
  Omit<UpdateActionableBody, 'status'> extends EditableFields ? true : never,
  Omit<ImportedActionable, 'status' | 'completedAt' | 'lastCompletedAt' | 'streak'> extends EditableFields ? true : never,
  Pick<ImportedActionable, 'status' | 'completedAt' | 'lastCompletedAt' | 'streak'> extends ImportedHistory ? true : never,
];
const bodiesFit: BodiesFitCommands = [true, true, true, true];
import { StreakOracle, dateOf, dayNumber, intlLocalDate, zones } from './testing/streak-oracle.ts';

const given = specify(actionableDecider);
const actionableId = '11111111-1111-4111-8111-111111111111';
const userId = '22222222-2222-4222-8222-222222222222';
const stranger = '33333333-3333-4333-8333-333333333333';
const goalId = '44444444-4444-4444-8444-444444444444';
const NEW_YORK = 'America/New_York';

/** Noon-ish in New York on `localDate`. */
const on = (localDate: string): Clock => ({ at: `${localDate}T17:00:00.000Z`, timezone: NEW_YORK, localDate });
const recorded = <E extends ActionableStreamEvent>(event: E, occurredAt = '2026-03-01T10:00:00.000Z'): Recorded<E> => ({ ...event, occurredAt });

const defaults: ActionableFields = {
  title: 'Untitled Actionable',
  description: '',
  weight: 1,
  deadline: null,
  isHabit: false,
  active: true,
  reminderTime: null,
  pointsToBeAwarded: 0,
  recurrence: { frequency: 'daily' },
  goalId: null,
  taskId: null,
  subtaskId: null,
};
const createdWith = (fields: Partial<ActionableFields> = {}) =>
  recorded({ type: 'ActionableCreated', data: { actionableId, userId, ...defaults, title: 'Stretch', ...fields } });
const statusChanged = (from: string, to: string, title = 'Stretch') =>
  ({ type: 'ActionableStatusChanged', data: { actionableId, from, to, title } }) as ActionableStreamEvent;
const completed = (clock: Clock, late = false, title = 'Stretch') =>
  ({ type: 'ActionableCompleted', data: { actionableId, title, completedAt: clock.at, timezone: clock.timezone, localDate: clock.localDate, late } }) as const;
/** Its receipt's inputs: 10 × weight on time unless told (`inputs`). */
const awarded = (
  points: number,
  reason = 'Completed actionable "Stretch"',
  hierarchy: object = { actionableId },
  inputs: { weight: number; pointsToBeAwarded: number; late: boolean; daysLate: number } = {
    weight: points / 10,
    pointsToBeAwarded: 0,
    late: false,
    daysLate: 0,
  },
) =>
  ({
    type: 'PointsAwarded',
    data: {
      userId,
      points,
      rulesVersion: 1,
      receipt: { rule: 'actionable', rulesVersion: 1, inputs, points },
      reason,
      source: { type: 'actionable', id: actionableId },
      hierarchy,
      title: 'Stretch',
    },
  }) as ActionableStreamEvent;
const revoked = (points: number, hierarchy: object = { actionableId }) =>
  ({
    type: 'PointsRevoked',
    data: {
      userId,
      points,
      reason: 'Reopened actionable "Stretch"',
      source: { type: 'actionable', id: actionableId },
      hierarchy,
      title: 'Stretch',
      revokes: { rulesVersion: 1 },
    },
  }) as ActionableStreamEvent;

// Habits
const habitCreated = (recurrence: Recurrence = { frequency: 'daily' }, weight = 1) => createdWith({ isHabit: true, recurrence, weight });
const habitCompleted = (clock: Clock, occurrence = clock.localDate) =>
  ({
    type: 'HabitCompleted',
    data: { actionableId, title: 'Stretch', completedAt: clock.at, timezone: clock.timezone, localDate: clock.localDate, occurrence },
  }) as const;
const streakExtended = (occurrence: string, streak: number) => ({ type: 'HabitStreakExtended', data: { actionableId, occurrence, streak } }) as const;
const streakReset = (occurrence: string, lastCredited: string | null, previousStreak: number) =>
  ({ type: 'HabitStreakReset', data: { actionableId, occurrence, lastCredited, previousStreak } }) as const;
const habitAwarded = (points: number, streak: number) =>
  ({
    type: 'PointsAwarded',
    data: {
      userId,
      points,
      rulesVersion: 1,
      // habitPoints: (10 + min(streak − 1, 10)) × weight.
      receipt: { rule: 'habit', rulesVersion: 1, inputs: { weight: points / (10 + Math.min(streak - 1, 10)), streak }, points },
      reason: `Completed habit "Stretch" (streak ${streak})`,
      source: { type: 'habit', id: actionableId },
      hierarchy: { actionableId },
      title: 'Stretch',
    },
  }) as const;
/** Everything one credited habit completion records, as history. */
const habitDone = (localDate: string, streak: number, weight = 1, occurrence = localDate): Recorded<ActionableStreamEvent>[] =>
  [habitCompleted(on(localDate), occurrence), streakExtended(occurrence, streak), habitAwarded(habitPoints(weight, streak), streak)].map((event) =>
    recorded(event),
  );

describe('creating an actionable', () => {
  it('takes the parsed bodies of contracts as they are', () => expect(bodiesFit).toEqual([true, true, true, true]));
  it('fills every default of spec.md §3', () =>
    given([])
      .when({ type: 'CreateActionable', id: actionableId, userId, fields: {}, clock: on('2026-03-01') })
      .then([{ type: 'ActionableCreated', data: { actionableId, userId, ...defaults, startDate: '2026-03-01' } }]));
  it('keeps what it is given, a blank title becoming the default', () =>
    given([])
      .when({
        type: 'CreateActionable',
        id: actionableId,
        userId,
        fields: {
          title: '  ',
          weight: 4,
          deadline: '2026-03-05T12:00:00.000Z',
          reminderTime: '07:30',
          goalId,
          recurrence: { frequency: 'monthly', dayOfMonth: 31 },
        },
        clock: on('2026-03-01'),
      })
      .then([
        {
          type: 'ActionableCreated',
          data: {
            actionableId,
            userId,
            ...defaults,
            weight: 4,
            deadline: '2026-03-05T12:00:00.000Z',
            reminderTime: '07:30',
            goalId,
            recurrence: { frequency: 'monthly', dayOfMonth: 31 },
            startDate: '2026-03-01',
          },
        },
      ]));
  it('creates it completed, awarding its points in the same decision', () =>
    given([])
      .when({ type: 'CreateActionable', id: actionableId, userId, fields: { title: 'Stretch', weight: 3 }, status: 'completed', clock: on('2026-03-01') })
      .then(
        [
          recorded({ ...createdWith({ weight: 3 }), data: { ...createdWith({ weight: 3 }).data, startDate: '2026-03-01' } }),
          statusChanged('pending', 'completed'),
          completed(on('2026-03-01')),
          awarded(30),
        ].map(({ type, data }) => ({ type, data }) as ActionableStreamEvent),
      ));
  it('refuses to create it twice', () =>
    given([createdWith()])
      .when({ type: 'CreateActionable', id: actionableId, userId, fields: {}, clock: on('2026-03-01') })
      .thenThrows(Conflict));
});

describe('importing an actionable', () => {
  const importId = '55555555-5555-4555-8555-555555555555';
  const materialise = (fields: EditableFields, history: ImportedHistory): ActionableCommand => ({
    type: 'MaterialiseImported',
    importId,
    created: importedCreation({ id: actionableId, userId, fields, history, timezone: NEW_YORK }),
  });
  it('keeps status and completion history and awards nothing', () =>
    given([])
      .when(materialise({ title: 'Stretch', weight: 2 }, { status: 'completed', completedAt: '2025-12-01T10:00:00.000Z', streak: 0 }))
      .then([
        {
          type: 'ActionableCreated',
          data: {
            actionableId,
            userId,
            ...defaults,
            title: 'Stretch',
            weight: 2,
            imported: { status: 'completed', completedAt: '2025-12-01T10:00:00.000Z', lastCompletedAt: null, streak: 0, lastCredited: null },
            importId,
          },
        },
      ]));
  it('revokes nothing when an imported completed item is reopened', () =>
    given([
      recorded({
        type: 'ActionableCreated',
        data: {
          actionableId,
          userId,
          ...defaults,
          title: 'Stretch',
          imported: { status: 'completed', completedAt: '2025-12-01T10:00:00.000Z', lastCompletedAt: null, streak: 0, lastCredited: null },
        },
      }),
    ])
      .when({ type: 'UpdateActionable', userId, fields: {}, status: 'pending', clock: on('2026-03-01') })
      .then([statusChanged('completed', 'pending')]));
  it("places an imported habit's last completion on the importer's local date, so its streak goes on", () => {
    // 22:00 on 03-01 in New York
    const importedHabit = decideOnce([], materialise({ title: 'Stretch', isHabit: true }, { lastCompletedAt: '2026-03-02T03:00:00.000Z', streak: 7 }));
    given(importedHabit)
      .when({ type: 'CompleteHabit', userId, clock: on('2026-03-02') })
      .then([habitCompleted(on('2026-03-02')), streakExtended('2026-03-02', 8), habitAwarded(17, 8)]);
  });
  it('decides nothing over an existing item (the request or the reactor made it first)', () => given([createdWith()]).when(materialise({}, {})).thenNothing());
});

describe('updating an actionable', () => {
  it('records only the fields that changed', () =>
    given([createdWith({ weight: 2 })])
      .when({ type: 'UpdateActionable', userId, fields: { title: 'Stretch more', weight: 2, description: undefined }, clock: on('2026-03-01') })
      .then([{ type: 'ActionableUpdated', data: { actionableId, changes: { title: 'Stretch more' } } }]));
  it('ignores server-owned fields slipped into a command', () =>
    given([createdWith()])
      .when({
        type: 'UpdateActionable',
        userId,
        fields: { weight: 5, ...{ userId: stranger, streak: 99, pointsAwarded: 1000, completedAt: '2026-01-01T00:00:00.000Z', id: stranger } },
        clock: on('2026-03-01'),
      } as ActionableCommand)
      .then([{ type: 'ActionableUpdated', data: { actionableId, changes: { weight: 5 } } }]));
  it('clears links and dates given as null, and records a new recurrence', () =>
    given([createdWith({ goalId, deadline: '2026-03-05T12:00:00.000Z' })])
      .when({
        type: 'UpdateActionable',
        userId,
        fields: { goalId: null, deadline: null, recurrence: { frequency: 'weekly', days: [1] } },
        clock: on('2026-03-01'),
      })
      .then([
        { type: 'ActionableUpdated', data: { actionableId, changes: { goalId: null, deadline: null, recurrence: { frequency: 'weekly', days: [1] } } } },
      ]));
  it('does nothing when nothing changed, status and recurrence included', () =>
    given([createdWith({ recurrence: { frequency: 'weekly', days: [1, 3] } })])
      .when({
        type: 'UpdateActionable',
        userId,
        fields: { title: 'Stretch', recurrence: { frequency: 'weekly', days: [1, 3] } },
        status: 'pending',
        clock: on('2026-03-01'),
      })
      .thenNothing());
  it('refuses another user, as if the item did not exist', () =>
    given([createdWith()])
      .when({ type: 'UpdateActionable', userId: stranger, fields: { title: 'mine' }, clock: on('2026-03-01') })
      .thenThrows(NotFound));
  it('refuses a deleted item', () =>
    given([createdWith(), recorded({ type: 'ActionableDeleted', data: { actionableId, title: 'Stretch' } })])
      .when({ type: 'UpdateActionable', userId, fields: { title: 'x' }, clock: on('2026-03-01') })
      .thenThrows(NotFound, 'Actionable not found'));
});

describe('statuses', () => {
  it('moves among the four statuses', () =>
    given([createdWith(), recorded(statusChanged('pending', 'in-progress'))])
      .when({ type: 'UpdateActionable', userId, fields: {}, status: 'not-approached', clock: on('2026-03-01') })
      .then([statusChanged('in-progress', 'not-approached')]));
  it('awards pointsToBeAwarded when set, on reaching completed', () =>
    given([createdWith({ pointsToBeAwarded: 35, weight: 7 })])
      .when({ type: 'UpdateActionable', userId, fields: {}, status: 'completed', clock: on('2026-03-01') })
      .then([
        statusChanged('pending', 'completed'),
        completed(on('2026-03-01')),
        awarded(35, undefined, undefined, { weight: 7, pointsToBeAwarded: 35, late: false, daysLate: 0 }),
      ]));
  it('awards at the weight set in the same update, booked to the linked goal', () =>
    given([createdWith()])
      .when({ type: 'UpdateActionable', userId, fields: { weight: 4, goalId }, status: 'completed', clock: on('2026-03-01') })
      .then([
        { type: 'ActionableUpdated', data: { actionableId, changes: { weight: 4, goalId } } },
        statusChanged('pending', 'completed'),
        completed(on('2026-03-01')),
        awarded(40, 'Completed actionable "Stretch"', { goalId, actionableId }),
      ]));
  it('revokes exactly what was awarded when it leaves completed, even after a weight change', () =>
    given([
      createdWith({ weight: 2 }),
      recorded(statusChanged('pending', 'completed')),
      recorded(completed(on('2026-03-01'))),
      recorded(awarded(20)),
      recorded({ type: 'ActionableUpdated', data: { actionableId, changes: { weight: 9 } } }),
    ])
      .when({ type: 'UpdateActionable', userId, fields: {}, status: 'in-progress', clock: on('2026-03-02') })
      .then([statusChanged('completed', 'in-progress'), revoked(20)]));
  it('revokes nothing while it stays completed', () =>
    given([createdWith({ weight: 2 }), recorded(statusChanged('pending', 'completed')), recorded(completed(on('2026-03-01'))), recorded(awarded(20))])
      .when({ type: 'UpdateActionable', userId, fields: { title: 'Stretch' }, status: 'completed', clock: on('2026-03-02') })
      .thenNothing());
  it('awards again when completed again', () =>
    given([
      createdWith({ weight: 2 }),
      recorded(statusChanged('pending', 'completed')),
      recorded(completed(on('2026-03-01'))),
      recorded(awarded(20)),
      recorded(statusChanged('completed', 'pending')),
      recorded(revoked(20)),
    ])
      .when({ type: 'CompleteActionable', userId, clock: on('2026-03-03') })
      .then([statusChanged('pending', 'completed'), completed(on('2026-03-03')), awarded(20)]));
  it('gives a habit no points for its status', () =>
    given([habitCreated()])
      .when({ type: 'UpdateActionable', userId, fields: {}, status: 'completed', clock: on('2026-03-01') })
      .then([statusChanged('pending', 'completed')]));
});

describe('completing an actionable', () => {
  it('completes it: 10 × weight', () =>
    given([createdWith({ weight: 3 })])
      .when({ type: 'CompleteActionable', userId, clock: on('2026-03-01') })
      .then([statusChanged('pending', 'completed'), completed(on('2026-03-01')), awarded(30)]));
  it('is on time until the end of the deadline’s local day', () => {
    // 03:00Z on 03-02 is 22:00 on 03-01 in New York: the deadline's local day is 03-01.
    const lastMinute: Clock = { at: '2026-03-02T04:59:00.000Z', timezone: NEW_YORK, localDate: '2026-03-01' };
    given([createdWith({ weight: 3, deadline: '2026-03-02T03:00:00.000Z' })])
      .when({ type: 'CompleteActionable', userId, clock: lastMinute })
      .then([statusChanged('pending', 'completed'), completed(lastMinute), awarded(30)]);
  });
  it('halves the points after the deadline’s local day, rounding down', () =>
    given([createdWith({ pointsToBeAwarded: 35, deadline: '2026-03-02T03:00:00.000Z' })])
      .when({ type: 'CompleteActionable', userId, clock: on('2026-03-02') })
      .then([
        statusChanged('pending', 'completed'),
        completed(on('2026-03-02'), true),
        awarded(17, 'Completed actionable "Stretch" after its deadline', undefined, { weight: 1, pointsToBeAwarded: 35, late: true, daysLate: 1 }),
      ]));
  it('gives at least 1 point when late', () =>
    given([createdWith({ pointsToBeAwarded: 1, deadline: '2026-01-01T12:00:00.000Z' })])
      .when({ type: 'CompleteActionable', userId, clock: on('2026-03-02') })
      .then([
        statusChanged('pending', 'completed'),
        completed(on('2026-03-02'), true),
        // 2026-01-01 to 2026-03-02: 60 local days late.
        awarded(1, 'Completed actionable "Stretch" after its deadline', undefined, { weight: 1, pointsToBeAwarded: 1, late: true, daysLate: 60 }),
      ]));
  it('judges the deadline in the zone of the completion', () => {
    // 2026-03-01T20:00Z is 03-02 01:45 in Kathmandu: the deadline's local day there is 03-02.
    const kathmandu = clockAt(new Date('2026-03-02T10:00:00.000Z'), 'Asia/Kathmandu');
    given([createdWith({ weight: 1, deadline: '2026-03-01T20:00:00.000Z' })])
      .when({ type: 'CompleteActionable', userId, clock: kathmandu })
      .then([statusChanged('pending', 'completed'), completed(kathmandu), awarded(10)]);
  });
  it('refuses to complete it again: 409', () =>
    given([createdWith(), recorded(statusChanged('pending', 'completed')), recorded(completed(on('2026-03-01'))), recorded(awarded(10))])
      .when({ type: 'CompleteActionable', userId, clock: on('2026-03-02') })
      .thenThrows(Conflict, 'Actionable is already completed'));
  it('answers not found for another user', () =>
    given([createdWith()])
      .when({ type: 'CompleteActionable', userId: stranger, clock: on('2026-03-01') })
      .thenThrows(NotFound));
});

describe('completing a habit', () => {
  it('credits the first completion: streak 1, 10 × weight', () =>
    given([habitCreated({ frequency: 'daily' }, 2)])
      .when({ type: 'CompleteHabit', userId, clock: on('2026-03-01') })
      .then([habitCompleted(on('2026-03-01')), streakExtended('2026-03-01', 1), habitAwarded(20, 1)]));
  it('extends the streak on the next scheduled day, one weight more', () =>
    given([habitCreated(), ...habitDone('2026-03-01', 1)])
      .when({ type: 'CompleteHabit', userId, clock: on('2026-03-02') })
      .then([habitCompleted(on('2026-03-02')), streakExtended('2026-03-02', 2), habitAwarded(11, 2)]));
  it('refuses a second completion in the same period: 409', () =>
    given([habitCreated(), ...habitDone('2026-03-02', 1)])
      .when({ type: 'CompleteHabit', userId, clock: on('2026-03-02') })
      .thenThrows(Conflict, 'Habit already completed for this period'));
  it('credits the most recent occurrence on or before the day (weekly)', () =>
    // Monday, Wednesday, Friday: Thursday 03-05 counts for Wednesday 03-04, which follows Monday 03-02.
    given([habitCreated({ frequency: 'weekly', days: [1, 3, 5] }), ...habitDone('2026-03-02', 1)])
      .when({ type: 'CompleteHabit', userId, clock: on('2026-03-05') })
      .then([habitCompleted(on('2026-03-05'), '2026-03-04'), streakExtended('2026-03-04', 2), habitAwarded(11, 2)]));
  it('refuses a completion for an occurrence already credited late in its period', () =>
    given([habitCreated({ frequency: 'weekly', days: [1, 3, 5] }), ...habitDone('2026-03-04', 1)])
      .when({ type: 'CompleteHabit', userId, clock: on('2026-03-05') })
      .thenThrows(Conflict, 'Habit already completed for this period'));
  it('resets the streak after a missed occurrence, then extends it to 1', () =>
    given([habitCreated({ frequency: 'daily' }, 2), ...habitDone('2026-03-01', 4, 2), ...habitDone('2026-03-02', 5, 2)])
      .when({ type: 'CompleteHabit', userId, clock: on('2026-03-04') })
      .then([habitCompleted(on('2026-03-04')), streakReset('2026-03-04', '2026-03-02', 5), streakExtended('2026-03-04', 1), habitAwarded(20, 1)]));
  it('caps the streak bonus at 10 × weight from the 11th occurrence', () =>
    given([habitCreated({ frequency: 'daily' }, 3), ...habitDone('2026-03-10', 10, 3)])
      .when({ type: 'CompleteHabit', userId, clock: on('2026-03-11') })
      .then([habitCompleted(on('2026-03-11')), streakExtended('2026-03-11', 11), habitAwarded(60, 11)]));
  it('follows a monthly day clamped to the month’s end', () =>
    given([habitCreated({ frequency: 'monthly', dayOfMonth: 31 }), ...habitDone('2026-01-31', 1)])
      .when({ type: 'CompleteHabit', userId, clock: on('2026-02-28') })
      .then([habitCompleted(on('2026-02-28')), streakExtended('2026-02-28', 2), habitAwarded(11, 2)]));
  it('credits the local date of the zone the completion was made in', () => {
    // 18:15Z on 03-01 is already 03-02 in Kathmandu (+05:45): the next day, not a second completion of 03-01.
    const kathmandu = clockAt(new Date('2026-03-01T18:15:00.000Z'), 'Asia/Kathmandu');
    given([habitCreated(), ...habitDone('2026-03-01', 1)])
      .when({ type: 'CompleteHabit', userId, clock: kathmandu })
      .then([habitCompleted(kathmandu, '2026-03-02'), streakExtended('2026-03-02', 2), habitAwarded(11, 2)]);
  });
  it('keeps the streak of a user who flies east and completes on the next local day', () => {
    // 22:00 on 03-01 in Honolulu, then 19:00 on 03-02 in Tokyo, two hours later.
    const honolulu = clockAt(new Date('2026-03-02T08:00:00.000Z'), 'Pacific/Honolulu');
    const tokyo = clockAt(new Date('2026-03-02T10:00:00.000Z'), 'Asia/Tokyo');
    given(decideOnce([habitCreated()], { type: 'CompleteHabit', userId, clock: honolulu }))
      .when({ type: 'CompleteHabit', userId, clock: tokyo })
      .then([habitCompleted(tokyo, '2026-03-02'), streakExtended('2026-03-02', 2), habitAwarded(11, 2)]);
  });
  it('refuses, without resetting, a completion that lands on an earlier local day after flying west', () => {
    // 08:00 on 03-02 in Tokyo, then 22:00 on 03-01 in Honolulu, a day later by the clock.
    const tokyo = clockAt(new Date('2026-03-01T23:00:00.000Z'), 'Asia/Tokyo');
    const honolulu = clockAt(new Date('2026-03-02T08:00:00.000Z'), 'Pacific/Honolulu');
    expect([tokyo.localDate, honolulu.localDate]).toEqual(['2026-03-02', '2026-03-01']);
    given(decideOnce([habitCreated()], { type: 'CompleteHabit', userId, clock: tokyo }))
      .when({ type: 'CompleteHabit', userId, clock: honolulu })
      .thenThrows(Conflict, 'Habit already completed for this period');
  });
  it('completes a habit through the actionable route too', () =>
    given([habitCreated()])
      .when({ type: 'CompleteActionable', userId, clock: on('2026-03-01') })
      .then([habitCompleted(on('2026-03-01')), streakExtended('2026-03-01', 1), habitAwarded(10, 1)]));
  it('answers not found for a non-habit on the habit route', () =>
    given([createdWith()])
      .when({ type: 'CompleteHabit', userId, clock: on('2026-03-01') })
      .thenThrows(NotFound, 'Habit not found'));
  it('answers not found for another user', () =>
    given([habitCreated()])
      .when({ type: 'CompleteHabit', userId: stranger, clock: on('2026-03-01') })
      .thenThrows(NotFound));
  it('never revokes habit points when its status changes', () =>
    given([habitCreated(), ...habitDone('2026-03-01', 1), recorded(statusChanged('pending', 'completed'))])
      .when({ type: 'UpdateActionable', userId, fields: {}, status: 'pending', clock: on('2026-03-02') })
      .then([statusChanged('completed', 'pending')]));
});

describe('deleting an actionable', () => {
  it('deletes it', () =>
    given([createdWith()])
      .when({ type: 'DeleteActionable', userId })
      .then([{ type: 'ActionableDeleted', data: { actionableId, title: 'Stretch' } }]));
  it('answers not found for another user', () => given([createdWith()]).when({ type: 'DeleteActionable', userId: stranger }).thenThrows(NotFound));
  it('answers not found once deleted', () =>
    given([habitCreated(), recorded({ type: 'ActionableDeleted', data: { actionableId, title: 'Stretch' } })])
      .when({ type: 'CompleteHabit', userId, clock: on('2026-03-01') })
      .thenThrows(NotFound));
});

// --- the state stays small, and the decider agrees with the oracle over whole histories ---

/** Decides and records, as the command handler would. */
function decideOnce(past: Recorded<ActionableStreamEvent>[], command: ActionableCommand, occurredAt = '2026-03-01T10:00:00.000Z') {
  const events = actionableDecider.decide(command, fold(actionableDecider, past));
  return [...past, ...events.map((event) => ({ ...event, occurredAt }))];
}

describe('a habit kept for three years', () => {
  it('keeps a state of the same size as after its first month (its last few periods only), and a net points total', () => {
    let state = fold(actionableDecider, [habitCreated({ frequency: 'daily' }, 2)]);
    const start = dayNumber('2023-01-01');
    const sizes: number[] = [];
    let expectedPoints = 0;
    for (let day = 0; day < 3 * 365; day += 1) {
      const events = actionableDecider.decide({ type: 'CompleteHabit', userId, clock: on(dateOf(start + day)) }, state);
      for (const event of events) state = actionableDecider.evolve(state, { ...event, occurredAt: on(dateOf(start + day)).at });
      expectedPoints += habitPoints(2, day + 1);
      if (day === 29 || day === 3 * 365 - 1) sizes.push(JSON.stringify(state).length);
    }
    expect(state.status === 'active' && state.item.streak).toBe(3 * 365);
    expect(state.status === 'active' && state.item.pointsAwarded).toBe(expectedPoints);
    expect(sizes[1]! - sizes[0]!).toBeLessThan(64); // only the digits of the numbers grew
  });

  it('keeps a state that survives a snapshot (plain JSON) unchanged, and decides alike from it', () => {
    let state = fold(actionableDecider, [habitCreated({ frequency: 'weekly', days: [1, 3, 5] }, 3)]);
    const start = dayNumber('2024-02-26');
    for (let day = 0; day < 60; day += 1) {
      const clock = on(dateOf(start + day));
      const events = (() => {
        try {
          return actionableDecider.decide({ type: 'CompleteHabit', userId, clock }, state);
        } catch {
          return [];
        }
      })();
      for (const event of events) state = actionableDecider.evolve(state, { ...event, occurredAt: clock.at });
      const restored = JSON.parse(JSON.stringify(state)) as typeof state;
      expect(restored).toEqual(state);
      const next = on(dateOf(start + day + 1));
      const decide = (from: typeof state) => {
        try {
          return actionableDecider.decide({ type: 'CompleteHabit', userId, clock: next }, from);
        } catch (error) {
          return String(error);
        }
      };
      expect(decide(restored)).toEqual(decide(state));
    }
    expect(actionableDecider.snapshotSchema).toBeTruthy();
  });
});

describe(`property: habit completions through the decider, across ${zones.length} zones, equal the day-counting oracle`, () => {
  const recurrences: fc.Arbitrary<Recurrence> = fc.oneof(
    fc.constant<Recurrence>({ frequency: 'daily' }),
    fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }).map((days): Recurrence => ({ frequency: 'weekly', days: days.sort() })),
    fc.integer({ min: 1, max: 31 }).map((dayOfMonth): Recurrence => ({ frequency: 'monthly', dayOfMonth })),
  );
  it('credits, refuses, resets and pays exactly as the oracle says', () =>
    fc.assert(
      fc.property(
        recurrences,
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: dayNumber('2010-01-01'), max: dayNumber('2035-01-01') }),
        fc.array(fc.record({ minutes: fc.integer({ min: 0, max: 4 * 24 * 60 }), zone: fc.constantFrom(...zones) }), { minLength: 1, maxLength: 40 }),
        (recurrence, weight, startDay, steps) => {
          const oracle = new StreakOracle(recurrence);
          let state = fold(actionableDecider, [habitCreated(recurrence, weight)]);
          let at = startDay * 86_400_000;
          let previousStreak = 0;
          for (const step of steps) {
            at += step.minutes * 60_000;
            const clock = clockAt(new Date(at), step.zone);
            expect(clock.localDate).toBe(intlLocalDate(at, step.zone));
            const expected = oracle.complete(dayNumber(clock.localDate));
            const decide = () => actionableDecider.decide({ type: 'CompleteHabit', userId, clock }, state);
            if (expected === 'refused') {
              expect(decide).toThrow(Conflict);
              continue;
            }
            const occurrence = dateOf(expected.occurrence);
            const reset = expected.streak === 1 && previousStreak > 0 ? [streakReset(occurrence, expect.any(String) as unknown as string, previousStreak)] : [];
            const events = decide();
            expect(events).toEqual([
              habitCompleted(clock, occurrence),
              ...reset,
              streakExtended(occurrence, expected.streak),
              habitAwarded(habitPoints(weight, expected.streak), expected.streak),
            ]);
            for (const event of events) state = actionableDecider.evolve(state, { ...event, occurredAt: clock.at });
            previousStreak = expected.streak;
          }
        },
      ),
      { numRuns: 300 },
    ));
});

describe("at the calendar's edges", () => {
  const KIRITIMATI = 'Pacific/Kiritimati';
  it('never counts a completion before a deadline past 9999 in the zone as late (its local date was +010000-01-01)', () => {
    // Stored before the contracts bounded instants: 9999-12-31T23:59:59Z is 10000-01-01 in +14.
    const now = clockAt(new Date('2026-03-02T10:00:00.000Z'), KIRITIMATI);
    given([createdWith({ weight: 4, deadline: '9999-12-31T23:59:59.000Z' })])
      .when({ type: 'CompleteActionable', userId, clock: now })
      .then([statusChanged('pending', 'completed'), completed(now), awarded(40)]);
  });
  it('completes a habit standing at the longest streak an event records, without going past it (it produced 1,000,001)', () => {
    const imported = recorded({
      type: 'ActionableCreated',
      data: {
        actionableId,
        userId,
        ...defaults,
        title: 'Stretch',
        isHabit: true,
        imported: { status: 'pending', completedAt: null, lastCompletedAt: '2026-03-01T17:00:00.000Z', streak: HABIT_STREAK_MAX, lastCredited: '2026-03-01' },
      },
    });
    given([imported])
      .when({ type: 'CompleteHabit', userId, clock: on('2026-03-02') })
      .then([habitCompleted(on('2026-03-02')), streakExtended('2026-03-02', HABIT_STREAK_MAX), habitAwarded(20, HABIT_STREAK_MAX)]);
    // …which its contract accepts, where one more is refused.
    expect(habitStreakExtended.safeParse(streakExtended('2026-03-02', HABIT_STREAK_MAX)).success).toBe(true);
    expect(habitStreakExtended.safeParse(streakExtended('2026-03-02', HABIT_STREAK_MAX + 1)).success).toBe(false);
  });
});
