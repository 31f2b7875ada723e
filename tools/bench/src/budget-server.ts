import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { startRuntime } from '@tracker/api/process/runtime';
import { benchConfig } from './bench-runtime.ts';

// The command budget's server: the whole runtime (role 'all', its projections on the API's event loop
// here, unlike `npm start`, so every query and every sample is seen and split by stage) in a process of
// its own, so its CPU time is the server's alone. It counts every query its pg clients send, split by
// whether an HTTP request sent it (the command's own path) or something else did (the projection
// runner, progress, NOTIFY), and profiles a phase with V8's sampling profiler on request. Started with
// `fork`: sends { url } once serving; then answers 'begin' and 'end' messages (below); exits on 'stop'.
// Arguments: <database url> <profile folder>.

export type BudgetMessage = { type: 'begin'; label: string } | { type: 'end' } | { type: 'stop' };

/** One query text, trimmed to its first words, and how often each side sent it. */
export interface QueryCount {
  text: string;
  request: number;
  background: number;
}

export interface PhaseFigures {
  /** Requests the server finished answering in the phase. */
  requests: number;
  /** Microseconds of CPU (user + system) of this process over the phase. */
  cpuUserMicros: number;
  cpuSystemMicros: number;
  wallMs: number;
  /** `client.query` calls: each is one round trip (pg sends parse, bind, execute and sync in one write). */
  roundTrips: { request: number; background: number };
  /** SQL statements in those calls: a string of several `;`-separated statements counts each. */
  statements: { request: number; background: number };
  queries: QueryCount[];
  /** The .cpuprofile of the phase. */
  profilePath: string;
  /** Resident set size of this process (API, projections and the profiler's samples), MiB: the largest sampled in the phase, and the process's peak so far (VmHWM). */
  rssMiB: { phasePeak: number; processPeak: number };
}

const [databaseUrl, profileDir] = process.argv.slice(2) as [string, string];

const MIB = 1024 * 1024;
/** The process's peak resident set size (VmHWM), MiB. */
const processPeakMiB = (): number => {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) / 1024 : process.memoryUsage.rss() / MIB;
};

const inRequest = new AsyncLocalStorage<true>();

// Everything a request handler does runs inside the 'request' event's listeners, so queries sent on
// its behalf (kysely and pg alike, whatever the pool) carry the request's async context.
type Emit = (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
const emit = (http.Server.prototype as unknown as { emit: Emit }).emit;
http.Server.prototype.emit = function emitInRequest(this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
  if (event !== 'request') return emit.call(this, event, ...args);
  const response = args[1] as http.ServerResponse;
  response.once('finish', () => phase.requests++);
  return inRequest.run(true, () => emit.call(this, event, ...args));
};

const statementsIn = (text: string): number => Math.max(1, text.split(';').filter((part) => part.trim().length > 0).length);
/** A query's first words, literals aside, so the same statement with other values counts once. */
const shapes = new Map<string, { shape: string; statements: number }>();
const shapeOf = (text: string): { shape: string; statements: number } => {
  let known = shapes.get(text);
  if (!known) {
    known = { shape: trimmed(text), statements: statementsIn(text) };
    if (shapes.size < 10_000) shapes.set(text, known);
  }
  return known;
};
const trimmed = (text: string): string =>
  text
    .replace(/\s+/g, ' ')
    .replace(/'[^']*'/g, "'…'")
    .replace(/\$\d+/g, '$')
    .trim()
    .slice(0, 110);

const fresh = () => ({
  requests: 0,
  roundTrips: { request: 0, background: 0 },
  statements: { request: 0, background: 0 },
  queries: new Map<string, QueryCount>(),
});
let phase = fresh();

type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const prototype = pg.Client.prototype as unknown as { query: Query };
const query = prototype.query;
prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]): unknown {
  const first = args[0];
  const text = typeof first === 'string' ? first : typeof (first as { text?: unknown })?.text === 'string' ? (first as { text: string }).text : '';
  const side = inRequest.getStore() ? 'request' : 'background';
  phase.roundTrips[side]++;
  const { shape, statements } = shapeOf(text);
  phase.statements[side] += statements;
  const counted = phase.queries.get(shape) ?? { text: shape, request: 0, background: 0 };
  counted[side]++;
  phase.queries.set(shape, counted);
  return query.apply(this, args);
};

const main = async (): Promise<void> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tracker-bench-budget-'));
  const runtime = await startRuntime(benchConfig(databaseUrl, dataDir), {
    role: 'all',
    log: pino({ level: 'silent' }),
    mailer: { send: () => Promise.resolve() },
    webDistDir: path.join(dataDir, 'no-web-bundle'),
  });
  const inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
  // 250 µs: four samples per millisecond of a command's CPU, still a few per cent of overhead at most.
  await inspector.post('Profiler.setSamplingInterval', { interval: 250 });

  let label = '';
  let cpu = process.cpuUsage();
  let started = performance.now();
  // Sampled every 50 ms through each phase, so the figure is the phase's own peak.
  let rssPeak = 0;
  setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 50).unref();
  process.on('message', (message: BudgetMessage) => {
    void (async () => {
      if (message.type === 'begin') {
        label = message.label;
        phase = fresh();
        await inspector.post('Profiler.start');
        cpu = process.cpuUsage();
        started = performance.now();
        rssPeak = process.memoryUsage.rss();
        process.send!({ type: 'begun' });
      } else if (message.type === 'end') {
        const used = process.cpuUsage(cpu);
        const wallMs = performance.now() - started;
        const { profile } = await inspector.post('Profiler.stop');
        const profilePath = path.join(profileDir, `${label}.cpuprofile`);
        await writeFile(profilePath, JSON.stringify(profile));
        const figures: PhaseFigures = {
          requests: phase.requests,
          cpuUserMicros: used.user,
          cpuSystemMicros: used.system,
          wallMs,
          roundTrips: phase.roundTrips,
          statements: phase.statements,
          queries: [...phase.queries.values()],
          profilePath,
          rssMiB: { phasePeak: Math.max(rssPeak, process.memoryUsage.rss()) / MIB, processPeak: processPeakMiB() },
        };
        process.send!({ type: 'ended', figures });
      } else if (message.type === 'stop') {
        inspector.disconnect();
        await runtime.stop().finally(() => rm(dataDir, { recursive: true, force: true }));
        process.exit(0);
      }
    })();
  });
  process.send!({ type: 'ready', url: runtime.url ?? null });
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
