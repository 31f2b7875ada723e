import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { createReadModelDb, type ReadModelDbHandle } from './db.ts';
import { insertRows } from './json-rows.ts';
import { migrateReadModels } from './migrate.ts';

let handle: ReadModelDbHandle;
beforeAll(async () => {
  handle = createReadModelDb(await createTestDatabase('json_rows'), 'rm', 1);
  await migrateReadModels(handle);
});
afterAll(async () => {
  await handle?.destroy();
});

const user = '00000000-0000-4000-8000-000000000001';
const activity = (n: number, title: string, points: number | null) => ({
  event_id: `00000000-0000-4000-8000-00000000010${n}`,
  user_id: user,
  type: 'created' as const,
  entity_type: 'goal',
  entity_id: `00000000-0000-4000-8000-00000000020${n}`,
  title,
  description: `Created goal "${title}"`,
  points,
  occurred_at: new Date(Date.UTC(2026, 10, 27, 12, n)),
});

it('writes every row and value as given, whatever its text, in one statement of the same text however many rows', async () => {
  const { db } = handle;
  const rows = [activity(1, 'Quotes \' " and \\ back', null), activity(2, 'Ünïcödé 🎯 \t tab', 20), activity(3, '', -5)];
  const first = insertRows(db, 'activities', rows.slice(0, 1)).compile();
  const all = insertRows(db, 'activities', rows).compile();
  expect(all.sql).toBe(first.sql);
  expect(all.parameters).toHaveLength(1);
  await insertRows(db, 'activities', rows).execute();
  const stored = await db.selectFrom('activities').selectAll().where('user_id', '=', user).orderBy('event_id').execute();
  expect(stored).toEqual(rows);
});

it('leaves rows whose columns differ to VALUES, so a column one row leaves out takes its default', async () => {
  const { db } = handle;
  const given = new Date('2026-01-01T00:00:00Z');
  const rows = [
    { name: 'given', position: '1', updated_at: given },
    { name: 'defaulted', position: '2' },
  ];
  expect(insertRows(db, 'projection_checkpoints', rows).compile().sql).toContain('values');
  await insertRows(db, 'projection_checkpoints', rows).execute();
  const stored = await db.selectFrom('projection_checkpoints').selectAll().where('name', 'in', ['given', 'defaulted']).orderBy('name').execute();
  expect(stored).toEqual([
    { name: 'defaulted', position: '2', updated_at: expect.any(Date) },
    { name: 'given', position: '1', updated_at: given },
  ]);
  expect(stored[0]!.updated_at.getTime()).toBeGreaterThan(given.getTime());
});

it('builds a shape once per schema: the same insert through a handle on another schema writes there, and each runs the text of its own', async () => {
  const other = createReadModelDb(await createTestDatabase('json_rows_other'), 'rm_other', 1);
  try {
    await migrateReadModels(other);
    const rows = [activity(4, 'Only here', 1)];
    const elsewhere = [activity(5, 'Only there', 2)];
    // The same shape, asked first of one handle then of the other (and of a transaction of each, whose connection is another Kysely).
    await insertRows(handle.db, 'activities', rows).execute();
    await other.db.transaction().execute((trx) => insertRows(trx, 'activities', elsewhere).execute());
    await handle.db.transaction().execute((trx) => insertRows(trx, 'activities', [activity(6, 'Here again', 3)]).execute());
    const titles = async (db: typeof handle.db) =>
      (await db.selectFrom('activities').select('title').where('user_id', '=', user).orderBy('event_id').execute()).map((row) => row.title);
    expect(await titles(other.db)).toEqual(['Only there']);
    expect(await titles(handle.db)).toContain('Only here');
    expect(await titles(handle.db)).toContain('Here again');
    expect(await titles(handle.db)).not.toContain('Only there');
  } finally {
    await other.destroy();
  }
});
