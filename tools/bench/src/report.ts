import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatCapacity, type CapacitySection } from './capacity.ts';
import { formatCommandBudget, type CommandBudget } from './command-budget.ts';
import { formatFairness, type FairnessSection } from './fairness.ts';
import type { Summary } from './measure.ts';
import { formatRebuild, type RebuildSection } from './rebuild.ts';
import type { RequestPhases } from './request-phases.ts';
import type { ShippedMemory } from './shipped-memory.ts';

export interface Comparison {
  metric: string;
  /** What the baseline figure measures, e.g. 'single-row INSERT commits/s'. */
  baseline: string;
  storeRate: Summary;
  baselineRate: Summary;
  /** store median / baseline median. */
  ratio: number;
}

export interface Machine {
  cores: number;
  cpuModel: string;
  platform: string;
  node: string;
  postgres: string;
  /** 1, 5 and 15 minute load averages when the run started: other work on the machine skews figures. */
  loadAverage: number[];
}

/** One workload over HTTP: its rate, latencies and SQL cost, and its rate as a share of a reference rate. */
export interface RequestFigures {
  workload: string;
  request: string;
  /** Requests answered per second, per timed run. */
  rate: Summary;
  /** Latency percentiles over every timed request of every run. */
  p50Ms: number;
  p99Ms: number;
  /** SQL statements sent from the API's thread per request (the projections run on their own thread, as in `npm start`, and are not counted here). */
  sqlPerRequest: number;
  /** The same request from one client alone: no concurrency, so no batching of projector work either. */
  alone: { requests: number; p50Ms: number; p99Ms: number; sqlPerRequest: number; phases?: RequestPhases };
  /** What `ratio` divides by: the raw INSERT baseline or another workload; null for none. */
  reference: string | null;
  /** rate median / reference median. */
  ratio: number | null;
  /** For commands: rate median / raw INSERT commits/s median, beside the ratio to the bare HTTP INSERT server. */
  insertRatio?: number | null;
}

export interface CommandsSection {
  clients: number;
  requestsPerRun: Record<string, number>;
  /** Single-row autocommit INSERT commits/s with as many clients, on the same PostgreSQL. */
  insertBaseline: Summary;
  insertBaselineDescription: string;
  /** What the commands' ratio divides by (a workload of its own, bare-http-insert). */
  bareInsertDescription?: string;
  workloads: RequestFigures[];
  /** Per command kind: CPU, round trips and statements, from a server in a process of its own. */
  budget?: CommandBudget | undefined;
  /** The compiled server's resident memory under the commands' load (shipped-memory.ts). */
  shippedMemory?: ShippedMemory | undefined;
}

/** The dashboard's reads for one user with years of history among many users. */
export interface DashboardSection {
  clients: number;
  users: number;
  /** Events recorded for the user whose dashboard is read; all events in the log. */
  ownerEvents: number;
  events: number;
  requestsPerRun: Record<string, number>;
  workloads: RequestFigures[];
}

export interface BenchReport {
  mode: 'quick' | 'full';
  startedAt: string;
  machine: Machine;
  settings: Record<string, number>;
  /** Empty when the store sections did not run (`--only`). */
  results: Comparison[];
  commands?: CommandsSection | undefined;
  dashboard?: DashboardSection | undefined;
  rebuild?: RebuildSection | undefined;
  fairness?: FairnessSection | undefined;
  capacity?: CapacitySection | undefined;
}

export const compare = (metric: string, baseline: string, storeRate: Summary, baselineRate: Summary): Comparison => ({
  metric,
  baseline,
  storeRate,
  baselineRate,
  ratio: Number((storeRate.median / baselineRate.median).toFixed(2)),
});

const formatRate = (value: number): string => Math.round(value).toLocaleString('en-US');

const formatSpread = (summary: Summary): string => `${summary.spreadPercent.toFixed(1)}% (${formatRate(summary.min)}–${formatRate(summary.max)})`;

