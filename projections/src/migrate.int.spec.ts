import { expect, it } from 'vitest';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { createReadModelDb } from './db.ts';
import { migrateOperationalState, migrateReadModels } from './migrate.ts';
import { createOpsDb } from './ops-db.ts';

it('migrates a fresh database from several processes at once: each schema created once, no start fails', async () => {
  const url = await createTestDatabase('migrate');
  // Separate pools, as separate processes have: start:api and start:projections on a new database.
  const readModels = Array.from({ length: 4 }, () => createReadModelDb(url, 'rm_race', 2));
  const ops = Array.from({ length: 4 }, () => createOpsDb(url, 'ops_race', 2));
  try {
    const results = await Promise.allSettled([
      ...readModels.map((handle) => migrateReadModels(handle)),
      ...ops.map((handle) => migrateOperationalState(handle)),
    ]);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    // Every migration ran exactly once, whichever process ran it.
    const ran = results.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
    expect(new Set(ran).size).toBe(ran.length);
  } finally {
    for (const handle of [...readModels, ...ops]) await handle.destroy();
  }
});
