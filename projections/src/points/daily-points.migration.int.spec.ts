import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { createReadModelDb, type NewRow, type ReadModelDbHandle } from '../db.ts';
import { migrateReadModels } from '../migrate.ts';

const DASHBOARD = '2026-11-23-0007_dashboard';

let readModels: ReadModelDbHandle;
beforeAll(async () => {
  readModels = createReadModelDb(await createTestDatabase('daily_points_migration'), 'rm', 2);
});
afterAll(async () => {
  await readModels?.destroy();
});

it('sums the ledger a read model already holds into daily_points when it lands', async () => {
  // The schema as it was before the dashboard's migration.
  await migrateReadModels(readModels, { before: DASHBOARD });

  const [alice, bob] = [randomUUID(), randomUUID()];
  const row = (userId: string, localDate: string, points: number): NewRow<'points_ledger'> => ({
    event_id: randomUUID(),
    user_id: userId,
    points,
    kind: points > 0 ? 'award' : 'revoke',
    reason: 'Completed',
    title: 'Item',
    source_type: 'goal',
    source_id: randomUUID(),
    goal_id: null,
    task_id: null,
    subtask_id: null,
    actionable_id: null,
    rules_version: points > 0 ? 1 : null,
    occurred_at: `${localDate}T12:00:00.000Z`,
    local_date: localDate,
  });
  await readModels.db
    .insertInto('points_ledger')
    .values([row(alice, '2026-03-01', 10), row(alice, '2026-03-01', 5), row(alice, '2026-03-01', -10), row(alice, '2026-03-02', 7), row(bob, '2026-03-01', 3)])
    .execute();

  expect(await migrateReadModels(readModels)).toContain(DASHBOARD);
  const days = await readModels.db.selectFrom('daily_points').selectAll().orderBy('user_id').orderBy('local_date').execute();
  expect(days.filter((day) => day.user_id === alice)).toEqual([
    { user_id: alice, local_date: '2026-03-01', points: 5, count: 3 },
    { user_id: alice, local_date: '2026-03-02', points: 7, count: 1 },
  ]);
  expect(days.filter((day) => day.user_id === bob)).toEqual([{ user_id: bob, local_date: '2026-03-01', points: 3, count: 1 }]);
});
