import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import {
  actionableCompleted,
  actionableCreated,
  actionableDeleted,
  actionableStatusChanged,
  actionableUpdated,
  actionablesImported,
  goalDeleted,
  habitCompleted,
  habitCompletionUndone,
  habitCreditsRecounted,
  habitStreakExtended,
  habitStreakReset,
  pointsAwarded,
  pointsRevoked,
  taskDeleted,
  userLoggedIn,
} from '../testing/event-factories.ts';
import { projectorSpec, type EventContext } from '../testing/projector-spec.ts';
import { actionablesProjection } from './actionables.projection.ts';
import type { Row } from '../db.ts';

const alice = randomUUID();
/** Alice, `minutes` past nine on the first of March (UTC). */
const by = (minutes: number, timezone?: string): EventContext => ({
  userId: alice,
  at: new Date(Date.UTC(2026, 2, 1, 9, minutes)).toISOString(),
  ...(timezone ? { timezone } : {}),
});
const time = (minutes: number) => new Date(by(minutes).at);

/** A row as a creation at `minutes` leaves it; `changes` say what later events did. */
const row = (id: string, minutes: number, changes: Partial<Row<'actionables'>> = {}): Row<'actionables'> => ({
  id,
  user_id: alice,
  title: 'Actionable',
  description: '',
  weight: 1,
  is_habit: false,
  active: true,
  points_to_be_awarded: 0,
  status: 'pending',
  deadline: null,
  reminder_time: null,
  recurrence: { frequency: 'daily' },
  goal_id: null,
  task_id: null,
  subtask_id: null,
  streak: 0,
  last_credited: null,
  start_date: null,
  last_completed_at: null,
  completed_at: null,
  points_awarded: 0,
  created_at: time(minutes),
  updated_at: time(minutes),
  last_status_at: null,
  ...changes,
});

const completion = (
  eventId: string,
  actionableId: string,
  minutes: number,
  changes: Partial<Row<'actionable_completions'>> = {},
): Row<'actionable_completions'> => ({
  event_id: eventId,
  actionable_id: actionableId,
  user_id: alice,
  local_date: '2026-03-01',
  timezone: 'UTC',
  occurred_at: time(minutes),
  points: 0,
  is_habit: false,
  ...changes,
});

/** A habit's standing completion as a HabitCompleted (with its award) leaves it. */
const habitCompletion = (completed: ReturnType<typeof habitCompleted>, changes: Partial<Row<'habit_completions'>> = {}): Row<'habit_completions'> => ({
  actionable_id: completed.data.actionableId,
  date: completed.data.occurrence,
  user_id: alice,
  period: completed.data.period ?? completed.data.occurrence,
  claimed_on: completed.data.localDate,
  claimed_at: new Date(completed.data.completedAt),
  claim: completed.revision.toString(),
  backfilled: completed.data.backfilled ?? false,
  points: 0,
  event_id: completed.id,
  ...changes,
});

const award = (minutes: number, actionableId: string, points: number, type: 'actionable' | 'habit' = 'actionable') =>
  pointsAwarded(by(minutes), { points, source: { type, id: actionableId }, hierarchy: { actionableId } });
const revoke = (minutes: number, actionableId: string, points: number) =>
  pointsRevoked(by(minutes), { points, source: { type: 'actionable', id: actionableId }, hierarchy: { actionableId } });

