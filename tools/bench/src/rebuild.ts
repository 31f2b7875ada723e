import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { userDecider } from '@tracker/domain/users/user.decider';
import { checkedEventStore } from '@tracker/eventstore/checked-event-store';
import type { AppendResult, EventStore, NewEvent, Position } from '@tracker/eventstore/port';
import { createPostgresEventStore } from '@tracker/eventstore/postgres/postgres-event-store';
import { createReadModelDb } from '@tracker/projections/db';
import { migrateReadModels } from '@tracker/projections/migrate';
import { describeProgress } from '@tracker/projections/rebuild/progress-display';
import { rebuildReadModels } from '@tracker/projections/rebuild/rebuild';
import { emailStream, userStream } from '@tracker/api/auth/account-streams';
import { seedUserHistory } from '@tracker/api/testing/user-history';

// The rebuild section: a log of `rebuildEvents` events (users with years of goals, to-dos and daily
// habits, recorded through the deciders), every read model rebuilt from it, events/s beside batched
// multi-row INSERT rows/s into a table like rm.points_ledger on the same PostgreSQL.

// A type, not an interface: the bench's settings are reported as a record of numbers.
export type RebuildSettings = {
  rebuildEvents: number;
  /** Rows the INSERT baseline writes (a sample: its rate does not depend on the count). */
  rebuildBaselineRows: number;
};

export interface RebuildSection {
  events: number;
  users: number;
  seedSeconds: number;
  rebuildSeconds: number;
  eventsPerSecond: number;
  /** Rows in the rebuilt read-model tables. */
  rowsWritten: number;
  batchSize: number;
  baselineRowsPerSecond: number;
  baselineDescription: string;
  /** events/s ÷ baseline rows/s. */
  ratio: number;
}

const BATCH_SIZE = 10_000;
const SEED_ROWS_PER_INSERT = 5_000;
const EVENTS_PER_USER = 10_000;
const DAYS = 3 * 365;
// Zones where the seed's 13:00 UTC habit completions fall on one local date each day, DST or not.
const TIMEZONES = ['America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'America/Los_Angeles', 'UTC'];
/** Any bcrypt hash: seeded users never sign in. */
const UNUSABLE_PASSWORD_HASH = '$2b$10$abcdefghijklmnopqrstuuB0s5y7CMpQ0B3N1PhDhOzWL0Kx0V7aG';

/**
 * A store that only appends, many streams per multi-row INSERT into es.events (no revision checks:
 * every stream is new and written once). Seeding through the adapter's one-append-per-call would
 * take longer than the rebuild it prepares.
 */
const bulkSeedStore = (pool: pg.Pool): { store: EventStore; flush(): Promise<void> } => {
  let rows: Array<[string, number, string, string, number, string, string]> = [];
  let flushing: Promise<void> = Promise.resolve();
  const flush = async (): Promise<void> => {
    const batch = rows;
    rows = [];
    const previous = flushing;
    flushing = (async () => {
      await previous;
      if (batch.length === 0) return;
      const column = (index: number) => batch.map((row) => row[index]);
      await pool.query(
        `INSERT INTO es.events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
         SELECT * FROM unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[])`,
        [column(0), column(1), column(2), column(3), column(4), column(5), column(6)],
      );
    })();
    await flushing;
  };
  const append = async (stream: string, events: NewEvent[]): Promise<AppendResult> => {
    events.forEach((event, revision) =>
      rows.push([stream, revision, event.id, event.type, event.version ?? 1, JSON.stringify(event.data), JSON.stringify(event.metadata)]),
    );
    if (rows.length >= SEED_ROWS_PER_INSERT) await flush();
    return { nextRevision: BigInt(events.length - 1), position: 'seeded' as Position };
  };
  const unsupported = (): never => {
    throw new Error('the seed store only appends');
  };
  return {
    store: {
      kind: 'postgres',
      append,
      readStream: unsupported,
      readAll: unsupported,
      subscribe: unsupported,
      comparePositions: unsupported,
      headPosition: unsupported,
      close: () => Promise.resolve(),
    },
    flush: async () => {
      await flush();
      await flushing;
    },
  };
};

const registerUser = async (store: EventStore, userId: string, index: number, timezone: string): Promise<number> => {
  const email = `bench-rebuild-${index}@example.com`;
  const occurredAt = new Date(Date.now() - (DAYS + 2) * 86_400_000).toISOString();
  const metadata = { userId, correlationId: `bench-rebuild-${index}`, occurredAt, timezone };
  await store.append(emailStream(email), [{ id: randomUUID(), type: 'EmailReserved', data: { userId, email }, metadata }], 'no_stream');
  const registered = userDecider.decide(
    { type: 'RegisterUser', userId, name: `Rebuild bench ${index}`, email, passwordHash: UNUSABLE_PASSWORD_HASH, timezone },
    userDecider.initialState(),
  );
  await store.append(
    userStream(userId),
    registered.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata })),
    'no_stream',
  );
  return 1 + registered.length;
};

/** Users with years of history until the log holds `events` events; how many users that took. */
const seedLog = async (pool: pg.Pool, events: number): Promise<{ events: number; users: number }> => {
  const bulk = bulkSeedStore(pool);
  // Checked like every writer's events: parsed against the contracts, stamped with their versions.
  const store = checkedEventStore(bulk.store);
  let seeded = 0;
  let users = 0;
  while (seeded < events) {
    const userId = randomUUID();
    const timezone = TIMEZONES[users % TIMEZONES.length]!;
    seeded += await registerUser(store, userId, users, timezone);
    seeded += await seedUserHistory(store, { userId, timezone, events: Math.min(EVENTS_PER_USER, events - seeded), days: DAYS });
    users++;
  }
  await bulk.flush();
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM es.events');
  return { events: Number(rows[0]!.n), users };
};

