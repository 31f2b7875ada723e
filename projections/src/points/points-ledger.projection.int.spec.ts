import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { goalStatusChanged, pointsAwarded, pointsRevoked, subtaskCompleted, userLoggedIn } from '../testing/event-factories.ts';
import { projectorSpec, type EventContext } from '../testing/projector-spec.ts';
import { pointsLedgerProjection } from './points-ledger.projection.ts';
import type { Row } from '../db.ts';

const given = projectorSpec(pointsLedgerProjection);

const alice = randomUUID();
const bob = randomUUID();
const goalId = randomUUID();
const taskId = randomUUID();
const subtaskId = randomUUID();
/** Alice in Paris, where 23:30 UTC on the 1st of March is already the 2nd. */
const paris = (at: string): EventContext => ({ userId: alice, at, timezone: 'Europe/Paris', localDate: '2026-03-02' });
const morning = '2026-03-01T09:00:00.000Z';
const evening = '2026-03-01T23:30:00.000Z';

const subtaskSource = { type: 'subtask', id: subtaskId } as const;
const hierarchy = { goalId, taskId, subtaskId };

const ledgerRow = (award: { event: { id: string }; at: string }, changes: Partial<Row<'points_ledger'>>): Row<'points_ledger'> => ({
  event_id: award.event.id,
  user_id: alice,
  points: 10,
  kind: 'award',
  reason: 'Completed',
  title: 'Item',
  source_type: 'subtask',
  source_id: subtaskId,
  goal_id: goalId,
  task_id: taskId,
  subtask_id: subtaskId,
  actionable_id: null,
  rules_version: 1,
  occurred_at: new Date(award.at),
  local_date: '2026-03-02',
  ...changes,
});
const total = (userId: string, points: number, at: string): Row<'user_points'> => ({ user_id: userId, total: points, updated_at: new Date(at) });
const daily = (userId: string, localDate: string, points: number, count: number): Row<'daily_points'> => ({
  user_id: userId,
  local_date: localDate,
  points,
  count,
});

