import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startBenchRuntime, waitUntilProjected } from './bench-runtime.ts';
import { createOpsDb } from '@tracker/projections/ops-db';
import { createOpsSnapshotStore } from '@tracker/api/commands/snapshots';
import { measureCommandBudget } from './command-budget.ts';
import { measureShippedMemory } from './shipped-memory.ts';
import { BARE_INSERT, BARE_INSERT_DESCRIPTION, postBareInserts, startBareInsertServer, type BareInsertServer } from './bare-insert.ts';
import { seedBackfillableHabit, seedVeteranHabit } from './habit-history.ts';
import { seedItems } from './item-history.ts';
import {
  checkHealth,
  completeActionables,
  completeFreshHabits,
  completeItemsOfAccounts,
  undoHabitCompletions,
  backfillHabits,
  completeVeteranHabits,
  ITEMS_PER_ACCOUNT_TURN,
  VETERAN_MISSED_DAYS_BACK,
  completeSubtasks,
  createGoals,
  listGoals,
  registerUsers,
  runRequests,
  seedGoals,
  seedSubtasks,
  seedActionablesAndHabits,
  type BenchUser,
  type RequestWorkload,
} from './command-workloads.ts';
import { percentile, ratePerSecond, summarise, type Summary } from './measure.ts';
import type { CommandsSection, RequestFigures } from './report.ts';
import { installStatementCounter, type StatementCounter } from './sql-statements.ts';
import { installRequestPhases, takePhases, withPhases, type RequestPhases } from './request-phases.ts';
import { BASELINE_TABLE, createBaselineTable, insertSingleRows } from './workloads.ts';

export type CommandSettings = {
  /** Concurrent HTTP clients, each a user of its own; also the raw INSERT baseline's workers. */
  httpClients: number;
  commandRepetitions: number;
  /** Per client and run: warm-up, then timed requests; commands, then reads (cheaper, so more). */
  commandWarmUpPerClient: number;
  commandsPerClient: number;
  readWarmUpPerClient: number;
  readsPerClient: number;
  /** Goals held by each user of the list workload. */
  listedGoals: number;
  baselineWarmUpInserts: number;
  baselineInserts: number;
  /** One client alone, after the runs: latency and SQL without concurrency (commands, then reads). */
  aloneWarmUp: number;
  aloneCommands: number;
  aloneReads: number;
  /**
   * Habits with years of daily history beside new ones (completed, taken back, recorded afterwards),
   * and completions in accounts of ITEMS_FEW and of ITEMS_MANY items: fewer clients, each habit
   * completes once.
   */
  historyClients: number;
  historyYears: number;
  historyWarmUpPerClient: number;
  historyPerClient: number;
  historyAlone: number;
};

export interface Timed {
  rate: number;
  latencies: number[];
  statements: number;
}

type Progress = (line: string) => void;

/** One timed phase after a warm-up; for commands, the projections' catching up is counted too (not timed). */
export const timeWorkload = async (
  workload: RequestWorkload,
  warmUpPerUser: number,
  perUser: number,
  counter: StatementCounter,
  probe: BenchUser,
): Promise<Timed> => {
  await runRequests(workload, warmUpPerUser);
  if (workload.appends) await waitUntilProjected(probe.client);
  const before = counter.count();
  const started = performance.now();
  const latencies = await runRequests(workload, perUser);
  const seconds = (performance.now() - started) / 1000;
  if (workload.appends) await waitUntilProjected(probe.client);
  return { rate: latencies.length / seconds, latencies, statements: counter.count() - before };
};

/**
 * The two workloads of a data-growth pair, interleaved request by request on the same clients (lane
 * `u` sends one of the first's for its user, then one of the second's for its user, the order
 * swapped each time), so the load of a shared machine, which swings within seconds, falls on both
 * alike. Each one's rate is as if it ran alone with as many clients: clients / median latency. The
 * statements of the phase are shared out evenly: the pair's SQL/req is the two's mean.
 */