describe('actionables projection', () => {
  const given = projectorSpec(actionablesProjection);
  const id = randomUUID();
  const otherId = randomUUID();
  const goalId = randomUUID();
  const taskId = randomUUID();

  describe('a created actionable', () => {
    it('writes a pending row with its fields', () =>
      given()
        .when([
          actionableCreated(by(0), {
            actionableId: id,
            title: 'File taxes',
            description: 'Before April',
            weight: 7,
            deadline: '2026-04-01T10:00:00+02:00',
            reminderTime: '08:30',
            pointsToBeAwarded: 50,
            goalId,
            taskId,
          }),
        ])
        .then({
          actionables: [
            row(id, 0, {
              title: 'File taxes',
              description: 'Before April',
              weight: 7,
              deadline: new Date('2026-04-01T08:00:00Z'),
              reminder_time: '08:30',
              points_to_be_awarded: 50,
              goal_id: goalId,
              task_id: taskId,
            }),
          ],
          actionable_completions: [],
        }));

    it('writes a habit with its first day', () =>
      given()
        .when([actionableCreated(by(0), { actionableId: id, isHabit: true, startDate: '2026-02-20' })])
        .then({ actionables: [row(id, 0, { is_habit: true, start_date: '2026-02-20' })] }));

    it('writes a habit with its recurrence', () =>
      given()
        .when([actionableCreated(by(0), { actionableId: id, isHabit: true, recurrence: { frequency: 'weekly', days: [1, 3, 5] } })])
        .then({ actionables: [row(id, 0, { is_habit: true, recurrence: { frequency: 'weekly', days: [1, 3, 5] } })] }));

    it('writes every item of an import at once, in its order, and not again when each item’s stream begins with its copy', () => {
      const importId = randomUUID();
      const other = randomUUID();
      return (
        given()
          .when([
            actionablesImported(by(0), importId, [
              { actionableId: id, title: 'One' },
              { actionableId: other, title: 'Two', weight: 2 },
            ]),
            actionableCreated(by(0), { actionableId: id, title: 'One', importId }),
            actionableCreated(by(0), { actionableId: other, title: 'Two', weight: 2, importId }),
          ])
          // The second item counts as created a millisecond before the first: newest first is the file's order.
          .then({
            actionables: [
              row(id, 0, { title: 'One' }),
              row(other, 0, { title: 'Two', weight: 2, created_at: new Date(time(0).getTime() - 1), updated_at: new Date(time(0).getTime() - 1) }),
            ],
          })
      );
    });

    it('keeps the history an import carried, with no points', () =>
      given()
        .when([
          actionableCreated(by(0), {
            actionableId: id,
            isHabit: true,
            imported: {
              status: 'completed',
              completedAt: '2026-02-27T07:00:00.000Z',
              lastCompletedAt: '2026-02-28T07:00:00.000Z',
              streak: 12,
              lastCredited: '2026-02-28',
            },
          }),
        ])
        .then({
          actionables: [
            row(id, 0, {
              is_habit: true,
              status: 'completed',
              completed_at: new Date('2026-02-27T07:00:00Z'),
              last_completed_at: new Date('2026-02-28T07:00:00Z'),
              streak: 12,
              last_credited: '2026-02-28',
            }),
          ],
          actionable_completions: [],
        }));

    it('counts an imported completed to-do as a completion worth nothing, on the day it was done where it was imported', () => {
      const importId = randomUUID();
      const [old, habit, open] = [randomUUID(), randomUUID(), randomUUID()];
      const done = (completedAt: string, completedOn?: string) => ({
        status: 'completed' as const,
        completedAt,
        lastCompletedAt: null,
        streak: 0,
        lastCredited: null,
        ...(completedOn ? { completedOn } : {}),
      });
      const imported = actionablesImported(by(0), importId, [
        // 22:00 on 9 June 2025 in New York.
        { actionableId: id, imported: done('2025-06-10T02:00:00.000Z', '2025-06-09') },
        // Imported before the day was recorded: its UTC date.
        { actionableId: old, imported: done('2025-06-10T02:00:00.000Z') },
        { actionableId: habit, isHabit: true, imported: done('2025-06-10T02:00:00.000Z', '2025-06-09') },
        { actionableId: open },
      ]);
      return given()
        .when([{ ...imported, data: { ...imported.data, timezone: 'America/New_York' } }])
        .then({
          actionable_completions: [
            completion(id, id, 0, { local_date: '2025-06-09', timezone: 'America/New_York', occurred_at: new Date('2025-06-10T02:00:00Z') }),
            completion(old, old, 0, { local_date: '2025-06-10', occurred_at: new Date('2025-06-10T02:00:00Z') }),
          ],
        });
    });

    it('takes an imported completion back when the item is reopened', () => {
      const imported = actionablesImported(by(0), randomUUID(), [
        { actionableId: id, imported: { status: 'completed', completedAt: '2025-06-10T02:00:00.000Z', lastCompletedAt: null, streak: 0, lastCredited: null } },
      ]);
      return given([imported])
        .when([actionableStatusChanged(by(5), { actionableId: id, from: 'completed', to: 'pending' })])
        .then({ actionable_completions: [] });
    });

    it('writes one row per actionable, and ignores what is not its own', () =>
      given()
        .when([actionableCreated(by(0), { actionableId: id }), userLoggedIn(by(1)), actionableCreated(by(2), { actionableId: otherId, title: 'Other' })])
        .then({ actionables: [row(id, 0), row(otherId, 2, { title: 'Other' })] }));
  });

  describe('an updated actionable', () => {
    it('sets only the fields the update names, and updated_at', () =>
      given([actionableCreated(by(0), { actionableId: id, description: 'kept' })])
        .when([actionableUpdated(by(5), { actionableId: id, changes: { title: 'Renamed', weight: 3, recurrence: { frequency: 'monthly', dayOfMonth: 31 } } })])
        .then({
          actionables: [
            row(id, 0, { title: 'Renamed', description: 'kept', weight: 3, recurrence: { frequency: 'monthly', dayOfMonth: 31 }, updated_at: time(5) }),
          ],
        }));

    it('of several items in one batch, the same fields: each row its own values, nulls included', () =>
      given([actionableCreated(by(0), { actionableId: id, goalId }), actionableCreated(by(1), { actionableId: otherId })])
        .when([
          actionableUpdated(by(5), {
            actionableId: id,
            changes: {
              weight: 3,
              recurrence: { frequency: 'monthly', dayOfMonth: 31 },
              deadline: '2026-04-01T00:00:00.000Z',
              reminderTime: '07:00',
              goalId: null,
            },
          }),
          actionableUpdated(by(6), {
            actionableId: otherId,
            changes: { weight: 5, recurrence: { frequency: 'weekly', days: [1, 3] }, deadline: null, reminderTime: null, goalId },
          }),
        ])
        .then({
          actionables: [
            row(id, 0, {
              weight: 3,
              recurrence: { frequency: 'monthly', dayOfMonth: 31 },
              deadline: new Date('2026-04-01T00:00:00.000Z'),
              reminder_time: '07:00',
              updated_at: time(5),
            }),
            row(otherId, 1, { weight: 5, recurrence: { frequency: 'weekly', days: [1, 3] }, goal_id: goalId, updated_at: time(6) }),
          ],
        }));

    it('clears a deadline, a reminder and links set to null', () =>
      given([actionableCreated(by(0), { actionableId: id, deadline: '2026-04-01T00:00:00.000Z', reminderTime: '07:00', goalId, taskId })])
        .when([actionableUpdated(by(5), { actionableId: id, changes: { deadline: null, reminderTime: null, goalId: null, taskId: null } })])
        .then({ actionables: [row(id, 0, { updated_at: time(5) })] }));

    it('turns an actionable into a habit and back, and leaves the others alone', () =>
      given([actionableCreated(by(0), { actionableId: id }), actionableCreated(by(1), { actionableId: otherId })])
        .when([
          actionableUpdated(by(5), { actionableId: id, changes: { isHabit: true, active: false } }),
          actionableUpdated(by(6), { actionableId: id, changes: { isHabit: false } }),
        ])
        .then({ actionables: [row(id, 0, { active: false, updated_at: time(6) }), row(otherId, 1)] }));
  });

  describe('a status change', () => {
    it('records the new status and when it changed', () =>
      given([actionableCreated(by(0), { actionableId: id })])
        .when([actionableStatusChanged(by(5), { actionableId: id, from: 'pending', to: 'not-approached' })])
        .then({ actionables: [row(id, 0, { status: 'not-approached', last_status_at: time(5), updated_at: time(5) })] }));

    it('to completed keeps a habit’s last completion time', () =>
      given([
        actionableCreated(by(0), { actionableId: id, isHabit: true }),
        habitCompleted(by(3), { actionableId: id }),
        habitStreakExtended(by(3), { actionableId: id, occurrence: '2026-03-01', streak: 1 }),
      ])
        .when([actionableStatusChanged(by(5), { actionableId: id, from: 'pending', to: 'completed' })])
        .then({
          actionables: [
            row(id, 0, {
              is_habit: true,
              status: 'completed',
              completed_at: time(3),
              last_completed_at: time(3),
              last_credited: '2026-03-01',
              streak: 1,
              last_status_at: time(5),
              updated_at: time(5),
            }),
          ],
        }));

    it('away from completed forgets completed_at', () =>
      given([
        actionableCreated(by(0), {
          actionableId: id,
          imported: { status: 'completed', completedAt: time(0).toISOString(), lastCompletedAt: null, streak: 0, lastCredited: null },
        }),
      ])
        .when([actionableStatusChanged(by(5), { actionableId: id, from: 'completed', to: 'in-progress' })])
        .then({ actionables: [row(id, 0, { status: 'in-progress', last_status_at: time(5), updated_at: time(5) })] }));
  });

  describe('a completed actionable', () => {
    const completing = (minutes: number, points: number, timezone?: string) => {
      const completed = actionableCompleted(by(minutes, timezone), { actionableId: id });
      return {
        completed,
        events: [actionableStatusChanged(by(minutes), { actionableId: id, from: 'pending', to: 'completed' }), completed, award(minutes, id, points)],
      };
    };

    it('records when, its completion on the local day, and the points it earned', () => {
      const { completed, events } = completing(5, 10);
      return given([actionableCreated(by(0), { actionableId: id })])
        .when(events)
        .then({
          actionables: [row(id, 0, { status: 'completed', completed_at: time(5), last_status_at: time(5), updated_at: time(5), points_awarded: 10 })],
          actionable_completions: [completion(completed.id, id, 5, { points: 10 })],
        });
    });

    it('puts the completion on the day in the zone it happened in', () => {
      const { completed, events } = completing(5, 4, 'Pacific/Kiritimati');
      return given([actionableCreated(by(0), { actionableId: id })])
        .when(events)
        .then({ actionable_completions: [completion(completed.id, id, 5, { points: 4, local_date: '2026-03-01', timezone: 'Pacific/Kiritimati' })] });
    });

    it('reopened: its completion goes and its points are taken back; completed again: a new one', () => {
      const first = completing(5, 10);
      const second = completing(20, 5);
      return given([actionableCreated(by(0), { actionableId: id }), ...first.events])
        .when([actionableStatusChanged(by(10), { actionableId: id, from: 'completed', to: 'pending' }), revoke(10, id, 10), ...second.events])
        .then({
          actionables: [row(id, 0, { status: 'completed', completed_at: time(20), last_status_at: time(20), updated_at: time(20), points_awarded: 5 })],
          actionable_completions: [completion(second.completed.id, id, 20, { points: 5 })],
        });
    });
  });

  describe('a completed habit', () => {
    it('records the completion, the credited occurrence and the streak', () => {
      const completed = habitCompleted(by(5), { actionableId: id });
      return given([actionableCreated(by(0), { actionableId: id, isHabit: true })])
        .when([completed, habitStreakExtended(by(5), { actionableId: id, occurrence: '2026-03-01', streak: 1 }), award(5, id, 2, 'habit')])
        .then({
          actionables: [
            row(id, 0, {
              is_habit: true,
              completed_at: time(5),
              last_completed_at: time(5),
              last_credited: '2026-03-01',
              streak: 1,
              points_awarded: 2,
              updated_at: time(5),
            }),
          ],
          actionable_completions: [completion(completed.id, id, 5, { points: 2, is_habit: true })],
          habit_completions: [habitCompletion(completed, { points: 2 })],
        });
    });

    it('of several habits in one batch: each row gets its own completion, streak and points', () => {
      const [first, second] = [habitCompleted(by(5), { actionableId: id }), habitCompleted(by(6), { actionableId: otherId })];
      return given([actionableCreated(by(0), { actionableId: id, isHabit: true }), actionableCreated(by(1), { actionableId: otherId, isHabit: true })])
        .when([
          first,
          habitStreakExtended(by(5), { actionableId: id, occurrence: '2026-03-01', streak: 1 }),
          award(5, id, 2, 'habit'),
          second,
          habitStreakExtended(by(6), { actionableId: otherId, occurrence: '2026-03-01', streak: 4 }),
          award(6, otherId, 3, 'habit'),
        ])
        .then({
          actionables: [
            row(id, 0, {
              is_habit: true,
              completed_at: time(5),
              last_completed_at: time(5),
              last_credited: '2026-03-01',
              streak: 1,
              points_awarded: 2,
              updated_at: time(5),
            }),
            row(otherId, 1, {
              is_habit: true,
              completed_at: time(6),
              last_completed_at: time(6),
              last_credited: '2026-03-01',
              streak: 4,
              points_awarded: 3,
              updated_at: time(6),
            }),
          ],
          actionable_completions: [
            completion(first.id, id, 5, { points: 2, is_habit: true }),
            completion(second.id, otherId, 6, { points: 3, is_habit: true }),
          ],
          habit_completions: [habitCompletion(first, { points: 2 }), habitCompletion(second, { points: 3 })],
        });
    });

    it('restarts the streak after a reset', () => {
      const completed = habitCompleted(by(5), { actionableId: id, occurrence: '2026-03-01' });
      return given([
        actionableCreated(by(0), {
          actionableId: id,
          isHabit: true,
          imported: { status: 'pending', completedAt: null, lastCompletedAt: null, streak: 9, lastCredited: '2026-02-20' },
        }),
      ])
        .when([
          completed,
          habitStreakReset(by(5), { actionableId: id, occurrence: '2026-03-01', lastCredited: '2026-02-20', previousStreak: 9 }),
          habitStreakExtended(by(5), { actionableId: id, occurrence: '2026-03-01', streak: 1 }),
          award(5, id, 2, 'habit'),
        ])
        .then({
          actionables: [
            row(id, 0, {
              is_habit: true,
              completed_at: time(5),
              last_completed_at: time(5),
              last_credited: '2026-03-01',
              streak: 1,
              points_awarded: 2,
              updated_at: time(5),
            }),
          ],
          actionable_completions: [completion(completed.id, id, 5, { points: 2, is_habit: true })],
        });
    });

    it('keeps every completion, each with its own award, even when its status leaves completed', () => {
      const first = habitCompleted(by(5), { actionableId: id, occurrence: '2026-03-01' });
      const second = habitCompleted(by(30), { actionableId: id, localDate: '2026-03-02', occurrence: '2026-03-02' });
      return given([actionableCreated(by(0), { actionableId: id, isHabit: true }), first, award(5, id, 2, 'habit')])
        .when([
          second,
          habitStreakExtended(by(30), { actionableId: id, occurrence: '2026-03-02', streak: 2 }),
          award(30, id, 3, 'habit'),
          actionableStatusChanged(by(40), { actionableId: id, from: 'pending', to: 'completed' }),
          actionableStatusChanged(by(41), { actionableId: id, from: 'completed', to: 'pending' }),
        ])
        .then({
          actionable_completions: [
            completion(first.id, id, 5, { points: 2, is_habit: true }),
            completion(second.id, id, 30, { points: 3, is_habit: true, local_date: '2026-03-02' }),
          ],
        });
    });
  });

  describe('a habit’s completions', () => {
    const weekly3 = { frequency: 'timesPerWeek', timesPerWeek: 3, weekStartsOn: 1 } as const;

    it('are kept in claim order with the day credited, its period, the day claimed and what each earned', () => {
      const first = habitCompleted(by(5), { actionableId: id, occurrence: '2026-03-01' });
      const second = habitCompleted(by(30), { actionableId: id, localDate: '2026-03-02', occurrence: '2026-03-02' });
      return given([actionableCreated(by(0), { actionableId: id, isHabit: true })])
        .when([
          first,
          habitStreakExtended(by(5), { actionableId: id, occurrence: '2026-03-01', streak: 1 }),
          award(5, id, 10, 'habit'),
          second,
          habitStreakExtended(by(30), { actionableId: id, occurrence: '2026-03-02', streak: 2 }),
          award(30, id, 11, 'habit'),
        ])
        .then({ habit_completions: [habitCompletion(first, { points: 10 }), habitCompletion(second, { points: 11 })] });
    });

    it('of N per week: a completion short of the week leaves the last met period; the streak event moves it to the week', () => {
      const created = actionableCreated(by(0), { actionableId: id, isHabit: true, recurrence: weekly3, startDate: '2026-02-16' });
      const lastWeek = habitStreakExtended(by(1), { actionableId: id, occurrence: '2026-02-16', streak: 1 });
      const monday = habitCompleted(by(2), { actionableId: id, occurrence: '2026-02-23', localDate: '2026-02-23', period: '2026-02-23' });
      return given([created, lastWeek])
        .when([monday, award(2, id, 20, 'habit')])
        .then({
          actionables: [
            row(id, 0, {
              is_habit: true,
              recurrence: weekly3,
              start_date: '2026-02-16',
              streak: 1,
              last_credited: '2026-02-16',
              completed_at: time(2),
              last_completed_at: time(2),
              points_awarded: 20,
              updated_at: time(2),
            }),
          ],
          habit_completions: [habitCompletion(monday, { points: 20 })],
        });
    });

    it('of N per week: the completion that meets the week moves last_credited to the week’s first day', () => {
      const created = actionableCreated(by(0), { actionableId: id, isHabit: true, recurrence: { ...weekly3, timesPerWeek: 1 } });
      const monday = habitCompleted(by(2), { actionableId: id, occurrence: '2026-02-25', localDate: '2026-02-25', period: '2026-02-23' });
      return given([created])
        .when([monday, habitStreakExtended(by(2), { actionableId: id, occurrence: '2026-02-23', streak: 1 }), award(2, id, 10, 'habit')])
        .then({
          actionables: [
            row(id, 0, {
              is_habit: true,
              recurrence: { ...weekly3, timesPerWeek: 1 },
              streak: 1,
              last_credited: '2026-02-23',
              completed_at: time(2),
              last_completed_at: time(2),
              points_awarded: 10,
              updated_at: time(2),
            }),
          ],
          habit_completions: [habitCompletion(monday, { points: 10 })],
        });
    });

    it('a backfill: recorded as such, and the habit stands where its recount says', () => {
      const today = habitCompleted(by(5), { actionableId: id, occurrence: '2026-03-01' });
      const yesterday = habitCompleted(by(6), { actionableId: id, occurrence: '2026-02-28', backfilled: true });
      return given([
        actionableCreated(by(0), { actionableId: id, isHabit: true, startDate: '2026-02-27' }),
        today,
        habitStreakExtended(by(5), { actionableId: id, occurrence: '2026-03-01', streak: 1 }),
        award(5, id, 10, 'habit'),
      ])
        .when([
          yesterday,
          habitCreditsRecounted(by(6), {
            actionableId: id,
            recounted: [
              { occurrence: '2026-02-28', streak: 1 },
              { occurrence: '2026-03-01', streak: 2 },
            ],
            previous: [{ occurrence: '2026-03-01', streak: 1 }],
            current: { lastCredited: '2026-03-01', streak: 2 },
          }),
          award(6, id, 6, 'habit'),
        ])
        .then({
          actionables: [
            row(id, 0, {
              is_habit: true,
              start_date: '2026-02-27',
              streak: 2,
              last_credited: '2026-03-01',
              completed_at: time(6),
              last_completed_at: time(6),
              points_awarded: 16,
              updated_at: time(6),
            }),
          ],
          habit_completions: [habitCompletion(today, { points: 10 }), habitCompletion(yesterday, { points: 6, backfilled: true })],
          actionable_completions: [completion(today.id, id, 5, { points: 10, is_habit: true }), completion(yesterday.id, id, 6, { points: 6, is_habit: true })],
        });
    });

    it('taken back: its completion goes from both tables, the streak and the last completion are as before, its points revoked', () => {
      const first = habitCompleted(by(5), { actionableId: id, occurrence: '2026-03-01' });
      const second = habitCompleted(by(30), { actionableId: id, localDate: '2026-03-02', occurrence: '2026-03-02' });
      return given([
        actionableCreated(by(0), { actionableId: id, isHabit: true }),
        first,
        habitStreakExtended(by(5), { actionableId: id, occurrence: '2026-03-01', streak: 1 }),
        award(5, id, 10, 'habit'),
        second,
        habitStreakExtended(by(30), { actionableId: id, occurrence: '2026-03-02', streak: 2 }),
        award(30, id, 11, 'habit'),
      ])
        .when([
          habitCompletionUndone(by(31), {
            actionableId: id,
            occurrence: '2026-03-02',
            current: { lastCredited: '2026-03-01', streak: 1 },
            lastCompletedAt: by(5).at,
          }),
          revoke(31, id, 11),
        ])
        .then({
          actionables: [
            row(id, 0, {
              is_habit: true,
              streak: 1,
              last_credited: '2026-03-01',
              completed_at: time(5),
              last_completed_at: time(5),
              points_awarded: 10,
              updated_at: time(31),
            }),
          ],
          habit_completions: [habitCompletion(first, { points: 10 })],
          actionable_completions: [completion(first.id, id, 5, { points: 10, is_habit: true })],
        });
    });

    it('taken back in the batch that claimed it, and claimed again: the new claim stands', () => {
      const first = habitCompleted(by(5), { actionableId: id, occurrence: '2026-03-01' });
      const again = habitCompleted(by(7), { actionableId: id, occurrence: '2026-03-01' });
      return given([actionableCreated(by(0), { actionableId: id, isHabit: true })])
        .when([
          first,
          habitStreakExtended(by(5), { actionableId: id, occurrence: '2026-03-01', streak: 1 }),
          award(5, id, 10, 'habit'),
          habitCompletionUndone(by(6), { actionableId: id, occurrence: '2026-03-01', current: { lastCredited: null, streak: 0 } }),
          revoke(6, id, 10),
          again,
          habitStreakExtended(by(7), { actionableId: id, occurrence: '2026-03-01', streak: 1 }),
          award(7, id, 10, 'habit'),
        ])
        .then({
          habit_completions: [habitCompletion(again, { points: 10 })],
          actionable_completions: [completion(again.id, id, 7, { points: 10, is_habit: true })],
        });
    });

    it('go with their habit when it is deleted (its actionable_completions stay, as history)', () => {
      const completed = habitCompleted(by(5), { actionableId: id });
      return given([actionableCreated(by(0), { actionableId: id, isHabit: true }), completed, award(5, id, 10, 'habit')])
        .when([actionableDeleted(by(6), { actionableId: id })])
        .then({ habit_completions: [], actionable_completions: [completion(completed.id, id, 5, { points: 10, is_habit: true })] });
    });
  });

  describe('points', () => {
    it('net: awards less revocations that name the item', () =>
      given([actionableCreated(by(0), { actionableId: id })])
        .when([award(1, id, 10), revoke(2, id, 10), award(3, id, 7)])
        .then({ actionables: [row(id, 0, { points_awarded: 7 })] }));

    it('ignore awards that name another item or none', () =>
      given([actionableCreated(by(0), { actionableId: id }), actionableCreated(by(1), { actionableId: otherId })])
        .when([award(2, otherId, 4), pointsAwarded(by(3), { points: 9, source: { type: 'goal', id: goalId }, hierarchy: { goalId } })])
        .then({ actionables: [row(id, 0), row(otherId, 1, { points_awarded: 4 })] }));

    it('count awards that name the item beside a goal', () =>
      given([actionableCreated(by(0), { actionableId: id, goalId })])
        .when([pointsAwarded(by(2), { points: 6, source: { type: 'actionable', id }, hierarchy: { goalId, actionableId: id } })])
        .then({ actionables: [row(id, 0, { goal_id: goalId, points_awarded: 6 })] }));
  });

  describe('a deleted actionable', () => {
    it('leaves no row', () =>
      given([actionableCreated(by(0), { actionableId: id }), actionableUpdated(by(1), { actionableId: id, changes: { title: 'x' } })])
        .when([actionableDeleted(by(5), { actionableId: id })])
        .then({ actionables: [] }));

    it('leaves the others, and its completions stay as history', () => {
      const completed = habitCompleted(by(2), { actionableId: id });
      return given([
        actionableCreated(by(0), { actionableId: id, isHabit: true }),
        actionableCreated(by(1), { actionableId: otherId }),
        completed,
        award(2, id, 2, 'habit'),
      ])
        .when([actionableDeleted(by(5), { actionableId: id })])
        .then({ actionables: [row(otherId, 1)], actionable_completions: [completion(completed.id, id, 2, { points: 2, is_habit: true })] });
    });

    it('keeps its link when its goal or task is deleted (unlinking is a reactor’s)', () =>
      given([actionableCreated(by(0), { actionableId: id, goalId, taskId })])
        .when([goalDeleted(by(5), { goalId }), taskDeleted(by(5), { taskId })])
        .then({ actionables: [row(id, 0, { goal_id: goalId, task_id: taskId })] }));
  });
});