describe('points ledger projection', () => {
  describe('an award', () => {
    const award = pointsAwarded(paris(evening), { points: 12, source: subtaskSource, hierarchy, title: 'Buy shoes', reason: 'Subtask completed' });

    it('writes a ledger row with its source, hierarchy, rules version and the local date it was recorded with', () =>
      given()
        .when([award])
        .then({
          points_ledger: [ledgerRow({ event: award, at: evening }, { points: 12, title: 'Buy shoes', reason: 'Subtask completed' })],
          user_points: [total(alice, 12, evening)],
        }));

    it('leaves the hierarchy it does not name empty', () => {
      const goalAward = pointsAwarded(paris(evening), { points: 50, source: { type: 'goal', id: goalId }, hierarchy: { goalId } });
      return given()
        .when([goalAward])
        .then({
          points_ledger: [
            ledgerRow({ event: goalAward, at: evening }, { points: 50, source_type: 'goal', source_id: goalId, task_id: null, subtask_id: null }),
          ],
        });
    });

    it('adds up per user', () => {
      const second = pointsAwarded(paris(evening), { points: 5, source: subtaskSource, hierarchy });
      const bobs = pointsAwarded({ userId: bob, at: morning }, { points: 7, source: subtaskSource, hierarchy });
      return given([award])
        .when([second, bobs])
        .then({ user_points: [total(alice, 17, evening), total(bob, 7, morning)] });
    });
  });

  describe('the local date of an entry', () => {
    it('is the one the event recorded, whatever the zone says', () => {
      const award = pointsAwarded(
        { userId: alice, at: morning, timezone: 'Pacific/Kiritimati', localDate: '2026-02-28' },
        { points: 10, source: subtaskSource, hierarchy },
      );
      return given()
        .when([award])
        .then({ points_ledger: [ledgerRow({ event: award, at: morning }, { local_date: '2026-02-28' })] });
    });

    it('is computed in the recorded zone when no date was recorded', () => {
      const award = pointsAwarded({ userId: alice, at: evening, timezone: 'Asia/Tokyo' }, { points: 10, source: subtaskSource, hierarchy });
      return given()
        .when([award])
        .then({ points_ledger: [ledgerRow({ event: award, at: evening }, { local_date: '2026-03-02' })] });
    });

    it('falls back to UTC when neither was recorded', () => {
      const award = pointsAwarded({ userId: alice, at: evening }, { points: 10, source: subtaskSource, hierarchy });
      return given()
        .when([award])
        .then({ points_ledger: [ledgerRow({ event: award, at: evening }, { local_date: '2026-03-01' })] });
    });
  });

  describe('a revocation', () => {
    const award = pointsAwarded(paris(morning), { points: 12, source: subtaskSource, hierarchy });
    const revocation = pointsRevoked(paris(evening), { points: 12, source: subtaskSource, hierarchy, reason: 'Subtask reopened' });

    it('writes a negative entry with no rules version and takes the points back from the total', () =>
      given([award])
        .when([revocation])
        .then({
          points_ledger: [
            ledgerRow({ event: award, at: morning }, { points: 12 }),
            ledgerRow({ event: revocation, at: evening }, { points: -12, kind: 'revoke', reason: 'Subtask reopened', rules_version: null }),
          ],
          user_points: [total(alice, 0, evening)],
        }));

    it('starts the total of a user it has not seen yet, below zero if it must', () =>
      given()
        .when([revocation])
        .then({ user_points: [total(alice, -12, evening)] }));

    it("leaves other users' totals alone", () => {
      const bobs = pointsAwarded({ userId: bob, at: morning }, { points: 3, source: subtaskSource, hierarchy });
      return given([award, bobs])
        .when([revocation])
        .then({ user_points: [total(alice, 0, evening), total(bob, 3, morning)] });
    });
  });

  describe('points per local day', () => {
    const at = (localDate: string, userId = alice): EventContext => ({ userId, at: evening, timezone: 'Europe/Paris', localDate });

    it('starts a day with its first award and adds the next ones to it', () =>
      given()
        .when([
          pointsAwarded(at('2026-03-02'), { points: 12, source: subtaskSource, hierarchy }),
          pointsAwarded(at('2026-03-02'), { points: 30, source: { type: 'goal', id: goalId }, hierarchy: { goalId } }),
        ])
        .then({ daily_points: [daily(alice, '2026-03-02', 42, 2)] }));

    it('counts on the local date each entry recorded, one row per day', () =>
      given([pointsAwarded(at('2026-03-01'), { points: 5, source: subtaskSource, hierarchy })])
        .when([pointsAwarded(at('2026-03-03'), { points: 7, source: subtaskSource, hierarchy })])
        .then({ daily_points: [daily(alice, '2026-03-01', 5, 1), daily(alice, '2026-03-03', 7, 1)] }));

    it('takes a revocation off the day it was recorded on and still counts it as an entry', () =>
      given([pointsAwarded(at('2026-03-01'), { points: 12, source: subtaskSource, hierarchy })])
        .when([pointsRevoked(at('2026-03-02'), { points: 12, source: subtaskSource, hierarchy })])
        .then({ daily_points: [daily(alice, '2026-03-01', 12, 1), daily(alice, '2026-03-02', -12, 1)] }));

    it('nets an award and its revocation on the same day to zero points, two entries', () =>
      given([pointsAwarded(at('2026-03-01'), { points: 12, source: subtaskSource, hierarchy })])
        .when([pointsRevoked(at('2026-03-01'), { points: 12, source: subtaskSource, hierarchy })])
        .then({ daily_points: [daily(alice, '2026-03-01', 0, 2)] }));

    it("keeps each user's days apart", () =>
      given([pointsAwarded(at('2026-03-01'), { points: 4, source: subtaskSource, hierarchy })])
        .when([pointsAwarded(at('2026-03-02', bob), { points: 9, source: subtaskSource, hierarchy })])
        .then({ daily_points: [daily(alice, '2026-03-01', 4, 1), daily(bob, '2026-03-02', 9, 1)] }));

    it('writes nothing for what is not points', () =>
      given()
        .when([userLoggedIn(paris(morning)), subtaskCompleted(paris(morning), { subtaskId })])
        .then({ daily_points: [] }));
  });

  describe('what it does not count', () => {
    it('ignores completions themselves: their points events tell', () =>
      given()
        .when([goalStatusChanged(paris(morning), { goalId, from: 'in-progress', to: 'completed' }), subtaskCompleted(paris(morning), { subtaskId })])
        .then({ points_ledger: [], user_points: [] }));

    it('ignores everything else a user does', () =>
      given()
        .when([userLoggedIn(paris(morning))])
        .then({ points_ledger: [], user_points: [] }));

    it('refuses the same award twice rather than count it twice', () => {
      const award = pointsAwarded(paris(morning), { points: 12, source: subtaskSource, hierarchy });
      return given([award])
        .when([award])
        .thenFails(/duplicate key/);
    });
  });
});
