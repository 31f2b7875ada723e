// npm run test:multi-process — the product scaled out on one machine as an operator runs it: one
// PostgreSQL (embedded, started here), two `npm run start:api` processes on two ports and two
// `npm run start:projections` workers, under concurrent clients spread over both APIs (goals created,
// completed, some reopened and some deleted; habits created and completed), every command under its
// own Idempotency-Key and retried under it on the other API when a connection fails, as a load
// balancer would. Checked from outside:
//  (a) the two workers share every lane's partitions about half each (the lane sessions' names,
//      cross-checked with pg_locks and the workers' logs); a worker is killed with SIGKILL under load,
//      the other takes its partitions' locks over within a few seconds (measured per partition), a
//      fresh worker takes half back, and in the end every command is projected exactly once: the read models compared with
//      the event log row by row (ledger rows = award and revocation events, live goals and
//      actionables = created minus deleted, each user's total = the events' sum), and each
//      acknowledged command appears in the log once.
//  (b) read-your-writes across processes: every command answered by one API is read back on the
//      other; an answer without X-Read-Models-Behind must be visible there at once.
//  (c) rolling restart: each API in turn gets SIGTERM (it must stop accepting, answer what is in
//      flight, exit 0) and is started again, then the other, under the same load: no request fails (a
//      5xx, or no answer from either API after its retries).
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startEmbeddedPostgres, type RunningPostgres } from '../../src/db/embedded-postgres.ts';
import { apiAt, caughtUp, freePort, repoRoot, signalGroup, startScript, type Answer, type Running } from '../support/product-process.ts';

const KILLS = Number(process.env.MULTI_PROCESS_KILLS ?? 4);
const USERS = 8;
const CLIENTS = 16;
/** Load runs this long between faults. */
const STEADY_MS = 1_500;
/** "Within a few seconds": a worker looks at its lanes' partitions every second and takes free ones. */
const TAKEOVER_LIMIT_S = 5;
/** An API given SIGTERM answers what is in flight (milliseconds each here) and exits within this. */
const STOP_LIMIT_S = 3;
/** Tries of one request, alternating between the APIs, before it counts as unanswered. */
const TRIES = 8;
const REQUEST_TIMEOUT_MS = 20_000;
/** The whole test, whatever happens (CI's budget for it is three minutes). */
const WATCHDOG_MS = 5 * 60_000;

const runId = randomUUID().slice(0, 8);

/** What a client saw, over every request. */
const tally = {
  /** Requests as the clients meant them (a retry is the same request). */
  requests: 0,
  attempts: 0,
  /** Attempts that got no HTTP answer, by cause (each retried on the other API, same key). */
  retried: new Map<string, number>(),
  /** Requests answered 5xx, or by neither API after TRIES attempts. */
  failed: [] as string[],
  /** A 4xx or a body the request did not call for. */
  wrong: [] as string[],
  reads: 0,
  /** Reads served by the other API than the command's. */
  crossReads: 0,
  /** Commands answered with X-Read-Models-Behind (the bound ran out): read back once the read models had them. */
  answeredBehind: 0,
  /** Commands answered as projected whose read, on the other API, did not see them. */
  readYourWritesViolations: [] as string[],
};
const bump = (map: Map<string, number>, key: string): void => void map.set(key, (map.get(key) ?? 0) + 1);

/** An attempt on the wire, for what a SIGTERM finds in flight. */
interface Attempt {
  outcome?: string;
}
const inFlight = new Map<number, Set<Attempt>>();

class NoAnswer extends Error {}

const causeOf = (error: unknown): string => {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? String(error);
};

/** The product: two APIs (fixed ports, started again on the same one) and the projection workers. */
interface Product {
  ports: [number, number];
  apis: Running[];
  workers: Running[];
  env: Record<string, string>;
  root: string;
}

let processNumber = 0;
const dataDir = async (product: Product, role: string): Promise<string> => {
  const dir = path.join(product.root, `${role}-${++processNumber}`);
  await mkdir(dir, { recursive: true });
  return dir;
};

const startWorker = async (product: Product): Promise<Running> =>
  startScript('start:projections', { ...product.env, LOG_LEVEL: 'info', DATA_DIR: await dataDir(product, 'worker') }, async ({ output }) =>
    output.join('').includes('projection workers running'),
  );

const startApi = async (product: Product, which: 0 | 1): Promise<Running> => {
  const port = product.ports[which];
  return startScript('start:api', { ...product.env, PORT: String(port), LOG_LEVEL: 'warn', DATA_DIR: await dataDir(product, 'api') }, () =>
    fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.status === 200,
      () => false,
    ),
  );
};

