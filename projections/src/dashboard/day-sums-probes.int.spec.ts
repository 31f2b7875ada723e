import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { createReadModelDb, type ReadModelDbHandle } from '../db.ts';
import { allProjectors } from '../features.ts';
import { migrateReadModels } from '../migrate.ts';
import { handlesEvent, type ProjectedEvent } from '../projector.ts';
import { actionableCreated, goalCreated, goalStatusChanged, habitCompleted, userRegistered } from '../testing/event-factories.ts';
import type { EventContext } from '../testing/projector-spec.ts';

// A write's day-count trigger reads the sums of the user it writes for, not every user's: what a
// completion costs must not grow with how many people use the product (migration 0022).

const SUMS = ['goals_by_day', 'tasks_by_day', 'subtasks_by_day', 'actionables_by_day'] as const;
const OTHER_USERS = 400;
const DAYS_EACH = 20;

let readModels: ReadModelDbHandle;
beforeAll(async () => {
  const url = await createTestDatabase('day_sums_probes');
  readModels = createReadModelDb(url, 'rm', 2);
  await migrateReadModels(readModels);
  // Other people's histories: 8,000 rows in each sums table.
  for (const table of SUMS) {
    await sql`INSERT INTO ${sql.id('rm', table)} (user_id, timezone, from_date, to_date, items, completed)
      SELECT u.id, 'UTC', d::date, d::date, 1, 1
      FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, ${OTHER_USERS})) u,
           generate_series(date '2026-01-01', date '2026-01-01' + ${DAYS_EACH - 1}::int, interval '1 day') AS d`.execute(readModels.db);
    await sql`ANALYZE ${sql.id('rm', table)}`.execute(readModels.db);
  }
});
afterAll(() => readModels?.destroy());

it("reads only the writing user's day sums when an item is created, completed and its habit ticked", async () => {
  const userId = randomUUID();
  const at = (instant: string): EventContext => ({ userId, at: instant, timezone: 'Europe/Paris' });
  const [goalId, habit] = [randomUUID(), randomUUID()];
  const events: ProjectedEvent[] = [
    userRegistered(at('2026-02-01T00:00:00.000Z'), { timezone: 'Europe/Paris' }),
    goalCreated(at('2026-03-01T10:00:00.000Z'), { goalId, dueDate: '2026-03-04T12:00:00.000Z' }),
    actionableCreated(at('2026-03-01T10:00:00.000Z'), { actionableId: habit, isHabit: true }),
  ];
  const later: ProjectedEvent[] = [
    goalStatusChanged(at('2026-03-02T08:00:00.000Z'), { goalId, from: 'pending', to: 'completed' }),
    habitCompleted(at('2026-03-02T08:00:00.000Z'), { actionableId: habit }),
    habitCompleted(at('2026-03-03T08:00:00.000Z'), { actionableId: habit }),
  ];
  const apply = (batch: ProjectedEvent[]) =>
    readModels.db.transaction().execute(async (trx) => {
      // The session's scans not yet reported (pg_stat_xact_*, before commit and a moment after): the batch's are the difference.
      const scans = async () =>
        new Map(
          (
            await sql<{ relname: string; seq_tup_read: string }>`
              SELECT relname, seq_tup_read FROM pg_stat_xact_user_tables WHERE schemaname = 'rm' AND relname IN (${sql.join([...SUMS])})`.execute(trx)
          ).rows.map((row) => [row.relname, Number(row.seq_tup_read)]),
        );
      const before = await scans();
      for (const projector of allProjectors) {
        for (const event of batch.filter((e) => handlesEvent(projector, e.type))) await projector.apply(trx, event as never);
      }
      return Object.fromEntries([...(await scans())].map(([table, read]) => [table, read - (before.get(table) ?? 0)]));
    });

  // The first batch plans each trigger's statements (PL/pgSQL keeps the plans for the session).
  await apply(events);
  const rowsScanned = await apply(later);
  expect(Object.entries(rowsScanned).filter(([, read]) => read > 0)).toEqual([]);

  // And the sums are the user's: the goal counted over its days, the habit over its run.
  const goals = await readModels.db
    .selectFrom('goals_by_day')
    .select(['from_date', 'to_date', 'items', 'completed'])
    .where('user_id', '=', userId)
    .orderBy('from_date')
    .orderBy('to_date')
    .execute();
  expect(goals).toEqual([
    { from_date: '2026-03-01', to_date: '2026-03-01', items: 1, completed: 0 },
    { from_date: '2026-03-01', to_date: '2026-03-02', items: -1, completed: 0 },
    { from_date: '2026-03-02', to_date: '2026-03-02', items: 1, completed: 1 },
    { from_date: '2026-03-02', to_date: '2026-03-04', items: -1, completed: 0 },
    { from_date: '2026-03-04', to_date: '2026-03-04', items: 1, completed: 0 },
  ]);
});
