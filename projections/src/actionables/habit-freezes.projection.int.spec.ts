import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { habitFreezeCancelled, habitsFrozen } from '../testing/event-factories.ts';
import { projectorSpec, type EventContext } from '../testing/projector-spec.ts';
import type { Row } from '../db.ts';
import { habitFreezesProjection } from './habit-freezes.projection.ts';

const alice = randomUUID();
const bob = randomUUID();
const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, 9, minutes)).toISOString();
const by = (userId: string, minutes: number): EventContext => ({ userId, at: at(minutes) });

const freeze = (id: string, userId: string, minutes: number, changes: Partial<Row<'habit_freezes'>> = {}): Row<'habit_freezes'> => ({
  id,
  user_id: userId,
  habit_id: null,
  from_date: '2026-03-10',
  to_date: '2026-03-14',
  created_at: new Date(at(minutes)),
  ...changes,
});

describe('habit freezes projection', () => {
  const given = projectorSpec(habitFreezesProjection);
  const first = randomUUID();
  const second = randomUUID();
  const habitId = randomUUID();

  it('records a freeze of all habits and one of a single habit, each user’s their own', () =>
    given()
      .when([
        habitsFrozen(by(alice, 1), { freezeId: first, from: '2026-03-10', to: '2026-03-14' }),
        habitsFrozen(by(bob, 2), { freezeId: second, habitId, from: '2026-03-20', to: '2026-03-20' }),
      ])
      .then({
        habit_freezes: [freeze(first, alice, 1), freeze(second, bob, 2, { habit_id: habitId, from_date: '2026-03-20', to_date: '2026-03-20' })],
      }));

  it('forgets a cancelled freeze and keeps the others', () =>
    given([
      habitsFrozen(by(alice, 1), { freezeId: first, from: '2026-03-10', to: '2026-03-14' }),
      habitsFrozen(by(alice, 2), { freezeId: second, habitId, from: '2026-03-20', to: '2026-03-21' }),
    ])
      .when([habitFreezeCancelled(by(alice, 3), { freezeId: first })])
      .then({ habit_freezes: [freeze(second, alice, 2, { habit_id: habitId, from_date: '2026-03-20', to_date: '2026-03-21' })] }));

  it('a cancellation of a freeze it never saw changes nothing', () =>
    given([habitsFrozen(by(alice, 1), { freezeId: first, from: '2026-03-10', to: '2026-03-14' })])
      .when([habitFreezeCancelled(by(alice, 3), { freezeId: randomUUID() })])
      .then({ habit_freezes: [freeze(first, alice, 1)] }));
});