/**
 * One request, first to API `prefer`, then alternating: an attempt without an HTTP answer (refused,
 * reset, timed out) is sent again to the other API under the same Idempotency-Key.
 */
const send = async (
  product: Product,
  prefer: 0 | 1,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
  key?: string,
): Promise<{ answer: Answer; api: 0 | 1 }> => {
  tally.requests += 1;
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const api = ((prefer + attempt) % 2) as 0 | 1;
    const port = product.ports[api];
    const wire: Attempt = {};
    const flying = inFlight.get(port) ?? new Set<Attempt>();
    inFlight.set(port, flying.add(wire));
    tally.attempts += 1;
    try {
      const answer = await apiAt(port, REQUEST_TIMEOUT_MS)(method, url, token, body, key);
      wire.outcome = 'answered';
      return { answer, api };
    } catch (error) {
      wire.outcome = causeOf(error);
      bump(tally.retried, wire.outcome);
      // Both APIs refused in turn: one is restarting and the other not yet taking it all; wait a little.
      if (attempt % 2 === 1) await sleep(100 * attempt);
    } finally {
      flying.delete(wire);
    }
  }
  throw new NoAnswer(`${method} ${url}: no answer from either API after ${TRIES} tries`);
};

type Kind = 'goal' | 'habit';
type StepName = 'create' | 'complete' | 'reopen' | 'delete';

interface Op {
  n: number;
  user: number;
  kind: Kind;
  title: string;
  priority: number;
  reopen: boolean;
  remove: boolean;
  id?: string;
  /** Steps acknowledged so far. */
  done: number;
}

interface Step {
  name: StepName;
  method: string;
  url: () => string;
  body?: unknown;
  /** The success statuses. */
  ok: readonly number[];
  /** What the answer tells (the new item's id). */
  took?: (body: Record<string, any>) => void;
  /** The read that must reflect the step, and whether it does. */
  read: () => string;
  holds: (answer: Answer) => boolean;
}

const stepsOf = (op: Op): Step[] => {
  const item = () => op.id!;
  if (op.kind === 'habit')
    return [
      {
        name: 'create',
        method: 'POST',
        url: () => '/actionables/habits',
        body: { title: op.title },
        ok: [201],
        took: (body) => (op.id = body.habit.id as string),
        read: () => `/actionables/${item()}`,
        holds: (a) => a.status === 200 && a.body.actionable?.title === op.title,
      },
      {
        name: 'complete',
        method: 'PATCH',
        url: () => `/actionables/habits/${item()}/complete`,
        ok: [200],
        read: () => `/actionables/${item()}`,
        holds: (a) => a.status === 200 && a.body.actionable?.streak >= 1 && a.body.actionable?.lastCompletedAt !== null,
      },
    ];
  const goal = () => `/goals/goals/${item()}`;
  const status = (value: string) => (a: Answer) => a.status === 200 && a.body.goal?.status === value;
  return [
    {
      name: 'create',
      method: 'POST',
      url: () => '/goals/goals',
      body: { title: op.title, priority: op.priority },
      ok: [201],
      took: (body) => (op.id = body.goal.id as string),
      read: goal,
      holds: (a) => a.status === 200 && a.body.goal?.title === op.title,
    },
    { name: 'complete', method: 'PATCH', url: goal, body: { status: 'completed' }, ok: [200], read: goal, holds: status('completed') },
    ...(op.reopen
      ? [{ name: 'reopen' as const, method: 'PATCH', url: goal, body: { status: 'pending' }, ok: [200], read: goal, holds: status('pending') }]
      : []),
    ...(op.remove ? [{ name: 'delete' as const, method: 'DELETE', url: goal, ok: [200, 204], read: goal, holds: (a: Answer) => a.status === 404 }] : []),
  ];
};

/**
 * Moves `op` on from its last acknowledged step: each command on API `home`, then its read on the
 * other. False when a request failed (the op is finished later, under the same keys).
 */
