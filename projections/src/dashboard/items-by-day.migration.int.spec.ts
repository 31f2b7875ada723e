import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { createReadModelDb, type ReadModelDbHandle } from '../db.ts';
import { allProjectors } from '../features.ts';
import { migrateReadModels } from '../migrate.ts';
import { handlesEvent, type ProjectedEvent } from '../projector.ts';
import {
  actionableCompleted,
  actionableCreated,
  actionableStatusChanged,
  goalCreated,
  goalStatusChanged,
  habitCompleted,
  userRegistered,
} from '../testing/event-factories.ts';
import type { EventContext } from '../testing/projector-spec.ts';
import { actionablesInRangeWithSummary, dashboardSummary, goalsInRange } from './dashboard.queries.ts';

const AGGREGATES = '2026-11-23-0008_dashboard_aggregates';

let readModels: ReadModelDbHandle;
/** The same database's read models at today's schema: today's projectors write there, and the old schema takes its rows. */
let current: ReadModelDbHandle;
beforeAll(async () => {
  const url = await createTestDatabase('items_by_day_migration');
  readModels = createReadModelDb(url, 'rm', 2);
  current = createReadModelDb(url, 'rm_now', 2);
});
afterAll(async () => {
  await readModels?.destroy();
  await current?.destroy();
});

/**
 * Rows as the schema before a migration held them: today's projectors write to today's schema, and
 * each table the old schema has takes those rows in the columns it has (a later migration's columns,
 * such as a habit's start_date, stay behind).
 */
const copyIntoOldSchema = async (): Promise<void> => {
  const { rows } = await sql<{ table_name: string; columns: string[] }>`
    SELECT c.table_name, array_agg(c.column_name::text ORDER BY c.ordinal_position) AS columns
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema = ${readModels.schema} AND c.table_name NOT LIKE 'kysely%'
    GROUP BY c.table_name`.execute(current.db);
  for (const { table_name: table, columns } of rows) {
    const list = sql.join(columns.map((column) => sql.id(column)));
    await sql`INSERT INTO ${sql.id(readModels.schema, table)} (${list}) SELECT ${list} FROM ${sql.id(current.schema, table)}`.execute(current.db);
  }
};

it('sums the goals, actionables and completions a read model already holds when it lands', async () => {
  // The schema as it was before the per-day sums.
  await migrateReadModels(readModels, { before: AGGREGATES });

  const userId = randomUUID();
  const at = (instant: string): EventContext => ({ userId, at: instant, timezone: 'Asia/Tokyo' });
  const [goalId, todo, habit] = [randomUUID(), randomUUID(), randomUUID()];
  const events: ProjectedEvent[] = [
    userRegistered(at('2026-02-01T00:00:00.000Z'), { timezone: 'Asia/Tokyo' }),
    // 1 March 23:30 in Tokyo, due on the 3rd there, completed on the 2nd.
    goalCreated(at('2026-03-01T14:30:00.000Z'), { goalId, dueDate: '2026-03-03T01:00:00.000Z' }),
    goalStatusChanged(at('2026-03-02T01:00:00.000Z'), { goalId, from: 'pending', to: 'completed' }),
    actionableCreated(at('2026-03-01T01:00:00.000Z'), { actionableId: todo, deadline: '2026-03-04T01:00:00.000Z' }),
    actionableStatusChanged(at('2026-03-02T01:00:00.000Z'), { actionableId: todo, from: 'pending', to: 'completed' }),
    actionableCompleted(at('2026-03-02T01:00:00.000Z'), { actionableId: todo }),
    actionableCreated(at('2026-02-01T01:00:00.000Z'), { actionableId: habit, isHabit: true }),
    habitCompleted(at('2026-03-03T01:00:00.000Z'), { actionableId: habit }),
  ];
  await migrateReadModels(current);
  await current.db.transaction().execute(async (trx) => {
    for (const projector of allProjectors) {
      const handled = events.filter((event) => handlesEvent(projector, event.type));
      for (const event of handled) await projector.apply(trx, event as never);
    }
  });
  await copyIntoOldSchema();

  expect(await migrateReadModels(readModels)).toContain(AGGREGATES);
  const zones = await readModels.db.selectFrom('goals_by_day').select('timezone').distinct().where('user_id', '=', userId).execute();
  expect(zones).toEqual([{ timezone: 'Asia/Tokyo' }]);
  for (const [startDate, endDate] of [
    ['2026-03-01', '2026-03-01'],
    ['2026-03-02', '2026-03-03'],
    ['2026-03-03', '2026-03-04'],
    ['2026-02-01', '2026-03-31'],
  ] as const) {
    const range = { startDate, endDate, timezone: 'Asia/Tokyo' };
    const summary = await dashboardSummary(readModels.db, userId, range);
    const goals = await goalsInRange(readModels.db, userId, range);
    const actionables = await actionablesInRangeWithSummary(readModels.db, userId, endDate, range);
    expect({ goals: summary.goalsCount, actionables: summary.actionablesCount }, `${startDate}..${endDate}`).toEqual({
      goals: goals.goals.length,
      actionables: actionables.actionables.length,
    });
  }
  expect((await dashboardSummary(readModels.db, userId, { startDate: '2026-03-01', endDate: '2026-03-31', timezone: 'Asia/Tokyo' })).completedCount).toBe(3);
});
