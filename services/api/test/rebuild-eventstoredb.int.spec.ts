import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamCategories } from '@tracker/contracts/streams';
import { checkedEventStore } from '@tracker/eventstore/checked-event-store';
import { createEventStoreDbEventStore } from '@tracker/eventstore/eventstoredb/eventstoredb-event-store';
import type { EventStore } from '@tracker/eventstore/port';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { createFakeEsdbClient } from '@tracker/eventstore/testing/fake-esdb-client';
import { partitionCheckpointNames, readCheckpoints } from '@tracker/projections/checkpoints';
import { createReadModelDb, type ReadModelDbHandle } from '@tracker/projections/db';
import { allProjectors } from '@tracker/projections/features';
import { migrateReadModels } from '@tracker/projections/migrate';
import { bookkeepingTables } from '@tracker/projections/rebuild/owned-tables';
import { rebuildReadModels } from '@tracker/projections/rebuild/rebuild';
import { projectorLanes, startProjectionRunner, type ProjectionRunner } from '@tracker/projections/runner';
import { auditUser } from '../src/audit/auditor.ts';
import { seedUserHistory } from '../src/testing/user-history.ts';

// The rebuild and the audit use the log only through the port: here on the EventStoreDB adapter
// (against the in-memory stand-in for the server), the read models in PostgreSQL as always.

let url: string;
let store: EventStore;
let readModels: ReadModelDbHandle;
let runner: ProjectionRunner;
const userId = randomUUID();

beforeAll(async () => {
  url = await createTestDatabase('rebuild_esdb');
  store = checkedEventStore(
    await createEventStoreDbEventStore({ connectionString: 'esdb://unused', streamCategories, client: createFakeEsdbClient().client, pollIntervalMs: 20 }),
  );
  readModels = createReadModelDb(url);
  await migrateReadModels(readModels);
  // Sixty days of goals, to-dos (some late) and five daily habits, recorded by the deciders.
  await seedUserHistory(store, { userId, timezone: 'Europe/Berlin', events: 800, days: 60 });
  runner = startProjectionRunner({ lanes: projectorLanes(readModels, allProjectors), connectionString: url, store, log: pino({ level: 'silent' }) });
});
afterAll(async () => {
  await runner?.stop();
  await readModels?.destroy();
  await store?.close();
});

const atHead = async () => {
  const head = await store.headPosition();
  for (let attempt = 0; attempt < 200; attempt++) {
    const checkpoints = await readCheckpoints(
      readModels.db,
      'rm',
      allProjectors.flatMap((p) => partitionCheckpointNames(p.name)),
    );
    if ([...checkpoints.values()].every((at) => at === head)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('read models did not reach the head');
};

/** Every row of every read-model table, by table. */
const snapshot = async (): Promise<Record<string, string[]>> => {
  const { rows } = await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'rm' ORDER BY tablename`.execute(readModels.db);
  const tables: Record<string, string[]> = {};
  for (const { name } of rows.filter((r) => !bookkeepingTables.includes(r.name))) {
    const found = await sql<{ row: string }>`SELECT to_jsonb(t)::text AS row FROM ${sql.table(`rm.${name}`)} t`.execute(readModels.db);
    tables[name] = found.rows.map((r) => r.row).sort();
  }
  return tables;
};

describe('rebuild and audit on the EventStoreDB adapter', () => {
  it('rebuilds every table equal to what the live lanes built, and the audit agrees with the ledger', async () => {
    await atHead();
    const before = await snapshot();
    expect(before.points_ledger!.length).toBeGreaterThan(50);

    const result = await rebuildReadModels({ connectionString: url, store, batchSize: 100 });
    expect(result.position).toBe(await store.headPosition());
    expect(await snapshot()).toEqual(before);

    const audit = await auditUser({ db: readModels.db, store }, userId);
    expect(audit).toMatchObject({ consistent: true, mismatches: [] });
    expect(audit.entries.length).toBe(before.points_ledger!.length);
    expect(audit.recordedTotal).toBe(audit.ledgerTotal);
    expect(audit.recordedTotal).toBeGreaterThan(0);
  });
});