const runOp = async (product: Product, tokens: string[], op: Op, home: 0 | 1): Promise<boolean> => {
  const token = tokens[op.user]!;
  const steps = stepsOf(op);
  while (op.done < steps.length) {
    const step = steps[op.done]!;
    const what = `${step.name} ${op.title}`;
    let command: { answer: Answer; api: 0 | 1 };
    try {
      command = await send(product, home, step.method, step.url(), token, step.body, `mp-${runId}-${op.n}-${step.name}`);
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error;
      tally.failed.push(`${what}: ${error.message}`);
      return false;
    }
    const { answer } = command;
    if (answer.status >= 500) {
      tally.failed.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return false;
    }
    if (!step.ok.includes(answer.status)) {
      tally.wrong.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return false;
    }
    step.took?.(answer.body);
    op.done += 1;
    // Read-your-writes, on the other process (or this one, when the other is down).
    const other = (1 - command.api) as 0 | 1;
    if (answer.behind) tally.answeredBehind += 1;
    const deadline = Date.now() + 30_000;
    for (let first = true; ; first = false) {
      let read: { answer: Answer; api: 0 | 1 };
      try {
        read = await send(product, other, 'GET', step.read(), token);
      } catch (error) {
        if (!(error instanceof NoAnswer)) throw error;
        tally.failed.push(`read after ${what}: ${error.message}`);
        break;
      }
      tally.reads += 1;
      if (read.api !== command.api) tally.crossReads += 1;
      if (read.answer.status >= 500) tally.failed.push(`read after ${what}: ${read.answer.status}`);
      if (step.holds(read.answer)) break;
      if (!answer.behind) {
        tally.readYourWritesViolations.push(
          `${what}: answered by API ${command.api} as projected; API ${read.api} read ${read.answer.status} ${JSON.stringify(read.answer.body).slice(0, 200)}`,
        );
        break;
      }
      if (Date.now() > deadline) {
        tally.wrong.push(`${what}: answered behind, and still not read back after 30 s`);
        break;
      }
      if (!first) await sleep(100);
    }
  }
  return true;
};

/** Concurrent clients until stopped; each op is created on one API and read on the other, the next op the other way round. */
const runTraffic = (product: Product, tokens: string[], ops: Op[]) => {
  let stopped = false;
  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    while (!stopped) {
      const n = ops.length;
      const op: Op = {
        n,
        user: client % USERS,
        kind: n % 3 === 2 ? 'habit' : 'goal',
        title: `Multi ${n} by client ${client}`,
        priority: 1 + (n % 5),
        reopen: n % 3 === 1 && n % 2 === 0,
        remove: n % 3 === 0 && n % 4 === 0,
        done: 0,
      };
      ops.push(op);
      await runOp(product, tokens, op, ((client + n) % 2) as 0 | 1);
    }
  });
  return async (): Promise<void> => {
    stopped = true;
    await Promise.all(clients);
  };
};

/**
 * Which worker process holds each lane partition now (`<lane>/<p>`): the lane sessions, named
 * `projector:<schema>.<lane> <partitions> pid <pid>`, each counted only while the advisory locks it
 * holds (pg_locks) are as many as the partitions its name gives (a session between taking a lock and
 * renaming itself is left out of this look).
 */
const partitionHolders = async (db: pg.Client): Promise<Map<string, number>> => {
  const { rows } = await db.query<{ name: string; locks: string }>(
    `SELECT a.application_name AS name, (SELECT count(*) FROM pg_locks l WHERE l.pid = a.pid AND l.locktype = 'advisory' AND l.granted) AS locks
       FROM pg_stat_activity a WHERE a.application_name LIKE 'projector:%'`,
  );
  const holders = new Map<string, number>();
  for (const { name, locks } of rows) {
    const match = /^projector:[^.]+\.(\S+) (\S+) pid (\d+)$/.exec(name);
    if (!match || match[2] === '-') continue;
    const partitions = match[2]!.split(',');
    if (partitions.length !== Number(locks)) continue;
    for (const p of partitions) holders.set(`${match[1]}/${p}`, Number(match[3]));
  }
  return holders;
};

/** The process group (the npm that started it) of a process. */
const groupOf = (pid: number): number | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return undefined;
  }
};

