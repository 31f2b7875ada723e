import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { createReadModelDb, ONE_TEXT, prepared, preparedRead, type ReadModelDbHandle } from './db.ts';
import { migrateReadModels } from './migrate.ts';

let handle: ReadModelDbHandle;
beforeAll(async () => {
  // One connection: what one statement prepared, the next sees.
  handle = createReadModelDb(await createTestDatabase('prepared_queries'), 'rm', 1);
  await migrateReadModels(handle);
});
afterAll(async () => {
  await handle?.destroy();
});

const preparedStatements = async () =>
  (await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements ORDER BY name`.execute(handle.db)).rows;

it('runs a prepared query as one named statement per connection, with the values of each call', async () => {
  const { db } = handle;
  await db
    .insertInto('projection_checkpoints')
    .values([
      { name: 'first', position: '1' },
      { name: 'second', position: '2' },
    ])
    .execute();
  const checkpoint = (name: string) => db.selectFrom('projection_checkpoints').select(['name', 'position']).where('name', '=', name);
  expect(await preparedStatements()).toEqual([]);

  expect(await prepared(db, 'checkpoint', checkpoint('first'))).toEqual([{ name: 'first', position: '1' }]);
  expect(await prepared(db, 'checkpoint', checkpoint('second'))).toEqual([{ name: 'second', position: '2' }]);
  expect(await prepared(db, 'checkpoint', checkpoint('none'))).toEqual([]);
  const statements = await preparedStatements();
  expect(statements).toHaveLength(1);
  expect(statements[0]!.name).toMatch(/^rm_checkpoint_\d+$/);
  expect(statements[0]!.statement).toBe(checkpoint('first').compile().sql);

  // Other queries are not kept.
  await checkpoint('first').execute();
  expect(await preparedStatements()).toHaveLength(1);
});

it('prepares a query again when a newer migration changed the columns it reads (a rolling upgrade)', async () => {
  const { db } = handle;
  const all = () => db.selectFrom('projection_checkpoints').selectAll().where('name', '=', 'first');
  expect(await prepared(db, 'all_columns', all())).toHaveLength(1);
  await sql`ALTER TABLE rm.projection_checkpoints ADD COLUMN added_later integer NOT NULL DEFAULT 7`.execute(db);
  expect(await prepared(db, 'all_columns', all())).toEqual([expect.objectContaining({ name: 'first', added_later: 7 })]);
  expect(await prepared(db, 'all_columns', all())).toHaveLength(1);
});

it('builds a prepared read once and runs it with the values of each call, constants kept', async () => {
  const { db } = handle;
  let builds = 0;
  const positionsBetween = preparedRead('positions_between', (db, { from, to }: { from: string; to: string }) => {
    builds++;
    return db
      .selectFrom('projection_checkpoints')
      .select(['name', 'position'])
      .where('name', 'in', ['first', 'second', 'none'])
      .where('position', '>=', from)
      .where('position', '<=', to)
      .orderBy('name');
  });
  expect(await positionsBetween(db, { from: '1', to: '1' })).toEqual([{ name: 'first', position: '1' }]);
  expect(await positionsBetween(db, { from: '1', to: '2' })).toEqual([
    { name: 'first', position: '1' },
    { name: 'second', position: '2' },
  ]);
  expect(await positionsBetween(db, { from: '2', to: '9' })).toEqual([{ name: 'second', position: '2' }]);
  expect(builds).toBe(1);
  expect((await preparedStatements()).filter(({ name }) => name.startsWith('rm_positions_between_'))).toHaveLength(1);
});

it('refuses a prepared read whose query computes with a value, or leaves one out', async () => {
  const { db } = handle;
  const computed = preparedRead('computed', (db, { name }: { name: string }) =>
    db.selectFrom('projection_checkpoints').select('name').where('name', '=', `${name}!`),
  );
  await expect(computed(db, { name: 'first' })).rejects.toThrow(/computed from a placeholder/);
  const unused = preparedRead('unused', (db, _: { name: string }) => db.selectFrom('projection_checkpoints').select('name'));
  await expect(unused(db, { name: 'first' })).rejects.toThrow(/name not found among the query's values/);
});

it('names a statement marked as having one text (the projections’ batched writes) by that text, with no call of its own', async () => {
  const { db } = handle;
  const write = (names: string[]) =>
    sql`INSERT INTO rm.projection_checkpoints (name, position) SELECT ${sql.raw(ONE_TEXT)} name, '9' FROM unnest(${names}::text[]) AS n(name)`.execute(db);
  await write(['one-text-a']);
  await write(['one-text-b', 'one-text-c']);
  const kept = (await preparedStatements()).filter(({ statement }) => statement.includes(ONE_TEXT));
  expect(kept).toHaveLength(1);
  expect(kept[0]!.name).toMatch(/^rm_one_text_\d+$/);
  expect((await db.selectFrom('projection_checkpoints').select('name').where('position', '=', '9').orderBy('name').execute()).map((r) => r.name)).toEqual([
    'one-text-a',
    'one-text-b',
    'one-text-c',
  ]);
});
