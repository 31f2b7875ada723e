import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { EventStore } from '@tracker/eventstore/port';
import { createPostgresEventStore } from '@tracker/eventstore/postgres/postgres-event-store';
import { startEmbeddedPostgres, type RunningPostgres } from '@tracker/api/db/embedded-postgres';
import { measureDashboard, type DashboardSettings } from './dashboard.ts';
import { measureCapacity, type CapacitySettings } from './capacity.ts';
import { measureCommands, type CommandSettings } from './commands.ts';
import { measureFairness, type FairnessSettings } from './fairness.ts';
import { ratePerSecond, summarise } from './measure.ts';
import { measureRebuild, type RebuildSettings } from './rebuild.ts';
import { compare, formatReport, writeReportJson, type BenchReport, type Comparison, type Machine } from './report.ts';
import {
  BASELINE_TABLE,
  appendToExistingStreams,
  appendToNewStreams,
  countByKeysetSelect,
  countByStoreReadAll,
  createBaselineTable,
  createStreamsPerWorker,
  insertSingleRows,
  resetTables,
  seedEvents,
  type Workload,
} from './workloads.ts';

type Mode = 'quick' | 'full';

type Settings = CommandSettings &
  DashboardSettings &
  RebuildSettings &
  FairnessSettings &
  CapacitySettings & {
    workers: number;
    repetitions: number;
    warmUpAppends: number;
    timedAppends: number;
    streamsPerWorker: number;
    readRows: number;
    readBatch: number;
    eventsPerSeedAppend: number;
  };

const SETTINGS: Record<Mode, Settings> = {
  full: {
    workers: 8,
    repetitions: 3,
    warmUpAppends: 200,
    timedAppends: 4_000,
    streamsPerWorker: 50,
    readRows: 50_000,
    readBatch: 1_000,
    eventsPerSeedAppend: 100,
    httpClients: 16,
    commandRepetitions: 3,
    commandWarmUpPerClient: 15,
    commandsPerClient: 150,
    readWarmUpPerClient: 50,
    readsPerClient: 500,
    listedGoals: 50,
    baselineWarmUpInserts: 400,
    baselineInserts: 4_000,
    aloneWarmUp: 10,
    aloneCommands: 100,
    aloneReads: 300,
    historyClients: 4,
    historyYears: 3,
    historyWarmUpPerClient: 1,
    historyPerClient: 24,
    historyAlone: 6,
    dashboardClients: 16,
    dashboardRepetitions: 3,
    dashboardUserEvents: 100_000,
    dashboardDays: 3 * 365,
    dashboardUsers: 1_000,
    dashboardWarmUpPerClient: 10,
    dashboardReadsPerClient: 100,
    rebuildEvents: 1_000_000,
    rebuildBaselineRows: 200_000,
    fairnessItems: 5_000,
    fairnessParallelAudits: 8,
    fairnessRounds: 40,
    fairnessWarmUpRounds: 5,
    fairnessAuditsAlone: 3,
    capacityUsers: 16,
    capacityDays: 365,
    capacityClients: 16,
    capacityRepetitions: 3,
    capacityWarmUpDays: 1,
    capacityDaysPerClient: 5,
    capacityWarmUpOpens: 2,
    capacityOpensPerClient: 10,
  },
  quick: {
    workers: 8,
    repetitions: 3,
    warmUpAppends: 40,
    timedAppends: 400,
    streamsPerWorker: 10,
    readRows: 5_000,
    readBatch: 1_000,
    eventsPerSeedAppend: 100,
    httpClients: 16,
    commandRepetitions: 2,
    commandWarmUpPerClient: 2,
    commandsPerClient: 10,
    readWarmUpPerClient: 5,
    readsPerClient: 20,
    listedGoals: 50,
    baselineWarmUpInserts: 80,
    baselineInserts: 800,
    aloneWarmUp: 2,
    aloneCommands: 10,
    aloneReads: 20,
    historyClients: 2,
    historyYears: 3,
    historyWarmUpPerClient: 1,
    historyPerClient: 12,
    historyAlone: 3,
    dashboardClients: 16,
    dashboardRepetitions: 2,
    dashboardUserEvents: 10_000,
    dashboardDays: 365,
    dashboardUsers: 100,
    dashboardWarmUpPerClient: 2,
    dashboardReadsPerClient: 10,
    rebuildEvents: 20_000,
    rebuildBaselineRows: 20_000,
    fairnessItems: 5_000,
    fairnessParallelAudits: 8,
    fairnessRounds: 20,
    fairnessWarmUpRounds: 3,
    fairnessAuditsAlone: 2,
    capacityUsers: 16,
    capacityDays: 60,
    capacityClients: 16,
    capacityRepetitions: 2,
    capacityWarmUpDays: 1,
    capacityDaysPerClient: 2,
    capacityWarmUpOpens: 1,
    capacityOpensPerClient: 3,
  },
};