/** The lanes the workers' logs say they started (for some of their partitions). */
const lanesLogged = (workers: Running[]): Set<string> =>
  new Set(workers.flatMap((w) => [...w.output.join('').matchAll(/"lane":"([^"]+)"[^\n]*"msg":"projection lane started"/g)].map((m) => m[1]!)));

const laneOf = (slot: string): string => slot.slice(0, slot.lastIndexOf('/'));

/** Every lane partition held, by one worker each, the same for `stableMs`: the workers have shared them out. */
const settledHolders = async (db: pg.Client, slots: number | undefined, stableMs: number): Promise<Map<string, number>> => {
  let last = '';
  let holders = new Map<string, number>();
  const deadline = Date.now() + 30_000;
  for (let stableSince = Date.now(); Date.now() - stableSince < stableMs; await sleep(100)) {
    holders = await partitionHolders(db);
    const seen = [...holders].sort().join();
    if (seen !== last || (slots !== undefined && holders.size !== slots)) [last, stableSince] = [seen, Date.now()];
    if (Date.now() > deadline) throw new Error(`lane partitions not settled after 30 s: ${seen}`);
  }
  return holders;
};

/** Which partitions each worker holds, as printed: `pid 4711: 12 (interactive 0,1; background 2,3; …)`. */
const splitOf = (holders: Map<string, number>): Array<{ pid: number; slots: string[] }> => {
  const byPid = new Map<number, string[]>();
  for (const [slot, pid] of [...holders].sort()) byPid.set(pid, [...(byPid.get(pid) ?? []), slot]);
  return [...byPid].map(([pid, slots]) => ({ pid, slots }));
};
const splitText = (split: Array<{ pid: number; slots: string[] }>): string =>
  split
    .map(({ pid, slots }) => {
      const lanes = new Map<string, string[]>();
      for (const slot of slots) lanes.set(laneOf(slot), [...(lanes.get(laneOf(slot)) ?? []), slot.slice(slot.lastIndexOf('/') + 1)]);
      return `worker pid ${pid}: ${slots.length} (${[...lanes].map(([lane, ps]) => `${lane} ${ps.join(',')}`).join('; ')})`;
    })
    .join('\n  ');

interface Takeover {
  kill: number;
  lane: string;
  seconds: number;
}

interface Kills {
  takeovers: Takeover[];
  lanes: string[];
  lanesAgree: boolean;
  /** The partitions each of the two first workers held once they had shared them out. */
  split: Array<{ pid: number; slots: string[] }>;
  /** The same after each kill and a fresh worker's start. */
  splitsAfter: Array<Array<{ pid: number; slots: string[] }>>;
}

/**
 * (a): KILLS times, SIGKILL to the worker holding the next lane partition; the other must take every
 * partition it held. Lanes are split by user into partitions that the workers share out: before
 * each kill both workers hold about half of them.
 */
const killWorkers = async (product: Product, db: pg.Client): Promise<Kills> => {
  // Both standing: every partition of every lane held, the set stable (a worker looks every second).
  const first = await settledHolders(db, undefined, 3_000);
  const lanes = [...first.keys()].sort();
  const logged = [...lanesLogged(product.workers)].sort();
  const laneNames = [...new Set(lanes.map(laneOf))].sort();
  const lanesAgree = logged.join() === laneNames.join();
  const split = splitOf(first);
  process.stdout.write(
    `lane partitions held: ${lanes.length} (${laneNames.join(', ')}); lanes started per the workers' logs: ${logged.join(', ')}\nsplit:\n  ${splitText(split)}\n`,
  );
  const takeovers: Takeover[] = [];
  const splitsAfter: Kills['splitsAfter'] = [];
  for (let kill = 1; kill <= KILLS; kill++) {
    const holders = await settledHolders(db, lanes.length, 1_000);
    const pid = holders.get(lanes[(kill - 1) % lanes.length]!)!;
    const victim = product.workers.find((w) => w.child.pid === groupOf(pid));
    if (!victim) throw new Error(`no worker of ours holds the partition (pid ${pid})`);
    const held = [...holders].filter(([, holder]) => holder === pid).map(([lane]) => lane);
    const at = Date.now();
    await signalGroup(victim, 'SIGKILL');
    product.workers = product.workers.filter((w) => w !== victim);
    const waiting = new Set(held);
    while (waiting.size > 0 && Date.now() - at < TAKEOVER_LIMIT_S * 3_000) {
      const now = await partitionHolders(db);
      for (const lane of waiting) {
        const holder = now.get(lane);
        if (holder === undefined || holder === pid) continue;
        takeovers.push({ kill, lane, seconds: (Date.now() - at) / 1000 });
        waiting.delete(lane);
      }
      await sleep(20);
    }
    for (const lane of waiting) takeovers.push({ kill, lane, seconds: Number.POSITIVE_INFINITY });
    const these = takeovers.filter((t) => t.kill === kill);
    const times = these.map((t) => t.seconds);
    process.stdout.write(
      `kill ${kill}: SIGKILL to worker pid ${pid} holding ${held.length} partitions; all taken over after ${Math.min(...times).toFixed(2)}–${Math.max(...times).toFixed(2)} s\n`,
    );
    // A fresh worker stands by for the next kill, and takes its share back from the survivor.
    product.workers.push(await startWorker(product));
    await sleep(STEADY_MS);
    const after = splitOf(await settledHolders(db, lanes.length, 1_000));
    splitsAfter.push(after);
    process.stdout.write(`split after a fresh worker started:\n  ${splitText(after)}\n`);
  }
  return { takeovers, lanes, lanesAgree, split, splitsAfter };
};

/** Two workers each hold between 40 % and 60 % of the partitions. */
const splitIsEven = (split: Array<{ pid: number; slots: string[] }>, total: number): boolean =>
  split.length === 2 && split.every(({ slots }) => slots.length >= total * 0.4 && slots.length <= total * 0.6);

interface Restart {
  api: 0 | 1;
  exitCode: number | null;
  /** SIGTERM to exit. */
  stopSeconds: number;
  /** Requests on the wire to this API when the signal was sent, and how they ended. */
  inFlight: number;
  answered: number;
  startSeconds: number;
}

/** (c): SIGTERM to one API (npm forwards it to node), wait for its exit, start it again; then the other. */
const rollingRestart = async (product: Product): Promise<Restart[]> => {
  const restarts: Restart[] = [];
  for (const api of [0, 1] as const) {
    const running = product.apis[api]!;
    const flying = [...(inFlight.get(product.ports[api]) ?? [])];
    const exited = new Promise<number | null>((resolve) => running.child.once('exit', (code) => resolve(code)));
    const at = Date.now();
    running.child.kill('SIGTERM');
    const exitCode = await Promise.race([exited, sleep(20_000).then(() => null)]);
    const stopSeconds = (Date.now() - at) / 1000;
    await signalGroup(running, 'SIGKILL');
    // What was in flight has ended by now, one way or another (answered before the exit, or cut).
    await sleep(100);
    const startedAt = Date.now();
    product.apis[api] = await startApi(product, api);
    const restart: Restart = {
      api,
      exitCode,
      stopSeconds,
      inFlight: flying.length,
      answered: flying.filter((w) => w.outcome === 'answered').length,
      startSeconds: (Date.now() - startedAt) / 1000,
    };
    restarts.push(restart);
    process.stdout.write(
      `API ${api}: SIGTERM → exit ${exitCode} after ${stopSeconds.toFixed(2)} s; in flight then ${restart.inFlight}, answered ${restart.answered}; serving again ${restart.startSeconds.toFixed(2)} s after its start\n`,
    );
    await sleep(STEADY_MS);
  }
  return restarts;
};

interface Verdict {
  pointsEvents: number;
  ledgerRows: number;
  ledgerLost: number;
  ledgerDoubled: number;
  ledgerStrays: number;
  usersWhoseTotalDisagrees: number;
  goalsCreated: number;
  goalsDeleted: number;
  goalRows: number;
  goalsLost: number;
  goalStrays: number;
  actionablesCreated: number;
  actionableRows: number;
  actionablesWrong: number;
  /** Acknowledged commands missing from the log or the read models. */
  lost: string[];
  /** Commands applied more than once. */
  doubled: string[];
}

const count = (rows: Array<Record<string, unknown>>, field: string): number => Number(rows[0]![field]);

/** The read models against the event log, and each acknowledged op against both. */
const verify = async (db: pg.Client, ops: Op[]): Promise<Verdict> => {
  const points = await db.query(`
    WITH ev AS (SELECT event_id::text AS id FROM es.events WHERE type IN ('PointsAwarded', 'PointsRevoked')),
         led AS (SELECT event_id::text AS id, count(*) AS n FROM rm.points_ledger GROUP BY 1)
    SELECT (SELECT count(*) FROM ev) AS events,
           (SELECT coalesce(sum(n), 0) FROM led) AS rows,
           (SELECT count(*) FROM ev WHERE id NOT IN (SELECT id FROM led)) AS lost,
           (SELECT count(*) FROM led WHERE n > 1) AS doubled,
           (SELECT count(*) FROM led WHERE id NOT IN (SELECT id FROM ev)) AS strays`);
  const totals = await db.query(`
    WITH ev AS (SELECT data->>'userId' AS user_id,
                       sum(CASE type WHEN 'PointsAwarded' THEN (data->>'points')::int ELSE -(data->>'points')::int END) AS total
                  FROM es.events WHERE type IN ('PointsAwarded', 'PointsRevoked') GROUP BY 1)
    SELECT count(*) AS wrong FROM ev FULL JOIN rm.user_points u ON u.user_id::text = ev.user_id
     WHERE coalesce(ev.total, 0) <> coalesce(u.total, 0)`);
  const items = (created: string, deleted: string, idField: string, table: string) =>
    db.query(`
      WITH created AS (SELECT data->>'${idField}' AS id FROM es.events WHERE type = '${created}'),
           deleted AS (SELECT data->>'${idField}' AS id FROM es.events WHERE type = '${deleted}'),
           live AS (SELECT id FROM created EXCEPT SELECT id FROM deleted)
      SELECT (SELECT count(*) FROM created) AS created, (SELECT count(*) FROM deleted) AS deleted, (SELECT count(*) FROM rm.${table}) AS rows,
             (SELECT count(*) FROM live WHERE id NOT IN (SELECT id::text FROM rm.${table})) AS lost,
             (SELECT count(*) FROM rm.${table} WHERE id::text NOT IN (SELECT id FROM live)) AS strays`);
  const goals = await items('GoalCreated', 'GoalDeleted', 'goalId', 'goals');
  const actionables = await items('ActionableCreated', 'ActionableDeleted', 'actionableId', 'actionables');

  // Each op: created once (by its title), one award, a revocation if it was reopened, in the read model unless deleted.
  const created = new Map<string, number>();
  const awards = new Map<string, number>();
  const revocations = new Map<string, number>();
  const events = await db.query<{ type: string; title: string | null; source: string | null }>(
    `SELECT type, data->>'title' AS title, data->'source'->>'id' AS source FROM es.events
      WHERE type IN ('GoalCreated', 'ActionableCreated', 'PointsAwarded', 'PointsRevoked')`,
  );
  for (const { type, title, source } of events.rows) {
    if (type === 'PointsAwarded') bump(awards, source!);
    else if (type === 'PointsRevoked') bump(revocations, source!);
    else bump(created, title!);
  }
  const goalRows = new Map((await db.query<{ id: string; status: string }>('SELECT id::text, status FROM rm.goals')).rows.map((r) => [r.id, r.status]));
  const habitRows = new Map(
    (await db.query<{ id: string; streak: number }>('SELECT id::text, streak FROM rm.actionables')).rows.map((r) => [r.id, Number(r.streak)]),
  );
  const lost: string[] = [];
  const doubled: string[] = [];
  for (const op of ops) {
    const id = op.id!;
    const made = created.get(op.title) ?? 0;
    const awarded = awards.get(id) ?? 0;
    const revoked = revocations.get(id) ?? 0;
    const expectRevoked = op.reopen ? 1 : 0;
    if (made === 0 || awarded === 0 || revoked < expectRevoked) lost.push(`${op.title}: created ${made}, awarded ${awarded}, revoked ${revoked}`);
    if (made > 1 || awarded > 1 || revoked > expectRevoked) doubled.push(`${op.title}: created ${made}, awarded ${awarded}, revoked ${revoked}`);
    if (op.kind === 'habit') {
      if (!((habitRows.get(id) ?? 0) >= 1)) lost.push(`${op.title}: read model ${habitRows.has(id) ? 'without its completion' : 'missing'}`);
    } else {
      const expected = op.remove ? undefined : op.reopen ? 'pending' : 'completed';
      if (goalRows.get(id) !== expected) lost.push(`${op.title}: read model ${goalRows.get(id) ?? 'absent'}, expected ${expected ?? 'absent'}`);
    }
  }
  return {
    pointsEvents: count(points.rows, 'events'),
    ledgerRows: count(points.rows, 'rows'),
    ledgerLost: count(points.rows, 'lost'),
    ledgerDoubled: count(points.rows, 'doubled'),
    ledgerStrays: count(points.rows, 'strays'),
    usersWhoseTotalDisagrees: count(totals.rows, 'wrong'),
    goalsCreated: count(goals.rows, 'created'),
    goalsDeleted: count(goals.rows, 'deleted'),
    goalRows: count(goals.rows, 'rows'),
    goalsLost: count(goals.rows, 'lost'),
    goalStrays: count(goals.rows, 'strays'),
    actionablesCreated: count(actionables.rows, 'created'),
    actionableRows: count(actionables.rows, 'rows'),
    actionablesWrong: count(actionables.rows, 'lost') + count(actionables.rows, 'strays'),
    lost,
    doubled,
  };
};

const register = async (product: Product): Promise<string[]> => {
  const tokens: string[] = [];
  for (let u = 0; u < USERS; u++) {
    const { answer } = await send(product, (u % 2) as 0 | 1, 'POST', '/auth/register', undefined, {
      name: `Multi ${u}`,
      email: `multi.${u}.${randomUUID()}@example.com`,
      password: 'correct horse battery',
    });
    if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
    tokens.push(answer.body.token as string);
  }
  return tokens;
};

const seconds = (values: number[]): string => (values.length === 0 ? '-' : `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)} s`);

const main = async (): Promise<number> => {
  const startedAt = Date.now();
  // Built once here: four processes starting at once must not each run the build.
  const built = spawnSync(process.execPath, ['tools/build/server.js', '--if-stale'], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (built.status !== 0) throw new Error(`build failed:\n${built.stderr}`);
  const root = await mkdtemp(path.join(os.tmpdir(), 'tracker-multi-'));
  // The APIs serve the web app too; a page of our own, so the test needs no web build.
  const web = path.join(root, 'web');
  await mkdir(web);
  await writeFile(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  let postgres: RunningPostgres | undefined;
  let db: pg.Client | undefined;
  const product: Product = { ports: [await freePort(), await freePort()], apis: [], workers: [], env: {}, root };
  const watchdog = setTimeout(() => {
    process.stderr.write(`multi-process test: still running after ${WATCHDOG_MS / 1000} s; giving up\n`);
    for (const running of [...product.apis, ...product.workers]) void signalGroup(running, 'SIGKILL');
    void postgres?.stop().finally(() => process.exit(1));
  }, WATCHDOG_MS);
  watchdog.unref();
  try {
    postgres = await startEmbeddedPostgres({ dir: path.join(root, 'postgres'), persistent: false });
    await postgres.createDatabase('tracker');
    const databaseUrl = postgres.url('tracker');
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    product.env = { DATABASE_URL: databaseUrl, JWT_SECRET: randomBytes(32).toString('hex'), WEB_DIST_DIR: web };
    // All four at once, as an orchestrator starts them: migrations and lane locks race.
    const [workerA, workerB, apiA, apiB] = await Promise.all([startWorker(product), startWorker(product), startApi(product, 0), startApi(product, 1)]);
    product.workers = [workerA, workerB];
    product.apis = [apiA, apiB];
    process.stdout.write(`started PostgreSQL, 2 APIs and 2 workers in ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`);

    const tokens = await register(product);
    const ops: Op[] = [];
    const stopTraffic = runTraffic(product, tokens, ops);
    let kills: Awaited<ReturnType<typeof killWorkers>>;
    let restarts: Restart[];
    try {
      await sleep(STEADY_MS);
      kills = await killWorkers(product, db);
      restarts = await rollingRestart(product);
    } finally {
      await stopTraffic();
    }
    // Ops a failed request left unfinished are finished under the same keys (each counted failed already).
    for (const op of ops.filter((o) => o.done < stepsOf(o).length)) await runOp(product, tokens, op, 0);
    const call = apiAt(product.ports[0], REQUEST_TIMEOUT_MS);
    await caughtUp(call);
    const verdict = await verify(db, ops);

    const takeoverSeconds = kills.takeovers.map((t) => t.seconds);
    const lanesTakenOver = new Set(kills.takeovers.filter((t) => Number.isFinite(t.seconds)).map((t) => t.lane));
    const violations = [
      ...(kills.lanesAgree ? [] : ['the lanes in pg_locks are not those the workers logged']),
      ...(splitIsEven(kills.split, kills.lanes.length) ? [] : [`two workers did not split the partitions about evenly: ${splitText(kills.split)}`]),
      ...kills.splitsAfter
        .filter((split) => !splitIsEven(split, kills.lanes.length))
        .map((split) => `after a kill, the survivor and a fresh worker did not split the partitions about evenly: ${splitText(split)}`),
      ...kills.lanes.filter((lane) => !lanesTakenOver.has(lane)).map((lane) => `partition ${lane} never taken over`),
      ...kills.takeovers
        .filter((t) => !(t.seconds <= TAKEOVER_LIMIT_S))
        .map((t) => `kill ${t.kill}: ${t.lane} taken over after ${t.seconds} s (limit ${TAKEOVER_LIMIT_S} s)`),
      ...restarts.filter((r) => r.exitCode !== 0).map((r) => `API ${r.api} exited ${r.exitCode} on SIGTERM`),
      ...restarts.filter((r) => r.stopSeconds > STOP_LIMIT_S).map((r) => `API ${r.api} took ${r.stopSeconds.toFixed(2)} s to stop (limit ${STOP_LIMIT_S} s)`),
      ...restarts
        .filter((r) => r.answered !== r.inFlight)
        .map((r) => `API ${r.api}: ${r.inFlight - r.answered} of ${r.inFlight} requests in flight at SIGTERM not answered`),
      ...tally.failed,
      ...tally.wrong,
      ...tally.readYourWritesViolations,
      ...verdict.lost.map((line) => `lost: ${line}`),
      ...verdict.doubled.map((line) => `doubled: ${line}`),
      ...(verdict.ledgerLost + verdict.ledgerDoubled + verdict.ledgerStrays > 0 || verdict.ledgerRows !== verdict.pointsEvents
        ? ['ledger ≠ award and revocation events']
        : []),
      ...(verdict.usersWhoseTotalDisagrees > 0 ? [`${verdict.usersWhoseTotalDisagrees} users' totals ≠ their events`] : []),
      ...(verdict.goalsLost + verdict.goalStrays > 0 || verdict.goalRows !== verdict.goalsCreated - verdict.goalsDeleted
        ? ['goals ≠ created minus deleted']
        : []),
      ...(verdict.actionablesWrong > 0 ? ['actionables ≠ created minus deleted'] : []),
    ];
    const retried = [...tally.retried].map(([cause, n]) => `${cause} ${n}`).join(', ') || 'none';
    const done = ops.filter((o) => o.done === stepsOf(o).length).length;
    process.stdout.write(
      [
        '== summary',
        `partition split of two workers (${kills.lanes.length} lane partitions): ${kills.split.map((w) => w.slots.length).join(' + ')}; after each kill and a fresh worker: ${kills.splitsAfter.map((split) => split.map((w) => w.slots.length).join(' + ')).join(', ')}`,
        `takeover after SIGKILL of a worker (${kills.takeovers.length} partition takeovers over ${KILLS} kills): ${seconds(takeoverSeconds)}; limit ${TAKEOVER_LIMIT_S} s`,
        `rolling restart: ${restarts.map((r) => `API ${r.api} exit ${r.exitCode} after ${r.stopSeconds.toFixed(2)} s, ${r.answered}/${r.inFlight} in flight answered`).join('; ')}`,
        `requests sent: ${tally.requests} (${tally.attempts} attempts; retried on the other API: ${retried}); failed: ${tally.failed.length}`,
        `read-your-writes: ${tally.reads} reads after commands, ${tally.crossReads} on the other API; answered behind: ${tally.answeredBehind}; violations: ${tally.readYourWritesViolations.length}`,
        `ops: ${ops.length} (${done} done), lost: ${verdict.lost.length}, doubled: ${verdict.doubled.length}, unexpected answers: ${tally.wrong.length}`,
        `points: ${verdict.pointsEvents} award/revocation events, ${verdict.ledgerRows} ledger rows (missing ${verdict.ledgerLost}, doubled ${verdict.ledgerDoubled}, without an event ${verdict.ledgerStrays}); users whose total disagrees: ${verdict.usersWhoseTotalDisagrees}`,
        `goals: ${verdict.goalsCreated} created − ${verdict.goalsDeleted} deleted = ${verdict.goalsCreated - verdict.goalsDeleted}; rows ${verdict.goalRows} (missing ${verdict.goalsLost}, extra ${verdict.goalStrays})`,
        `actionables: ${verdict.actionablesCreated} created, rows ${verdict.actionableRows}, wrong ${verdict.actionablesWrong}`,
        ...violations.slice(0, 20).map((line) => `  ✗ ${line}`),
        `${((Date.now() - startedAt) / 1000).toFixed(1)} s; ${violations.length === 0 ? 'PASS' : 'FAIL'}`,
      ].join('\n') + '\n',
    );
    return violations.length === 0 ? 0 : 1;
  } catch (error) {
    for (const [label, running] of [...product.apis.map((r) => ['api', r] as const), ...product.workers.map((r) => ['worker', r] as const)])
      process.stderr.write(`--- ${label} ${running.child.pid}\n${running.output.join('').slice(-4_000)}\n`);
    throw error;
  } finally {
    clearTimeout(watchdog);
    for (const running of [...product.apis, ...product.workers]) await signalGroup(running, 'SIGKILL');
    await db?.end().catch(() => undefined);
    await postgres?.stop();
    await rm(root, { recursive: true, force: true });
  }
};

process.exitCode = await main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return 1;
});