export const timePair = async (
  first: RequestWorkload,
  second: RequestWorkload,
  warmUpPerUser: number,
  perUser: number,
  counter: StatementCounter,
  probe: BenchUser,
): Promise<[Timed, Timed]> => {
  const lanes = Math.min(first.users.length, second.users.length);
  const interleaved = async (count: number): Promise<[number[], number[]]> => {
    const latencies: [number[], number[]] = [[], []];
    await Promise.all(
      Array.from({ length: lanes }, async (_, lane) => {
        for (let n = 0; n < count; n++) {
          const order = n % 2 === 0 ? [0, 1] : [1, 0];
          for (const which of order) {
            const workload = which === 0 ? first : second;
            const started = performance.now();
            await workload.send(workload.users[lane]!, lane * count + n);
            latencies[which]!.push(performance.now() - started);
          }
        }
      }),
    );
    return latencies;
  };
  await interleaved(warmUpPerUser);
  await waitUntilProjected(probe.client);
  const before = counter.count();
  const [firsts, seconds] = await interleaved(perUser);
  await waitUntilProjected(probe.client);
  const statements = (counter.count() - before) / 2;
  const timed = (latencies: number[]): Timed => ({ rate: (lanes * 1000) / percentile(latencies, 50), latencies, statements });
  return [timed(firsts), timed(seconds)];
};

export interface Reference {
  name: string;
  rate: Summary;
}

export const figuresOf = (
  workload: RequestWorkload,
  runs: Timed[],
  alone: Timed,
  reference: Reference | undefined,
  insertBaseline?: Summary,
  alonePhases?: RequestPhases,
): RequestFigures => {
  const rate = summarise(runs.map((run) => run.rate));
  const latencies = runs.flatMap((run) => run.latencies);
  const statements = runs.reduce((sum, run) => sum + run.statements, 0);
  return {
    workload: workload.name,
    request: workload.request,
    rate,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    sqlPerRequest: statements / latencies.length,
    alone: {
      requests: alone.latencies.length,
      p50Ms: percentile(alone.latencies, 50),
      p99Ms: percentile(alone.latencies, 99),
      sqlPerRequest: alone.statements / alone.latencies.length,
      ...(alonePhases ? { phases: alonePhases } : {}),
    },
    reference: reference?.name ?? null,
    ratio: reference ? Number((rate.median / reference.rate.median).toFixed(3)) : null,
    insertRatio: insertBaseline ? Number((rate.median / insertBaseline.median).toFixed(3)) : null,
  };
};

/** Items per account in the data-growth pairs: completing among few of them, and among many (issue 21's 5 and 500). */
const ITEMS_FEW = 5;
const ITEMS_MANY = 500;
/** The history of backfill-new-habit's habits, in days: begun a week ago, completed daily but for the day it records. */
const WEEK = 7;

/** Commands per client in each kind's budget phase: enough for a steady profile, without doubling the section's time. */
const BUDGET_COMMANDS_PER_CLIENT = 60;

/** Commands per client in each phase of the compiled server's memory (shipped-memory.ts), reads four times as many. */
const SHIPPED_MEMORY_PER_CLIENT = 40;

/**
 * The rates and ratios below, then the budget per command (command-budget.ts) against a server in a
 * process of its own on the same database, once this process's runtime has stopped.
 */
export const measureCommands = async (
  databaseUrl: string,
  shippedDatabaseUrl: string,
  settings: CommandSettings,
  progress: Progress,
): Promise<CommandsSection> => {
  const section = await measureCommandRates(databaseUrl, settings, progress);
  const budget = await measureCommandBudget(
    databaseUrl,
    {
      clients: settings.httpClients,
      warmUpPerClient: settings.commandWarmUpPerClient,
      perClient: Math.min(settings.commandsPerClient, BUDGET_COMMANDS_PER_CLIENT),
    },
    progress,
  );
  const shippedMemory = await measureShippedMemory(shippedDatabaseUrl, { clients: settings.httpClients, perClient: SHIPPED_MEMORY_PER_CLIENT }, progress);
  return { ...section, budget, shippedMemory };
};

/**
 * Commands and reads over real HTTP against the whole runtime in this process, beside raw
 * single-row INSERT commits/s with as many clients on the same PostgreSQL. Runs are interleaved,
 * so drift on the machine hits every workload alike.
 */