/** Sections of the bench, in the order they run; `--only NAME` runs one. */
const SECTIONS = ['appends', 'read-all', 'commands', 'dashboard', 'rebuild', 'fairness', 'capacity'] as const;
type Section = (typeof SECTIONS)[number];

const DATABASE = 'bench';
/** The commands section's runtime gets a database of its own: the store sections truncate theirs. */
const COMMANDS_DATABASE = 'bench_commands';
/**
 * The compiled server's memory phase, on a database of its own as `npm start` on a fresh machine:
 * in the commands' database its registrations met the default per-address limit (20 an hour),
 * counted there by every section before it, and a full run stopped at a 429.
 */
const SHIPPED_DATABASE = 'bench_shipped';
const DASHBOARD_DATABASE = 'bench_dashboard';
const REBUILD_DATABASE = 'bench_rebuild';
const FAIRNESS_DATABASE = 'bench_fairness';
const CAPACITY_DATABASE = 'bench_capacity';
const REPORT_FILE = path.resolve('.data', 'bench', 'latest.json');

const USAGE = `Usage: npm run bench [-- [--quick] [--only ${SECTIONS.join('|')}]]`;

const parseArgs = (args: string[]): { mode: Mode; sections: readonly Section[] } => {
  const rest = [...args];
  let mode: Mode = 'full';
  let sections: readonly Section[] = SECTIONS;
  const unknown: string[] = [];
  while (rest.length > 0) {
    const arg = rest.shift()!;
    if (arg === '--quick') mode = 'quick';
    else if (arg === '--only' && SECTIONS.includes(rest[0] as Section)) sections = [rest.shift() as Section];
    else unknown.push(arg);
  }
  if (unknown.length > 0) throw new Error(`Unknown arguments: ${unknown.join(' ')}. ${USAGE}`);
  return { mode, sections };
};

const progress = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

/** Runs `body` against a fresh cluster in a temporary folder and removes both afterwards. */
const withTemporaryPostgres = async <T>(body: (postgres: RunningPostgres) => Promise<T>): Promise<T> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tracker-bench-pg-'));
  // On SIGINT embedded-postgres stops the cluster from its own exit hook and then exits the
  // process without running our finally block; removing the folder on 'exit' covers that path.
  const removeDirOnExit = (): void => rmSync(dir, { recursive: true, force: true });
  process.on('exit', removeDirOnExit);
  let postgres: RunningPostgres | undefined;
  try {
    progress(`starting PostgreSQL in ${dir}`);
    postgres = await startEmbeddedPostgres({ dir, persistent: false });
    return await body(postgres);
  } finally {
    try {
      await postgres?.stop();
    } finally {
      process.off('exit', removeDirOnExit);
      await rm(dir, { recursive: true, force: true });
    }
  }
};

const describeMachine = async (pool: pg.Pool): Promise<Machine> => {
  const { rows } = await pool.query<{ server_version: string }>('SHOW server_version');
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    postgres: rows[0]?.server_version ?? 'unknown',
    loadAverage: os.loadavg(),
  };
};

/** Appends per second of one timed run, after a warm-up on the same workload and state. */
const timeAppends = async (settings: Settings, workload: Workload): Promise<number> => {
  await workload(settings.warmUpAppends, settings.workers);
  return ratePerSecond(settings.timedAppends, () => workload(settings.timedAppends, settings.workers));
};

const measureAppends = async (store: EventStore, pool: pg.Pool, settings: Settings): Promise<Comparison[]> => {
  const newStreams: number[] = [];
  const existingStreams: number[] = [];
  const inserts: number[] = [];
  // Interleaved rather than back to back, so drift on the machine hits all three alike.
  for (let run = 1; run <= settings.repetitions; run++) {
    await resetTables(pool);
    newStreams.push(await timeAppends(settings, appendToNewStreams(store)));

    await resetTables(pool);
    const owned = await createStreamsPerWorker(store, settings.workers, settings.streamsPerWorker);
    existingStreams.push(await timeAppends(settings, appendToExistingStreams(store, owned)));

    await resetTables(pool);
    inserts.push(await timeAppends(settings, insertSingleRows(pool)));

    progress(
      `appends run ${run}/${settings.repetitions}: new stream ${Math.round(newStreams.at(-1)!)}/s, ` +
        `existing stream ${Math.round(existingStreams.at(-1)!)}/s, INSERT ${Math.round(inserts.at(-1)!)}/s`,
    );
  }
  const insertBaseline = `single-row autocommit INSERT commits/s into ${BASELINE_TABLE} (LIKE es.events INCLUDING ALL), same pool size and workers`;
  return [
    compare("append/s, 1 event, new stream ('no_stream')", insertBaseline, summarise(newStreams), summarise(inserts)),
    compare('append/s, 1 event, existing stream (exact revision)', insertBaseline, summarise(existingStreams), summarise(inserts)),
  ];
};