export const renderTable = (header: string[], rows: string[][]): string[] => {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  // The first column is text; the others are figures and read best right-aligned.
  const line = (cells: string[]): string =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)];
};

const formatMs = (value: number): string => value.toFixed(value < 10 ? 2 : 1);

const requestTable = (workloads: RequestFigures[], extraRows: string[][] = []): string[] => {
  // Commands are divided by the bare HTTP INSERT server and, in a column of their own, by raw INSERT.
  const withInsert = workloads.some((w) => w.insertRatio != null);
  const insertColumn = (cell: string): string[] => (withInsert ? [cell] : []);
  return renderTable(
    ['workload', 'req/s', 'p50 ms', 'p99 ms', 'SQL/req', 'ratio', 'of', ...insertColumn('÷ raw INSERT'), 'req/s spread'],
    [
      ...workloads.map((w) => [
        w.workload,
        formatRate(w.rate.median),
        formatMs(w.p50Ms),
        formatMs(w.p99Ms),
        w.sqlPerRequest.toFixed(1),
        w.ratio?.toFixed(3) ?? '',
        w.reference ?? '',
        ...insertColumn(w.insertRatio?.toFixed(3) ?? ''),
        formatSpread(w.rate),
      ]),
      ...extraRows,
    ],
  );
};

/** With the median of each phase of a command's requests (request-phases.ts) when they were timed. */
const aloneTable = (workloads: RequestFigures[]): string[] => {
  const phased = workloads.some((w) => w.alone.phases);
  const phaseCells = (phases: RequestPhases | undefined): string[] => {
    if (!phased) return [];
    if (!phases) return ['', '', '', '', ''];
    return [...[phases.commandMs, phases.waitMs, phases.answerMs, phases.outsideMs].map(formatMs), phases.inARow.toFixed(1)];
  };
  return renderTable(
    ['one client alone', 'p50 ms', 'p99 ms', 'SQL/req', 'requests', ...(phased ? ['command ms', 'wait ms', 'answer ms', 'outside ms', 'in a row'] : [])],
    workloads.map((w) => [
      w.workload,
      formatMs(w.alone.p50Ms),
      formatMs(w.alone.p99Ms),
      w.alone.sqlPerRequest.toFixed(1),
      String(w.alone.requests),
      ...phaseCells(w.alone.phases),
    ]),
  );
};

const formatDashboard = (section: DashboardSection): string[] => {
  const runs = section.workloads[0]?.rate.runs.length ?? 0;
  return [
    `Dashboard reads over HTTP: ${section.clients} concurrent clients reading one user's dashboard (${section.ownerEvents.toLocaleString('en-US')} events of their own) among ${section.users.toLocaleString('en-US')} users, ${section.events.toLocaleString('en-US')} events in all`,
    `figures: req/s median of ${runs} runs; p50/p99 over every timed request; ratio = req/s / health req/s median (aim ≥ 0.25, p99 < 20 ms)`,
    '',
    ...requestTable(section.workloads),
    '',
    ...aloneTable(section.workloads),
    '',
    'workloads:',
    ...section.workloads.map((w) => `  ${w.workload}: ${w.request}, ${section.requestsPerRun[w.workload] ?? '?'} requests per run`),
    '',
  ];
};

const formatShippedMemory = (memory: ShippedMemory, clients: number): string[] => [
  `Server memory as it ships: npm start's compiled build (API and projections thread, one process of its own), ${clients} clients; RSS ${memory.idleMiB.toFixed(0)} MiB ready and idle (aim: under 200 MiB through the bench)`,
  '',
  ...renderTable(
    ['phase', 'requests', 'req/s', 'RSS peak MiB', 'process peak (VmHWM)'],
    memory.phases.map((phase) => [
      phase.name,
      String(phase.requests),
      Math.round(phase.rate).toLocaleString('en-US'),
      phase.peakMiB.toFixed(0),
      phase.processPeakMiB.toFixed(0),
    ]),
  ),
  '',
];

