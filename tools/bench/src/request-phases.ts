import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { percentile } from './measure.ts';
import type { RequestWorkload } from './command-workloads.ts';

// Where a command's time goes, one client alone, the server in this process: the bench's client marks
// the request it sends, the server's 'request' event carries the mark into the request's async
// context, and the pg statements sent from that context say when the append returned and when the
// answer's first read went out. A fixed delay on one kind of request then names its phase: the
// command (auth, load, decide, append), the read-your-writes wait (the projectors applying the
// command's events), the answer, or outside the server (HTTP, TCP, the client).

/** Median ms of each phase over a workload's requests. */
export interface RequestPhases {
  /** Request received to es.append_events returned: auth, load, decide, append. */
  commandMs: number;
  /** Append returned to the answer's first read: waiting for the projectors (read-your-writes). */
  waitMs: number;
  /** First read to the response finished: reading and shaping the answer. */
  answerMs: number;
  /** The client's latency less the server's: HTTP and TCP between them, the client's own work. */
  outsideMs: number;
  /** Mean statements the request sent while none other of its own was in flight: round trips waited for one after another. */
  inARow: number;
}

interface Marked {
  sent: number;
  inFlight: number;
  inARow: number;
  received?: number;
  appended?: number;
  firstRead?: number;
  finished?: number;
  answered?: number;
}

const inRequest = new AsyncLocalStorage<Marked>();
/** The request the client is sending now (one client alone: at most one at a time). */
let sending: Marked | undefined;
const recorded = new Map<string, Marked[]>();

/** Sent by a request but not waited for: the subscribers' wake-up, and the snapshot kept after the append (its load, a SELECT, is waited for). */
const UNAWAITED = ['pg_notify', 'insert into "ops"."stream_snapshots"'];

type Emit = (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
type Query = (this: pg.Client, ...args: unknown[]) => unknown;

const textOf = (first: unknown): string =>
  typeof first === 'string' ? first : typeof (first as { text?: unknown })?.text === 'string' ? (first as { text: string }).text : '';

/** Wraps the server's request event and pg's query (once per process); records only marked requests. */
export const installRequestPhases = (): { uninstall(): void } => {
  const server = http.Server.prototype as unknown as { emit: Emit };
  const emit = server.emit;
  server.emit = function emitMarked(this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    const marked = event === 'request' ? sending : undefined;
    if (!marked) return emit.call(this, event, ...args);
    sending = undefined;
    marked.received = performance.now();
    (args[1] as http.ServerResponse).once('finish', () => (marked.finished = performance.now()));
    return inRequest.run(marked, () => emit.call(this, event, ...args));
  };
  const client = pg.Client.prototype as unknown as { query: Query };
  const query = client.query;
  client.query = function queryMarked(this: pg.Client, ...args: unknown[]): unknown {
    const marked = inRequest.getStore();
    if (!marked) return query.apply(this, args);
    const text = textOf(args[0]);
    const awaited = !UNAWAITED.some((part) => text.includes(part));
    if (marked.appended !== undefined && marked.firstRead === undefined && awaited && !text.includes('projection_checkpoints'))
      marked.firstRead = performance.now();
    if (!awaited) return query.apply(this, args);
    if (marked.inFlight === 0) marked.inARow++;
    marked.inFlight++;
    const appends = text.includes('es.append_events');
    const done = () => {
      marked.inFlight--;
      if (appends) marked.appended = performance.now();
    };
    const callback = args.at(-1);
    if (typeof callback === 'function') args[args.length - 1] = (...result: unknown[]) => (done(), (callback as (...a: unknown[]) => unknown)(...result));
    const result = query.apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
  return {
    uninstall: () => {
      server.emit = emit;
      client.query = query;
    },
  };
};

/** `workload` with each request it sends marked for its phases, under its name. */
export const withPhases = (workload: RequestWorkload): RequestWorkload => ({
  ...workload,
  send: async (user, index) => {
    const marked: Marked = { sent: performance.now(), inFlight: 0, inARow: 0 };
    sending = marked;
    try {
      await workload.send(user, index);
    } finally {
      sending = undefined;
      marked.answered = performance.now();
      recorded.set(workload.name, [...(recorded.get(workload.name) ?? []), marked]);
    }
  },
});

/** The medians of a workload's marked requests since the last call (the first `skip`, its warm-up, left out); undefined if none appended. */
export const takePhases = (name: string, skip: number): RequestPhases | undefined => {
  const complete = (recorded.get(name) ?? [])
    .slice(skip)
    .filter(
      (m): m is Required<Marked> =>
        m.received !== undefined && m.appended !== undefined && m.firstRead !== undefined && m.finished !== undefined && m.answered !== undefined,
    );
  recorded.delete(name);
  if (complete.length === 0) return undefined;
  const median = (values: number[]) => percentile(values, 50);
  return {
    commandMs: median(complete.map((m) => m.appended - m.received)),
    waitMs: median(complete.map((m) => m.firstRead - m.appended)),
    answerMs: median(complete.map((m) => m.finished - m.firstRead)),
    outsideMs: median(complete.map((m) => m.answered - m.sent - (m.finished - m.received))),
    inARow: complete.reduce((sum, m) => sum + m.inARow, 0) / complete.length,
  };
};
