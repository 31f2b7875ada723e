import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { waitUntilProjected } from './bench-runtime.ts';
import type { BudgetMessage, PhaseFigures, QueryCount } from './budget-server.ts';
import { clusterCpuSeconds, postmasterOf } from './capacity-probes.ts';
import {
  completeActionables,
  completeFreshHabits,
  completeSubtasks,
  createGoals,
  registerUsers,
  runRequests,
  seedActionablesAndHabits,
  seedSubtasks,
  type BenchUser,
  type RequestWorkload,
} from './command-workloads.ts';
import { summariseProfile, type ProfileSummary, type Share } from './cpu-profile.ts';
import { BARE_INSERT_DESCRIPTION, postBareInserts, startBareInsertServer } from './bare-insert.ts';
import { forkServer } from './forked-server.ts';
import { percentile, summarise, type Summary } from './measure.ts';

// The budget of one command, per kind: what the server process spends on it (CPU, and CPU per stage
// from a sampling profile of the phase), what PostgreSQL spends, and how many round trips and
// statements it sends. The server (budget-server.ts) runs the whole runtime in a process of its own;
// the clients run here. A phase is counted until the projections have caught up with it, so their
// share is in the figures, as in a deployment that runs `npm start`.

export interface BudgetSettings {
  clients: number;
  warmUpPerClient: number;
  perClient: number;
}

export interface CommandBudgetFigures {
  command: string;
  request: string;
  commands: number;
  commandsPerSecond: number;
  /** Latency percentiles of the timed commands, in ms. */
  p50Ms: number;
  p99Ms: number;
  /** commandsPerSecond / the bare HTTP INSERT server's req/s (median of its runs, one before each kind). */
  ratioToBare: number;
  /** Server process CPU (user + system) per command, in ms; all threads, projections included. */
  serverCpuMs: number;
  /** The server process's resident set size, MiB (budget-server.ts). */
  rssMiB: { phasePeak: number; processPeak: number };
  /** CPU of every PostgreSQL process per command, in ms (from /proc). */
  postgresCpuMs: number;
  /** Round trips (pg `query` calls) per command: sent while serving the request, and by the rest (runner, progress). */
  roundTrips: { request: number; background: number };
  statements: { request: number; background: number };
  /** Each query shape with its count per command, most frequent first. */
  queries: Array<{ text: string; request: number; background: number }>;
  profile: ProfileSummary & { path: string };
}

export interface BareInsertFigures {
  description: string;
  /** req/s of each run (one before each kind), their median and spread. */
  rate: Summary;
  p50Ms: number;
  p99Ms: number;
  /** The bare server process's CPU per request, in ms (median of its runs). */
  serverCpuMs: number;
}

export interface CommandBudget {
  clients: number;
  counting: string;
  bare?: BareInsertFigures | undefined;
  kinds: CommandBudgetFigures[];
}

type Progress = (line: string) => void;

interface BudgetServer {
  url: string;
  measure(label: string, work: () => Promise<void>): Promise<PhaseFigures>;
  stop(): Promise<void>;
}

const startBudgetServer = async (databaseUrl: string, profileDir: string): Promise<BudgetServer> => {
  const { server, ready } = await forkServer<BudgetMessage>('./budget-server.ts', [databaseUrl, profileDir], 'budget server');
  return {
    url: ready.url as string,
    async measure(label, work) {
      const begun = server.next('begun');
      server.send({ type: 'begin', label });
      await begun;
      await work();
      const ended = server.next('ended');
      server.send({ type: 'end' });
      return (await ended).figures as PhaseFigures;
    },
    stop: () => server.stop({ type: 'stop' }),
  };
};

const perCommand = (value: number, commands: number): number => value / commands;

/**
 * Seeds what each kind needs for `clients` users, then times each kind alone: warm-up, then a phase
 * of `perClient` commands per client counted and profiled until the projections caught up.
 */