/** Rows per second of one full read; a short read would inflate the figure, so it fails instead. */
const timeRead = async (expectedRows: number, read: () => Promise<number>): Promise<number> => {
  let rows = 0;
  const rate = await ratePerSecond(expectedRows, async () => {
    rows = await read();
  });
  if (rows !== expectedRows) throw new Error(`Read ${rows} rows, expected ${expectedRows}`);
  return rate;
};

const measureReadAll = async (store: EventStore, pool: pg.Pool, settings: Settings): Promise<Comparison> => {
  await resetTables(pool);
  await seedEvents(store, settings.readRows, settings.workers, settings.eventsPerSeedAppend);
  // Sets hint bits and statistics now, so the first timed read doesn't pay for them.
  await pool.query('VACUUM (ANALYZE) es.events');
  const readThroughStore = (): Promise<number> => countByStoreReadAll(store, settings.readBatch);
  const readByKeyset = (): Promise<number> => countByKeysetSelect(pool, settings.readBatch);
  await readThroughStore();
  await readByKeyset();

  const storeRuns: number[] = [];
  const baselineRuns: number[] = [];
  for (let run = 1; run <= settings.repetitions; run++) {
    storeRuns.push(await timeRead(settings.readRows, readThroughStore));
    baselineRuns.push(await timeRead(settings.readRows, readByKeyset));
    progress(
      `readAll run ${run}/${settings.repetitions}: store ${Math.round(storeRuns.at(-1)!)} rows/s, ` +
        `keyset SELECT ${Math.round(baselineRuns.at(-1)!)} rows/s`,
    );
  }
  return compare(
    `readAll rows/s, batch ${settings.readBatch}`,
    `SELECT of the same columns FROM es.events ORDER BY position, keyset-paged by ${settings.readBatch} through pg`,
    summarise(storeRuns),
    summarise(baselineRuns),
  );
};

const runBench = async (postgres: RunningPostgres, mode: Mode, sections: readonly Section[], settings: Settings): Promise<BenchReport> => {
  const startedAt = new Date().toISOString();
  const runs = (section: Section): boolean => sections.includes(section);
  await postgres.createDatabase(DATABASE);
  await postgres.createDatabase(COMMANDS_DATABASE);
  await postgres.createDatabase(SHIPPED_DATABASE);
  await postgres.createDatabase(DASHBOARD_DATABASE);
  await postgres.createDatabase(REBUILD_DATABASE);
  await postgres.createDatabase(FAIRNESS_DATABASE);
  await postgres.createDatabase(CAPACITY_DATABASE);
  const databaseUrl = postgres.url(DATABASE);
  const store = await createPostgresEventStore({ connectionString: databaseUrl, poolSize: settings.workers });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: settings.workers, application_name: 'bench' });
  // An idle connection dropped at shutdown must not crash the process.
  pool.on('error', () => undefined);
  try {
    await createBaselineTable(pool);
    const machine = await describeMachine(pool);
    const appends = runs('appends') ? await measureAppends(store, pool, settings) : [];
    const readAll = runs('read-all') ? [await measureReadAll(store, pool, settings)] : [];
    const commands = runs('commands') ? await measureCommands(postgres.url(COMMANDS_DATABASE), postgres.url(SHIPPED_DATABASE), settings, progress) : undefined;
    const dashboard = runs('dashboard') ? await measureDashboard(postgres.url(DASHBOARD_DATABASE), settings, progress) : undefined;
    const rebuild = runs('rebuild') ? await measureRebuild(postgres.url(REBUILD_DATABASE), settings, progress) : undefined;
    const fairness = runs('fairness') ? await measureFairness(postgres.url(FAIRNESS_DATABASE), settings, progress) : undefined;
    const capacity = runs('capacity') ? await measureCapacity(postgres.url(CAPACITY_DATABASE), settings, progress) : undefined;
    return { mode, startedAt, machine, settings, results: [...appends, ...readAll], commands, dashboard, rebuild, fairness, capacity };
  } finally {
    await store.close();
    await pool.end();
  }
};

const main = async (): Promise<void> => {
  const { mode, sections } = parseArgs(process.argv.slice(2));
  const report = await withTemporaryPostgres((postgres) => runBench(postgres, mode, sections, SETTINGS[mode]));
  process.stdout.write(formatReport(report));
  await writeReportJson(REPORT_FILE, report);
  process.stdout.write(`results written to ${path.relative(process.cwd(), REPORT_FILE)}\n`);
};

// Explicit exits: embedded-postgres's exit hook would otherwise end the process with code 0 on 'beforeExit'.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
