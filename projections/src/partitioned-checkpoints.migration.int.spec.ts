import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { partitionCheckpointNames } from './checkpoints.ts';
import { createReadModelDb } from './db.ts';
import { migrateReadModels } from './migrate.ts';

it('carries each lane checkpoint over to every partition of its member: nothing is applied again or skipped on upgrade', async () => {
  const url = await createTestDatabase('partitioned_checkpoints');
  const handle = createReadModelDb(url, 'rm_partitions', 2);
  try {
    await migrateReadModels(handle, { before: '2026-11-27-0013' });
    await sql`INSERT INTO rm_partitions.projection_checkpoints (name, position) VALUES ('users', '7:41'), ('points_ledger', '7:39')`.execute(handle.db);
    await migrateReadModels(handle);
    const { rows } = await sql<{ name: string; position: string }>`SELECT name, position FROM rm_partitions.projection_checkpoints ORDER BY name`.execute(
      handle.db,
    );
    expect(rows).toEqual([
      ...partitionCheckpointNames('points_ledger').map((name) => ({ name, position: '7:39' })),
      ...partitionCheckpointNames('users').map((name) => ({ name, position: '7:41' })),
    ]);
  } finally {
    await handle.destroy();
  }
});