export const measureCommandBudget = async (databaseUrl: string, settings: BudgetSettings, progress: Progress): Promise<CommandBudget> => {
  const profileDir = path.resolve('.data', 'bench', 'profiles');
  await mkdir(profileDir, { recursive: true });
  const server = await startBudgetServer(databaseUrl, profileDir);
  const bare = await startBareInsertServer(databaseUrl, settings.clients);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, application_name: 'bench' });
  pool.on('error', () => undefined);
  const users: BenchUser[] = [];
  try {
    const postmaster = await postmasterOf(pool);
    const writers = await registerUsers(server.url, `budget-${Date.now()}`, settings.clients);
    users.push(...writers);
    const each = settings.warmUpPerClient + settings.perClient;
    progress(`command budget: seeding ${each} subtasks, actionables and habits for each of ${settings.clients} clients`);
    await seedSubtasks(writers, each);
    await seedActionablesAndHabits(writers, each);
    await waitUntilProjected(writers[0]!.client, 600_000);

    const kinds: RequestWorkload[] = [createGoals(writers), completeSubtasks(writers), completeActionables(writers), completeFreshHabits(writers)];
    const measured: Array<Omit<CommandBudgetFigures, 'ratioToBare'>> = [];
    // The bare HTTP INSERT server, loaded by the same clients, timed right before each kind: the load
    // of a shared machine drifts, and each kind then has a baseline measured next to it.
    const bareWorkload = postBareInserts(bare);
    await runRequests(bareWorkload, settings.warmUpPerClient);
    const bareRuns: Array<{ rate: number; latencies: number[]; cpuMs: number }> = [];
    for (const workload of kinds) {
      const cpuBefore = await bare.cpuMicros();
      const bareStarted = performance.now();
      const bareLatencies = await runRequests(bareWorkload, settings.perClient);
      const bareSeconds = (performance.now() - bareStarted) / 1000;
      bareRuns.push({
        rate: bareLatencies.length / bareSeconds,
        latencies: bareLatencies,
        cpuMs: ((await bare.cpuMicros()) - cpuBefore) / 1000 / bareLatencies.length,
      });
      let latencies: number[] = [];
      await runRequests(workload, settings.warmUpPerClient);
      await waitUntilProjected(writers[0]!.client);
      let seconds = 0;
      const postgresBefore = clusterCpuSeconds(postmaster);
      const phase = await server.measure(workload.name, async () => {
        const started = performance.now();
        latencies = await runRequests(workload, settings.perClient);
        seconds = (performance.now() - started) / 1000;
        await waitUntilProjected(writers[0]!.client);
      });
      const postgresSeconds = clusterCpuSeconds(postmaster) - postgresBefore;
      const commands = settings.perClient * writers.length;
      const profile = await summariseProfile(phase.profilePath);
      const scale = (shares: Share[]): Share[] => shares.map(({ name, ms }) => ({ name, ms: perCommand(ms, commands) }));
      measured.push({
        command: workload.name,
        request: workload.request,
        commands,
        commandsPerSecond: commands / seconds,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        serverCpuMs: perCommand((phase.cpuUserMicros + phase.cpuSystemMicros) / 1000, commands),
        rssMiB: phase.rssMiB,
        postgresCpuMs: perCommand(postgresSeconds * 1000, commands),
        roundTrips: { request: perCommand(phase.roundTrips.request, commands), background: perCommand(phase.roundTrips.background, commands) },
        statements: { request: perCommand(phase.statements.request, commands), background: perCommand(phase.statements.background, commands) },
        queries: phase.queries
          .map((q: QueryCount) => ({ text: q.text, request: perCommand(q.request, commands), background: perCommand(q.background, commands) }))
          .sort((a, b) => b.request + b.background - (a.request + a.background)),
        profile: {
          path: path.relative(process.cwd(), phase.profilePath),
          busyMs: perCommand(profile.busyMs, commands),
          packages: scale(profile.packages),
          functions: scale(profile.functions),
          stages: scale(profile.stages),
        },
      });
      progress(
        `command budget: bare HTTP INSERT ${Math.round(bareRuns.at(-1)!.rate)}/s, ${workload.name} ${Math.round(commands / seconds)}/s, ${measured.at(-1)!.serverCpuMs.toFixed(2)} ms server CPU per command`,
      );
    }
    const bareRate = summarise(bareRuns.map((run) => run.rate));
    const bareLatencies = bareRuns.flatMap((run) => run.latencies);
    return {
      clients: settings.clients,
      bare: {
        description: BARE_INSERT_DESCRIPTION,
        rate: bareRate,
        p50Ms: percentile(bareLatencies, 50),
        p99Ms: percentile(bareLatencies, 99),
        serverCpuMs: summarise(bareRuns.map((run) => run.cpuMs)).median,
      },
      counting:
        "client-side: pg.Client#query wrapped in the server process (one call = one round trip; statements split on ';'; what es.append_events runs inside counts as one), split by the async context of the HTTP request that sent it; /api/ready polls after each phase are included",
      kinds: measured.map((kind) => ({ ...kind, ratioToBare: Number((kind.commandsPerSecond / bareRate.median).toFixed(3)) })),
    };
  } finally {
    for (const user of users) user.client.close();
    await pool.end();
    await bare.stop();
    await server.stop();
  }
};

const ms = (value: number): string => value.toFixed(value < 1 ? 3 : 2);
const count = (value: number): string => value.toFixed(2);

