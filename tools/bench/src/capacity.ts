import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createTokenService } from '@tracker/api/auth/jwt';
import { localDateBefore } from '@tracker/api/testing/user-history';
import { localDateOf } from '@tracker/domain/time/local-date';
import { checkedEventStore } from '@tracker/eventstore/checked-event-store';
import { createPostgresEventStore } from '@tracker/eventstore/postgres/postgres-event-store';
import { createApiClient, type ApiClient } from './api-client.ts';
import { JWT_SECRET, waitUntilProjected } from './bench-runtime.ts';
import {
  COMMANDS_PER_DAY,
  DASHBOARD_OPENS_PER_DAY,
  dashboardRequests,
  openDashboard,
  runTypicalDay,
  seedActiveUser,
  seedHabitsForDays,
} from './capacity-day.ts';
import { connectionsOf, postmasterOf, processCpuSeconds, readClusterCounters, type ClusterCounters } from './capacity-probes.ts';
import type { ServerReady } from './capacity-server.ts';
import { registerUsers, type BenchUser } from './command-workloads.ts';
import { percentile, summarise, type Summary } from './measure.ts';

// The capacity section: the per-user figures docs/CAPACITY.md sizes deployments from. The product runs
// as it does in production, an API process and a projection worker each in its own process (started
// here, CPU read from /proc), over the bench's PostgreSQL (its CPU, WAL and writes read too). It seeds
// users with a year of typical days straight into the store (sizes, and the worker's CPU per event as
// it catches up), then times typical days' commands and dashboard openings over HTTP.

export type CapacitySettings = {
  /** Users seeded with `capacityDays` typical days of history each: the sizes and the dashboard's readers. */
  capacityUsers: number;
  capacityDays: number;
  /** HTTP clients, each a user of its own, for the command mix and the dashboard. */
  capacityClients: number;
  capacityRepetitions: number;
  /** Per client and run: typical days of commands (warm-up, timed), then dashboard openings (warm-up, timed). */
  capacityWarmUpDays: number;
  capacityDaysPerClient: number;
  capacityWarmUpOpens: number;
  capacityOpensPerClient: number;
};

type Progress = (line: string) => void;