/** Batched multi-row INSERT, one transaction per statement, into a table like rm.points_ledger (its columns and indexes). */
const measureInsertBaseline = async (pool: pg.Pool, rows: number): Promise<number> => {
  await pool.query('DROP TABLE IF EXISTS public.bench_rebuild_baseline');
  await pool.query('CREATE TABLE public.bench_rebuild_baseline (LIKE rm.points_ledger INCLUDING ALL)');
  const started = performance.now();
  for (let from = 0; from < rows; from += BATCH_SIZE) {
    const n = Math.min(BATCH_SIZE, rows - from);
    const ids = Array.from({ length: n }, () => randomUUID());
    const users = Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String((from + i) % 100).padStart(12, '0')}`);
    const at = Array.from({ length: n }, (_, i) => new Date(Date.UTC(2024, 0, 1) + (from + i) * 60_000).toISOString());
    await pool.query(
      `INSERT INTO public.bench_rebuild_baseline
         (event_id, user_id, points, kind, reason, title, source_type, source_id, goal_id, task_id, subtask_id, actionable_id, rules_version, occurred_at, local_date)
       SELECT e, u, 20, 'award', 'Completed habit "Habit 1" (streak 2)', 'Habit 1', 'habit', e, NULL, NULL, NULL, e, 1, t, t::date
         FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS x(e, u, t)`,
      [ids, users, at],
    );
  }
  const rate = rows / ((performance.now() - started) / 1000);
  await pool.query('DROP TABLE public.bench_rebuild_baseline');
  return rate;
};

export const measureRebuild = async (databaseUrl: string, settings: RebuildSettings, progress: (line: string) => void): Promise<RebuildSection> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, application_name: 'bench-rebuild' });
  pool.on('error', () => undefined);
  const store = await createPostgresEventStore({ connectionString: databaseUrl, poolSize: 4 });
  const readModels = createReadModelDb(databaseUrl, 'rm', 2);
  try {
    await migrateReadModels(readModels);
    progress(`rebuild: seeding ${settings.rebuildEvents.toLocaleString('en-US')} events`);
    const seedStarted = performance.now();
    const seeded = await seedLog(pool, settings.rebuildEvents);
    await pool.query('VACUUM (ANALYZE) es.events');
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    progress(`rebuild: ${seeded.events.toLocaleString('en-US')} events of ${seeded.users} users seeded in ${seedSeconds.toFixed(1)} s`);

    let lastLine = 0;
    const started = performance.now();
    const result = await rebuildReadModels({
      connectionString: databaseUrl,
      store,
      batchSize: BATCH_SIZE,
      onProgress: (p) => {
        if (p.phase === 'replay' && performance.now() - lastLine < 5_000) return;
        lastLine = performance.now();
        progress(`rebuild: ${describeProgress(p)}`);
      },
    });
    const rebuildSeconds = (performance.now() - started) / 1000;
    const tables = await pool.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'rm' AND tablename NOT LIKE 'kysely%'`);
    let rowsWritten = 0;
    for (const { name } of tables.rows)
      rowsWritten += Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM rm.${pg.escapeIdentifier(name)}`)).rows[0]!.n);
    const baselineRowsPerSecond = await measureInsertBaseline(pool, settings.rebuildBaselineRows);
    const eventsPerSecond = result.events / rebuildSeconds;
    progress(
      `rebuild: ${Math.round(eventsPerSecond).toLocaleString('en-US')} events/s (${rebuildSeconds.toFixed(1)} s); baseline INSERT ${Math.round(baselineRowsPerSecond).toLocaleString('en-US')} rows/s`,
    );
    return {
      events: result.events,
      users: seeded.users,
      seedSeconds: Number(seedSeconds.toFixed(1)),
      rebuildSeconds: Number(rebuildSeconds.toFixed(1)),
      eventsPerSecond,
      rowsWritten,
      batchSize: BATCH_SIZE,
      baselineRowsPerSecond,
      baselineDescription: `multi-row INSERT of ${BATCH_SIZE.toLocaleString('en-US')} rows per statement (one transaction each), ${settings.rebuildBaselineRows.toLocaleString('en-US')} rows into a table LIKE rm.points_ledger INCLUDING ALL (its columns and 7 indexes)`,
      ratio: Number((eventsPerSecond / baselineRowsPerSecond).toFixed(2)),
    };
  } finally {
    await readModels.destroy();
    await store.close();
    await pool.end();
  }
};

export const formatRebuild = (section: RebuildSection): string[] => [
  `Rebuild of every read model from the log: ${section.events.toLocaleString('en-US')} events of ${section.users} users (seeded in ${section.seedSeconds} s), batches of ${section.batchSize.toLocaleString('en-US')} events`,
  `  rebuild: ${section.rebuildSeconds} s, ${Math.round(section.eventsPerSecond).toLocaleString('en-US')} events/s, ${section.rowsWritten.toLocaleString('en-US')} read-model rows written (aim: under 40 s for 1,000,000 events, ≥ 0.5 of the baseline)`,
  `  baseline: ${Math.round(section.baselineRowsPerSecond).toLocaleString('en-US')} rows/s — ${section.baselineDescription}`,
  `  ratio (events/s ÷ baseline rows/s): ${section.ratio.toFixed(2)}`,
  '',
];