/** Rows of `names` (in the order of the first kind's largest) with each kind's figure in a column. */
const perKindRows = (budget: CommandBudget, sharesOf: (kind: CommandBudgetFigures) => Share[], top: number): string[][] => {
  const names = [...new Set(budget.kinds.flatMap((kind) => sharesOf(kind).map((share) => share.name)))];
  const total = (name: string) => budget.kinds.reduce((sum, kind) => sum + (sharesOf(kind).find((s) => s.name === name)?.ms ?? 0), 0);
  return names
    .sort((a, b) => total(b) - total(a))
    .slice(0, top)
    .map((name) => [name, ...budget.kinds.map((kind) => ms(sharesOf(kind).find((s) => s.name === name)?.ms ?? 0))]);
};

export const formatCommandBudget = (budget: CommandBudget, renderTable: (header: string[], rows: string[][]) => string[]): string[] => {
  const { bare } = budget;
  const header = ['per command', ...budget.kinds.map((kind) => kind.command), ...(bare ? ['bare HTTP INSERT'] : [])];
  const beside = (value: string): string[] => (bare ? [value] : []);
  const figures = renderTable(header, [
    ['commands timed', ...budget.kinds.map((k) => String(k.commands)), ...beside(String(bare?.rate.runs.length ?? 0) + ' runs')],
    ['commands/s', ...budget.kinds.map((k) => String(Math.round(k.commandsPerSecond))), ...beside(String(Math.round(bare?.rate.median ?? 0)))],
    ['  ÷ bare HTTP INSERT', ...budget.kinds.map((k) => k.ratioToBare.toFixed(3)), ...beside('1')],
    ['p50 ms', ...budget.kinds.map((k) => ms(k.p50Ms)), ...beside(ms(bare?.p50Ms ?? 0))],
    ['p99 ms', ...budget.kinds.map((k) => ms(k.p99Ms)), ...beside(ms(bare?.p99Ms ?? 0))],
    ['server CPU ms (process)', ...budget.kinds.map((k) => ms(k.serverCpuMs)), ...beside(ms(bare?.serverCpuMs ?? 0))],
    ['  JS thread busy (sampled, wall)', ...budget.kinds.map((k) => ms(k.profile.busyMs)), ...beside('—')],
    ['PostgreSQL CPU ms', ...budget.kinds.map((k) => ms(k.postgresCpuMs)), ...beside('—')],
    ['server RSS MiB, peak in phase', ...budget.kinds.map((k) => k.rssMiB.phasePeak.toFixed(0)), ...beside('—')],
    ['  process peak so far (VmHWM)', ...budget.kinds.map((k) => k.rssMiB.processPeak.toFixed(0)), ...beside('—')],
    ['round trips, request path', ...budget.kinds.map((k) => count(k.roundTrips.request)), ...beside(count(1))],
    ['round trips, projections etc.', ...budget.kinds.map((k) => count(k.roundTrips.background)), ...beside(count(0))],
    ['statements, request path', ...budget.kinds.map((k) => count(k.statements.request)), ...beside(count(1))],
    ['statements, projections etc.', ...budget.kinds.map((k) => count(k.statements.background)), ...beside(count(0))],
  ]);
  const stages = renderTable(
    ['CPU ms per command by stage (profile)', ...budget.kinds.map((k) => k.command)],
    perKindRows(budget, (k) => k.profile.stages, 20),
  );
  const packages = renderTable(
    ['self CPU ms by package (profile)', ...budget.kinds.map((k) => k.command)],
    perKindRows(budget, (k) => k.profile.packages, 14),
  );
  const functions = renderTable(
    ['top self CPU ms by function (profile)', ...budget.kinds.map((k) => k.command)],
    perKindRows(budget, (k) => k.profile.functions, 15),
  );
  const queries = budget.kinds.flatMap((kind) => [
    `  ${kind.command} (request path + background per command):`,
    ...kind.queries.filter((q) => q.request + q.background >= 0.05).map((q) => `    ${count(q.request)} + ${count(q.background)}  ${q.text}`),
  ]);
  return [
    `Command budget: ${budget.clients} clients, the runtime (role 'all') in a process of its own; each kind timed alone and counted until projections caught up`,
    `counting: ${budget.counting}`,
    ...(bare
      ? [
          `${bare.description}; timed before each kind (runs ${bare.rate.runs.map((r) => Math.round(r)).join(', ')} req/s, spread ${bare.rate.spreadPercent.toFixed(0)}%); the ratio divides by their median`,
        ]
      : []),
    '',
    ...figures,
    '',
    ...stages,
    '',
    ...packages,
    '',
    ...functions,
    '',
    'statements per command by shape:',
    ...queries,
    `profiles: ${budget.kinds.map((k) => k.profile.path).join(', ')}`,
    '',
  ];
};