const formatCommands = (section: CommandsSection): string[] => {
  const runs = section.insertBaseline.runs.length;
  const table = requestTable(section.workloads, [
    ['raw INSERT', formatRate(section.insertBaseline.median), '', '', '1.0', '', '', '1.000', formatSpread(section.insertBaseline)],
  ]);
  const alone = aloneTable(section.workloads);
  const requests = section.workloads.map((w) => `  ${w.workload}: ${w.request}, ${section.requestsPerRun[w.workload] ?? '?'} requests per run`);
  return [
    `Commands over HTTP: ${section.clients} concurrent clients, each its own user, token and keep-alive connection; the runtime (role 'all', its projections on a thread of their own as npm start runs them) in this process, the bare HTTP INSERT server in its own (the command budget below has both out of the clients' process)`,
    `figures: req/s median of ${runs} runs; p50/p99 over every timed request; SQL/req = pg statements from the API's thread per request (the projections' thread, as npm start runs it, not counted: the command budget counts them); ratio = req/s / reference median`,
    `data-growth pairs (a row whose 'of' names another command): the two run interleaved request by request on the same clients, req/s = clients / median latency, SQL/req the pair's mean`,
    '',
    ...table,
    '',
    ...alone,
    ...(section.workloads.some((w) => w.alone.phases)
      ? [
          'phases alone (medians): command = request received to es.append_events returned (auth, load, decide, append); wait = to the answer’s first read (read-your-writes: the projectors applying the events); answer = to the response finished; outside = the client’s latency less the server’s (HTTP, TCP, client); in a row = statements the request waited for one after another (sent with none other of its own in flight; NOTIFY and the snapshot kept after the append left out)',
        ]
      : []),
    '',
    'workloads:',
    ...requests,
    ...(section.bareInsertDescription ? [`  bare-http-insert: ${section.bareInsertDescription}`] : []),
    `  raw INSERT: ${section.insertBaselineDescription}`,
    '',
    ...(section.budget ? formatCommandBudget(section.budget, renderTable) : []),
    ...(section.shippedMemory ? formatShippedMemory(section.shippedMemory, section.clients) : []),
  ];
};

export const formatReport = (report: BenchReport): string => {
  const { machine, settings } = report;
  const runs = report.results[0]?.storeRate.runs.length ?? 0;
  const table = renderTable(
    ['metric', 'store', 'baseline', 'ratio', 'store spread', 'baseline spread'],
    report.results.map((r) => [
      r.metric,
      formatRate(r.storeRate.median),
      formatRate(r.baselineRate.median),
      r.ratio.toFixed(2),
      formatSpread(r.storeRate),
      formatSpread(r.baselineRate),
    ]),
  );
  const baselines = report.results.map((r) => `  ${r.metric}: ${r.baseline}`);
  const settingsLine = Object.entries(settings)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  return [
    `Event store benchmark (${report.mode}), ${report.startedAt}`,
    `machine: ${machine.cores} cores (${machine.cpuModel}), ${machine.platform}, node ${machine.node}, PostgreSQL ${machine.postgres}, load average at start ${machine.loadAverage.map((l) => l.toFixed(2)).join(' ')}`,
    `settings: ${settingsLine}`,
    ...(report.results.length > 0
      ? [`figures: median of ${runs} runs; ratio = store / baseline; spread = (max − min) / median (min–max)`, '', ...table, '', 'baselines:', ...baselines, '']
      : ['']),
    ...(report.commands ? formatCommands(report.commands) : []),
    ...(report.dashboard ? formatDashboard(report.dashboard) : []),
    ...(report.rebuild ? formatRebuild(report.rebuild) : []),
    ...(report.fairness ? formatFairness(report.fairness) : []),
    ...(report.capacity ? formatCapacity(report.capacity) : []),
  ].join('\n');
};

export const writeReportJson = async (file: string, report: BenchReport): Promise<void> => {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
};