// Zones where the seed's 13:00 UTC habit completions fall on one local date each day, DST or not.
const TIMEZONES = ['America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'America/Los_Angeles', 'UTC'];

/** What one timed run of a phase cost, per request. */
export interface PhaseRun {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  latencies: number[];
  apiCpuMs: number;
  workerCpuMs: number;
  postgresCpuMs: number;
  /** The load generator (this process): not part of the product, shown so the machine's budget adds up. */
  clientCpuMs: number;
  events: number;
  walBytes: number;
  walWrites: number;
  walFsyncs: number;
  relationWrites: number;
  commits: number;
}

const PER_REQUEST = [
  'apiCpuMs',
  'workerCpuMs',
  'postgresCpuMs',
  'clientCpuMs',
  'events',
  'walBytes',
  'walWrites',
  'walFsyncs',
  'relationWrites',
  'commits',
] as const;
type PerRequest = (typeof PER_REQUEST)[number];

export interface PhaseFigures {
  requestsPerRun: number;
  requestsPerSecond: Summary;
  p50Ms: number;
  p99Ms: number;
  /** Per request, each a summary over the runs. */
  perRequest: Record<PerRequest, Summary>;
}

export interface TableSize {
  table: string;
  rows: number;
  bytes: number;
  heapBytes: number;
  indexBytes: number;
}

export interface CapacitySection {
  commandsPerDay: number;
  dashboardOpensPerDay: number;
  readsPerOpen: number;
  seeded: {
    users: number;
    days: number;
    events: number;
    eventsPerUserDay: number;
    seedSeconds: number;
    /** The worker's CPU over its catching up with the seeded log (the API process idle meanwhile). */
    workerCpuMsPerEvent: number;
  };
  eventStore: TableSize & {
    /** Average text length of data + metadata, stream id and type: the payload any store keeps per event. */
    payloadBytes: number;
    streamIdBytes: number;
    typeBytes: number;
  };
  /** Every read-model (rm) and operational (ops) table after the seeded users' history was projected. */
  readModels: TableSize[];
  /** Events appended per typical day over HTTP, by type (all timed runs, per client-day). */
  eventsPerDayByType: Record<string, number>;
  commandMix: PhaseFigures;
  dashboard: PhaseFigures;
  connections: { api: Record<string, number>; worker: Record<string, number> };
  rssMiB: { api: number; worker: number };
}

interface Server {
  child: ChildProcess;
  url: string | null;
  stop(): Promise<void>;
}

/** One role of the product in a process of its own (capacity-server.ts), once it serves. */
const startServer = (role: 'api' | 'projections', databaseUrl: string): Promise<Server> =>
  new Promise((resolve, reject) => {
    const child = fork(new URL('./capacity-server.ts', import.meta.url).pathname, [role, databaseUrl], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.once('exit', (code) => reject(new Error(`the ${role} process exited with ${code} before serving`)));
    child.once('message', (message) =>
      resolve({
        child,
        url: (message as ServerReady).url,
        stop: async () => {
          child.send('stop');
          const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
          await exited;
          clearTimeout(killer);
        },
      }),
    );
  });

const rssMiB = (pid: number): number => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : 0;
};

const tableSizes = async (pool: pg.Pool, schemas: string[]): Promise<TableSize[]> => {
  const { rows } = await pool.query<{ schema: string; name: string; bytes: string; heap: string; indexes: string }>(
    `SELECT n.nspname AS schema, c.relname AS name, pg_total_relation_size(c.oid)::text AS bytes,
            pg_relation_size(c.oid)::text AS heap, pg_indexes_size(c.oid)::text AS indexes
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p') AND c.relname NOT LIKE 'kysely%'
      ORDER BY pg_total_relation_size(c.oid) DESC`,
    [schemas],
  );
  const sizes: TableSize[] = [];
  for (const row of rows) {
    const table = `${row.schema}.${row.name}`;
    const counted = await pool.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${pg.escapeIdentifier(row.schema)}.${pg.escapeIdentifier(row.name)}`);
    sizes.push({ table, rows: Number(counted.rows[0]!.n), bytes: Number(row.bytes), heapBytes: Number(row.heap), indexBytes: Number(row.indexes) });
  }
  return sizes;
};

const eventCount = async (pool: pg.Pool): Promise<number> => Number((await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM es.events')).rows[0]!.n);

const maxPosition = async (pool: pg.Pool): Promise<string> =>
  (await pool.query<{ p: string | null }>('SELECT max(position)::text AS p FROM es.events')).rows[0]!.p ?? '0';

interface Readings {
  api: number;
  worker: number;
  client: number;
  events: number;
  cluster: ClusterCounters;
}

/**
 * Runs `work` (all clients at once, each timing its requests) between two readings of every
 * counter. The API's CPU is read as soon as the last answer is in; the worker's and PostgreSQL's
 * after the projections caught up and a checkpoint wrote what the phase dirtied.
 */
const timePhase = async (
  pool: pg.Pool,
  postmaster: number,
  api: Server,
  worker: Server,
  probe: ApiClient,
  work: (time: (request: () => Promise<unknown>) => Promise<void>) => Promise<void>,
): Promise<PhaseRun> => {
  const cpu = (): number => process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6;
  await pool.query('CHECKPOINT');
  const read = async (): Promise<Readings> => ({
    api: processCpuSeconds(api.child.pid!),
    worker: processCpuSeconds(worker.child.pid!),
    client: cpu(),
    events: await eventCount(pool),
    cluster: await readClusterCounters(pool, postmaster),
  });
  const before = await read();
  const latencies: number[] = [];
  const time = async (request: () => Promise<unknown>): Promise<void> => {
    const started = performance.now();
    await request();
    latencies.push(performance.now() - started);
  };
  const started = performance.now();
  const clientBefore = cpu();
  await work(time);
  const seconds = (performance.now() - started) / 1000;
  const apiAfter = processCpuSeconds(api.child.pid!);
  const clientAfter = cpu();
  await waitUntilProjected(probe, 300_000);
  await pool.query('CHECKPOINT');
  const after = await read();
  const n = latencies.length;
  const per = (value: number): number => value / n;
  return {
    requests: n,
    seconds,
    requestsPerSecond: n / seconds,
    latencies,
    apiCpuMs: per((apiAfter - before.api) * 1000),
    workerCpuMs: per((after.worker - before.worker) * 1000),
    postgresCpuMs: per((after.cluster.cpuSeconds - before.cluster.cpuSeconds) * 1000),
    clientCpuMs: per((clientAfter - clientBefore) * 1000),
    events: per(after.events - before.events),
    walBytes: per(after.cluster.walBytes - before.cluster.walBytes),
    walWrites: per(after.cluster.walWrites - before.cluster.walWrites),
    walFsyncs: per(after.cluster.walFsyncs - before.cluster.walFsyncs),
    relationWrites: per(after.cluster.relationWrites - before.cluster.relationWrites),
    commits: per(after.cluster.commits - before.cluster.commits),
  };
};

const figuresOf = (runs: PhaseRun[]): PhaseFigures => {
  const latencies = runs.flatMap((run) => run.latencies);
  return {
    requestsPerRun: runs[0]?.requests ?? 0,
    requestsPerSecond: summarise(runs.map((run) => run.requestsPerSecond)),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    perRequest: Object.fromEntries(PER_REQUEST.map((key) => [key, summarise(runs.map((run) => run[key]))])) as Record<PerRequest, Summary>,
  };
};

export const measureCapacity = async (databaseUrl: string, settings: CapacitySettings, progress: Progress): Promise<CapacitySection> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, application_name: 'bench-capacity' });
  pool.on('error', () => undefined);
  const store = checkedEventStore(await createPostgresEventStore({ connectionString: databaseUrl, poolSize: 8 }));
  const servers: Server[] = [];
  const clients: ApiClient[] = [];
  try {
    const postmaster = await postmasterOf(pool);
    // The worker first: it and the API both migrate, and one at a time is how production starts too.
    const worker = await startServer('projections', databaseUrl);
    servers.push(worker);
    const api = await startServer('api', databaseUrl);
    servers.push(api);
    const url = api.url!;
    const probe = createApiClient(url);
    clients.push(probe);

    progress(`capacity: seeding ${settings.capacityUsers} users with ${settings.capacityDays} typical days each`);
    const workerBefore = processCpuSeconds(worker.child.pid!);
    const seedStarted = performance.now();
    const seededUsers: Array<{ userId: string; timezone: string }> = [];
    let seededEvents = 0;
    for (let index = 0; index < settings.capacityUsers; index++) {
      const timezone = TIMEZONES[index % TIMEZONES.length]!;
      const { userId, events } = await seedActiveUser(store, index, timezone, settings.capacityDays);
      seededUsers.push({ userId, timezone });
      seededEvents += events;
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await waitUntilProjected(probe, 1_800_000);
    const workerCpuMsPerEvent = ((processCpuSeconds(worker.child.pid!) - workerBefore) * 1000) / seededEvents;
    progress(`capacity: ${seededEvents} events seeded in ${seedSeconds.toFixed(1)} s and projected; worker ${workerCpuMsPerEvent.toFixed(3)} ms CPU/event`);

    await pool.query('VACUUM (ANALYZE)');
    const [events] = await tableSizes(pool, ['es']);
    const payload = await pool.query<{ payload: string; stream: string; type: string }>(
      `SELECT avg(octet_length(data::text) + octet_length(metadata::text))::text AS payload,
              avg(octet_length(stream_id))::text AS stream, avg(octet_length(type))::text AS type FROM es.events`,
    );
    const readModels = await tableSizes(pool, ['rm', 'ops']);

    progress(`capacity: registering ${settings.capacityClients} clients and seeding their habits`);
    const writers: BenchUser[] = await registerUsers(url, 'capacity', settings.capacityClients);
    clients.push(...writers.map((writer) => writer.client));
    const daysPerRun = settings.capacityWarmUpDays + settings.capacityDaysPerClient;
    await seedHabitsForDays(writers, settings.capacityRepetitions * daysPerRun);
    await waitUntilProjected(probe, 600_000);

    // The dashboard's readers: seeded users with a year of history, each on a connection of its own.
    const tokens = createTokenService(new TextEncoder().encode(JWT_SECRET), '1h');
    const readers = await Promise.all(
      seededUsers.slice(0, settings.capacityClients).map(async ({ userId, timezone }) => {
        const client = createApiClient(url);
        client.token = await tokens.sign(userId, null);
        clients.push(client);
        const today = localDateOf(new Date(), timezone);
        return { client, paths: dashboardRequests(today, localDateBefore(today, 6), timezone) };
      }),
    );

    const firstNew = await maxPosition(pool);
    const mixRuns: PhaseRun[] = [];
    const dashboardRuns: PhaseRun[] = [];
    let day = 0;
    const days = (count: number) => (time: (request: () => Promise<unknown>) => Promise<void>) =>
      Promise.all(
        writers.map(async (writer) => {
          for (let n = 0; n < count; n++) await runTypicalDay(writer, day++, time);
        }),
      ).then(() => undefined);
    const opens = (count: number) => (time: (request: () => Promise<unknown>) => Promise<void>) =>
      Promise.all(
        readers.map(async ({ client, paths }) => {
          for (let n = 0; n < count; n++) await openDashboard(client, paths, time);
        }),
      ).then(() => undefined);
    const untimed = async (request: () => Promise<unknown>): Promise<void> => void (await request());
    let connections: CapacitySection['connections'] = { api: {}, worker: {} };
    for (let run = 1; run <= settings.capacityRepetitions; run++) {
      await days(settings.capacityWarmUpDays)(untimed);
      mixRuns.push(await timePhase(pool, postmaster, api, worker, probe, days(settings.capacityDaysPerClient)));
      // Pools grow to what the load asked of them and shrink after 10 s idle: counted right after the mix.
      if (run === 1) connections = { api: await connectionsOf(pool, api.child.pid!), worker: await connectionsOf(pool, worker.child.pid!) };
      await opens(settings.capacityWarmUpOpens)(untimed);
      dashboardRuns.push(await timePhase(pool, postmaster, api, worker, probe, opens(settings.capacityOpensPerClient)));
      const [mix, dash] = [mixRuns.at(-1)!, dashboardRuns.at(-1)!];
      progress(
        `capacity run ${run}/${settings.capacityRepetitions}: command mix ${Math.round(mix.requestsPerSecond)} req/s, API ${mix.apiCpuMs.toFixed(2)} ms CPU/cmd, ` +
          `worker ${mix.workerCpuMs.toFixed(2)}, PostgreSQL ${mix.postgresCpuMs.toFixed(2)}; dashboard ${Math.round(dash.requestsPerSecond)} req/s, API ${dash.apiCpuMs.toFixed(2)} ms CPU/read`,
      );
    }

    // Every day the clients ran (warm-ups too) appended its events after `firstNew`.
    const { rows: byType } = await pool.query<{ type: string; n: string }>(
      'SELECT type, count(*)::text AS n FROM es.events WHERE position > $1 GROUP BY type ORDER BY count(*) DESC',
      [firstNew],
    );
    const clientDays = Math.max(1, day);
    return {
      commandsPerDay: COMMANDS_PER_DAY,
      dashboardOpensPerDay: DASHBOARD_OPENS_PER_DAY,
      readsPerOpen: readers[0]?.paths.length ?? 0,
      seeded: {
        users: settings.capacityUsers,
        days: settings.capacityDays,
        events: seededEvents,
        eventsPerUserDay: seededEvents / (settings.capacityUsers * settings.capacityDays),
        seedSeconds: Number(seedSeconds.toFixed(1)),
        workerCpuMsPerEvent,
      },
      eventStore: {
        ...events!,
        payloadBytes: Number(payload.rows[0]!.payload),
        streamIdBytes: Number(payload.rows[0]!.stream),
        typeBytes: Number(payload.rows[0]!.type),
      },
      readModels,
      eventsPerDayByType: Object.fromEntries(byType.map(({ type, n }) => [type, Number(n) / clientDays])),
      commandMix: figuresOf(mixRuns),
      dashboard: figuresOf(dashboardRuns),
      connections,
      rssMiB: { api: rssMiB(api.child.pid!), worker: rssMiB(worker.child.pid!) },
    };
  } finally {
    for (const client of clients) client.close();
    for (const server of servers.reverse()) await server.stop();
    await store.close();
    await pool.end();
  }
};

const formatNumber = (value: number, digits = 0): string => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const range = (summary: Summary, digits: number): string =>
  `${formatNumber(summary.median, digits)} (${formatNumber(summary.min, digits)}–${formatNumber(summary.max, digits)})`;

const phaseLines = (name: string, phase: PhaseFigures): string[] => {
  const p = phase.perRequest;
  return [
    `${name}: ${range(phase.requestsPerSecond, 0)} req/s at the clients (${phase.requestsPerRun} requests per run), p50 ${phase.p50Ms.toFixed(1)} ms, p99 ${phase.p99Ms.toFixed(1)} ms`,
    `  per request, median (min–max) of runs: API ${range(p.apiCpuMs, 2)} ms CPU, worker ${range(p.workerCpuMs, 2)} ms, PostgreSQL ${range(p.postgresCpuMs, 2)} ms, load client ${range(p.clientCpuMs, 2)} ms`,
    `  per request: ${range(p.events, 2)} events, ${range(p.walBytes, 0)} WAL bytes, ${range(p.walWrites, 2)} WAL writes, ${range(p.walFsyncs, 2)} WAL fsyncs, ${range(p.relationWrites, 2)} 8 KB blocks written, ${range(p.commits, 2)} commits`,
    `  ceiling of one core: API ${formatNumber(1000 / p.apiCpuMs.median)} req/s, worker ${p.workerCpuMs.median > 0.01 ? formatNumber(1000 / p.workerCpuMs.median) : '—'} req/s, PostgreSQL ${formatNumber(1000 / p.postgresCpuMs.median)} req/s`,
  ];
};

export const formatCapacity = (section: CapacitySection): string[] => {
  const { seeded, eventStore: es } = section;
  const users = seeded.users;
  const userDays = users * seeded.days;
  const rmTotal = section.readModels.reduce((sum, t) => sum + t.bytes, 0);
  const dayEvents = Object.values(section.eventsPerDayByType).reduce((sum, n) => sum + n, 0);
  const rows = section.readModels.map((t) => [
    t.table,
    formatNumber(t.rows),
    formatNumber(t.bytes / 1024),
    formatNumber(t.bytes / users),
    formatNumber(t.bytes / userDays, 1),
    t.rows > 0 ? formatNumber(t.bytes / t.rows) : '',
  ]);
  const widths = [0, 1, 2, 3, 4, 5].map((c) => Math.max(...[['table', 'rows', 'KiB', 'B/user', 'B/user-day', 'B/row'], ...rows].map((r) => r[c]!.length)));
  const line = (cells: string[]) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  return [
    `Capacity: per-user figures (docs/CAPACITY.md); an API process and a projection worker each in a process of their own, CPU from /proc`,
    `typical active day: ${section.commandsPerDay} commands (4 habit completions, a to-do created and completed, a goal created and completed) and ${section.dashboardOpensPerDay} dashboard openings of ${section.readsPerOpen} reads`,
    `seeded: ${users} users × ${seeded.days} typical days = ${formatNumber(seeded.events)} events (${seeded.eventsPerUserDay.toFixed(2)} per user-day) in ${seeded.seedSeconds} s; worker ${seeded.workerCpuMsPerEvent.toFixed(3)} ms CPU per event catching up (${formatNumber(1000 / seeded.workerCpuMsPerEvent)} events per CPU-second)`,
    `event store es.events: ${formatNumber(es.rows)} rows, ${formatNumber(es.bytes / 1024 / 1024, 1)} MiB = ${formatNumber(es.bytes / es.rows)} B/event (heap ${formatNumber(es.heapBytes / es.rows)}, indexes ${formatNumber(es.indexBytes / es.rows)}); payload (data + metadata text) ${formatNumber(es.payloadBytes)} B, stream id ${formatNumber(es.streamIdBytes)} B, type ${formatNumber(es.typeBytes)} B`,
    `events per typical day over HTTP: ${dayEvents.toFixed(2)} (${Object.entries(section.eventsPerDayByType)
      .map(([type, n]) => `${type} ${n.toFixed(2)}`)
      .join(', ')})`,
    `read models after the seeded history: ${formatNumber(rmTotal / 1024 / 1024, 1)} MiB = ${formatNumber(rmTotal / users)} B/user, ${formatNumber(rmTotal / userDays)} B/user-day`,
    line(['table', 'rows', 'KiB', 'B/user', 'B/user-day', 'B/row']),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map(line),
    ...phaseLines('command mix (typical days, every client its own user)', section.commandMix),
    ...phaseLines('dashboard openings (every client a seeded user with a year of history)', section.dashboard),
    `connections after the command mix: API ${JSON.stringify(section.connections.api)}, worker ${JSON.stringify(section.connections.worker)}; RSS at the end: API ${section.rssMiB.api} MiB, worker ${section.rssMiB.worker} MiB`,
    '',
  ];
};