const measureCommandRates = async (databaseUrl: string, settings: CommandSettings, progress: Progress): Promise<CommandsSection> => {
  const { httpClients: clients, commandRepetitions: repetitions } = settings;
  const runtime = await startBenchRuntime(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: clients, application_name: 'bench' });
  pool.on('error', () => undefined);
  const counter = installStatementCounter();
  const ops = createOpsDb(databaseUrl);
  const users: BenchUser[] = [];
  let bare: BareInsertServer | undefined;
  try {
    // The runtime created es.events; the baseline table copies it.
    await createBaselineTable(pool);
    bare = await startBareInsertServer(databaseUrl, clients);
    const writers = await registerUsers(runtime.url, 'writer', clients);
    const readers = await registerUsers(runtime.url, 'reader', clients);
    users.push(...writers, ...readers);
    progress(`commands: seeding ${settings.listedGoals} goals for each of ${clients} readers`);
    await seedGoals(readers, settings.listedGoals);
    const completions = repetitions * (settings.commandWarmUpPerClient + settings.commandsPerClient);
    progress(`commands: seeding ${completions} subtasks for each of ${clients} writers`);
    await seedSubtasks(writers, completions);
    // Completed last, by the first writer alone.
    await seedSubtasks(writers.slice(0, 1), settings.aloneWarmUp + settings.aloneCommands);
    progress(`commands: seeding ${completions} actionables and ${completions} habits for each of ${clients} writers`);
    await seedActionablesAndHabits(writers, completions);
    await seedActionablesAndHabits(writers.slice(0, 1), settings.aloneWarmUp + settings.aloneCommands);
    progress(`commands: seeding ${completions} habits begun a week ago (to record yesterday afterwards) for each of ${clients} writers`);
    for (const [index, writer] of writers.entries()) {
      const count = completions + (index === 0 ? settings.aloneWarmUp + settings.aloneCommands : 0);
      for (let n = 0; n < count; n++) writer.backfillableHabits.push(await seedBackfillableHabit(runtime.store, writer));
    }

    // Habits completed daily for years beside new ones, for as many clients as the seeding allows.
    const historians = await registerUsers(runtime.url, 'historian', settings.historyClients);
    users.push(...historians);
    const perHistorian = repetitions * (settings.historyWarmUpPerClient + settings.historyPerClient);
    const days = Math.round(settings.historyYears * 365);
    progress(`commands: seeding ${perHistorian} habits with ${days} days of history (and ${perHistorian} new ones) for each of ${historians.length} clients`);
    const snapshots = createOpsSnapshotStore(ops.db);
    const historyAlone = settings.historyWarmUpPerClient + settings.historyAlone;
    for (const [index, historian] of historians.entries()) {
      const count = perHistorian + (index === 0 ? historyAlone : 0);
      // One day missed, for backfill-<N>y-habit to record once complete and undo are done with the habit.
      for (let n = 0; n < count; n++)
        historian.veteranHabits.push(await seedVeteranHabit(runtime.store, snapshots, historian, days, [VETERAN_MISSED_DAYS_BACK]));
      // Beside them, habits a week old that missed the same day: backfill-new-habit records it as
      // backfill-<N>y-habit does (a gap with a later day to recount), so the pair differs in history only.
      for (let n = 0; n < count; n++)
        historian.backfillableHabits.push(await seedVeteranHabit(runtime.store, snapshots, historian, WEEK, [VETERAN_MISSED_DAYS_BACK]));
    }
    await seedActionablesAndHabits(historians, perHistorian);
    await seedActionablesAndHabits(historians.slice(0, 1), historyAlone);

    // Completions in accounts of few and of many items: each client acts for accounts in turn, the same few requests each.
    const holders = {
      few: await registerUsers(runtime.url, 'few-items', settings.historyClients),
      many: await registerUsers(runtime.url, 'many-items', settings.historyClients),
    };
    users.push(...holders.few, ...holders.many);
    const accountsFor = (index: number) => Math.ceil((perHistorian + (index === 0 ? historyAlone : 0)) / ITEMS_PER_ACCOUNT_TURN);
    const accountCount = holders.few.reduce((sum, _, index) => sum + accountsFor(index), 0);
    progress(`commands: seeding ${accountCount} accounts of ${ITEMS_FEW} and ${accountCount} of ${ITEMS_MANY} actionables and subtasks`);
    for (const [label, items] of [
      ['few', ITEMS_FEW],
      ['many', ITEMS_MANY],
    ] as const) {
      const accounts = await registerUsers(runtime.url, `${label}-items-account`, accountCount);
      users.push(...accounts);
      let next = 0;
      for (const [index, holder] of holders[label].entries()) {
        for (let n = 0; n < accountsFor(index); n++) {
          const account = accounts[next++]!;
          const seeded = await seedItems(runtime.store, account, items);
          holder.accounts.push({
            userId: account.userId,
            token: account.client.token!,
            pendingActionables: seeded.actionables.slice(0, ITEMS_PER_ACCOUNT_TURN),
            pendingSubtasks: seeded.subtasks.slice(0, ITEMS_PER_ACCOUNT_TURN),
          });
        }
      }
    }
    await waitUntilProjected(writers[0]!.client, 600_000);

    const health = checkHealth(writers);
    // Commands are compared with the bare HTTP INSERT server (and raw INSERT commits, a second column),
    // the list with the cheapest request there is.
    // Each pair of the data growth, timed interleaved (timePair): the second is compared with the first.
    const history = {
      warmUp: settings.historyWarmUpPerClient,
      timed: settings.historyPerClient,
      alone: settings.historyAlone,
      aloneWarmUp: settings.historyWarmUpPerClient,
    };
    const pair = (first: RequestWorkload, second: RequestWorkload) => [
      { ...history, workload: first, interleavedWith: second },
      { ...history, workload: second, versus: first.name, interleaved: true },
    ];
    const workloads: Array<{
      workload: RequestWorkload;
      warmUp: number;
      timed: number;
      alone: number;
      aloneWarmUp?: number;
      /** 'bare' (with raw INSERT beside), 'health', or the name of the workload this one is compared with. */
      versus?: string;
      /** The second of its pair: timed with this one, request by request. */
      interleavedWith?: RequestWorkload;
      /** Timed with the first of its pair. */
      interleaved?: boolean;
    }> = [
      {
        workload: postBareInserts(bare),
        warmUp: settings.commandWarmUpPerClient,
        timed: settings.commandsPerClient,
        alone: settings.aloneCommands,
      },
      {
        workload: createGoals(writers),
        warmUp: settings.commandWarmUpPerClient,
        timed: settings.commandsPerClient,
        alone: settings.aloneCommands,
        versus: 'bare',
      },
      {
        workload: completeSubtasks(writers),
        warmUp: settings.commandWarmUpPerClient,
        timed: settings.commandsPerClient,
        alone: settings.aloneCommands,
        versus: 'bare',
      },
      {
        workload: completeActionables(writers),
        warmUp: settings.commandWarmUpPerClient,
        timed: settings.commandsPerClient,
        alone: settings.aloneCommands,
        versus: 'bare',
      },
      {
        workload: completeFreshHabits(writers),
        warmUp: settings.commandWarmUpPerClient,
        timed: settings.commandsPerClient,
        alone: settings.aloneCommands,
        versus: 'bare',
      },
      // Takes back what complete-habit just completed (run after it, as many).
      {
        workload: undoHabitCompletions(writers),
        warmUp: settings.commandWarmUpPerClient,
        timed: settings.commandsPerClient,
        alone: settings.aloneCommands,
        versus: 'bare',
      },
      {
        workload: backfillHabits(writers),
        warmUp: settings.commandWarmUpPerClient,
        timed: settings.commandsPerClient,
        alone: settings.aloneCommands,
        versus: 'bare',
      },
      // Complete, then take back, then record a missed day: each veteran habit goes through all three in turn.
      ...pair(completeFreshHabits(historians, 'complete-new-habit'), completeVeteranHabits(historians, settings.historyYears)),
      ...pair(undoHabitCompletions(historians, 'undo-new-habit'), undoHabitCompletions(historians, `undo-${settings.historyYears}y-habit`, true)),
      ...pair(
        backfillHabits(historians, 'backfill-new-habit', false, VETERAN_MISSED_DAYS_BACK),
        backfillHabits(historians, `backfill-${settings.historyYears}y-habit`, true),
      ),
      ...pair(completeItemsOfAccounts(holders.few, 'actionable', ITEMS_FEW), completeItemsOfAccounts(holders.many, 'actionable', ITEMS_MANY)),
      ...pair(completeItemsOfAccounts(holders.few, 'subtask', ITEMS_FEW), completeItemsOfAccounts(holders.many, 'subtask', ITEMS_MANY)),
      { workload: health, warmUp: settings.readWarmUpPerClient, timed: settings.readsPerClient, alone: settings.aloneReads },
      ...[false, true].map((built) => ({
        workload: listGoals(readers, settings.listedGoals, built),
        warmUp: settings.readWarmUpPerClient,
        timed: settings.readsPerClient,
        alone: settings.aloneReads,
        versus: 'health' as const,
      })),
    ];
    const inserts: number[] = [];
    const runs = new Map<string, Timed[]>(workloads.map(({ workload }) => [workload.name, []]));
    for (let run = 1; run <= repetitions; run++) {
      await pool.query(`TRUNCATE ${BASELINE_TABLE}`);
      await pool.query('CHECKPOINT');
      const insert = insertSingleRows(pool);
      await insert(settings.baselineWarmUpInserts, clients);
      inserts.push(await ratePerSecond(settings.baselineInserts, () => insert(settings.baselineInserts, clients)));
      const line = [`INSERT ${Math.round(inserts.at(-1)!)}/s`];
      for (const { workload, warmUp, timed, interleavedWith, interleaved } of workloads) {
        if (interleaved) continue;
        await pool.query('CHECKPOINT');
        const results = interleavedWith
          ? await timePair(workload, interleavedWith, warmUp, timed, counter, writers[0]!)
          : [await timeWorkload(workload, warmUp, timed, counter, writers[0]!)];
        for (const [index, result] of results.entries()) {
          const name = index === 0 ? workload.name : interleavedWith!.name;
          runs.get(name)!.push(result);
          line.push(`${name} ${Math.round(result.rate)}/s`);
        }
      }
      progress(`commands run ${run}/${repetitions}: ${line.join(', ')}`);
    }
    const alone = new Map<string, Timed>();
    const phases = new Map<string, RequestPhases | undefined>();
    // Each request of a command alone, marked for where its time goes (request-phases.ts).
    const firstUser = (workload: RequestWorkload): RequestWorkload => withPhases({ ...workload, users: workload.users.slice(0, 1) });
    const marking = installRequestPhases();
    try {
      for (const { workload, alone: count, aloneWarmUp, interleavedWith, interleaved } of workloads) {
        if (interleaved) continue;
        const warmUp = aloneWarmUp ?? settings.aloneWarmUp;
        if (interleavedWith) {
          const [first, second] = await timePair(firstUser(workload), firstUser(interleavedWith), warmUp, count, counter, writers[0]!);
          alone.set(workload.name, first);
          alone.set(interleavedWith.name, second);
          phases.set(interleavedWith.name, takePhases(interleavedWith.name, warmUp));
        } else alone.set(workload.name, await timeWorkload(firstUser(workload), warmUp, count, counter, writers[0]!));
        phases.set(workload.name, takePhases(workload.name, warmUp));
      }
    } finally {
      marking.uninstall();
    }

    const insertBaseline = summarise(inserts);
    const referenceOf = (versus: string): Reference =>
      versus === 'bare'
        ? { name: 'bare HTTP INSERT req/s', rate: summarise(runs.get(BARE_INSERT)!.map((r) => r.rate)) }
        : { name: `${versus} req/s`, rate: summarise(runs.get(versus === 'health' ? health.name : versus)!.map((r) => r.rate)) };
    return {
      clients,
      requestsPerRun: Object.fromEntries(workloads.map(({ workload, timed }) => [workload.name, timed * workload.users.length])),
      insertBaseline,
      insertBaselineDescription: `single-row autocommit INSERT commits/s into ${BASELINE_TABLE} (LIKE es.events INCLUDING ALL), ${clients} workers on a pool of ${clients}, same database`,
      bareInsertDescription: `${BARE_INSERT_DESCRIPTION} (${clients} clients, pool of ${clients}, into ${BASELINE_TABLE})`,
      workloads: workloads.map(({ workload, versus }) =>
        figuresOf(
          workload,
          runs.get(workload.name)!,
          alone.get(workload.name)!,
          versus === undefined ? undefined : referenceOf(versus),
          versus === 'bare' ? insertBaseline : undefined,
          phases.get(workload.name),
        ),
      ),
    };
  } finally {
    counter.uninstall();
    await ops.destroy();
    for (const user of users) user.client.close();
    await bare?.stop();
    await pool.end();
    await runtime.stop();
  }
};
