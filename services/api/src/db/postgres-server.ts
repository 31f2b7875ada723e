import { spawn, type ChildProcess } from 'node:child_process';
import { chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ClusterUser } from './cluster-user.ts';
import { lockFileOf } from './postmaster-lock.ts';
import type { PostgresPrograms } from './postgres-programs.ts';

/** English messages whatever the machine's locale: failures are reported as PostgreSQL words them. */
const environment = { ...process.env, LC_MESSAGES: 'C' };

const asUser = (user: ClusterUser | undefined) => (user ? { uid: user.uid, gid: user.gid } : {});

const PREFIXES = ['FATAL', 'PANIC', 'ERROR', 'DETAIL', 'HINT', 'initdb: error', 'initdb: hint'];
const prefixed = new RegExp(`^.*?\\b(${PREFIXES.join('|')}):\\s*`);

/** PostgreSQL's own account of a failure: its FATAL/PANIC/ERROR line with DETAIL and HINT, on one line. */
export const failureReason = (output: string): string => {
  const lines = output.split('\n').map((line) => line.replace(prefixed, '$1: ').trim());
  const isPrefixed = (line: string): boolean => PREFIXES.some((prefix) => line.startsWith(`${prefix}:`));
  const from = lines.findIndex((line) => /^(FATAL|PANIC|ERROR|initdb: error):/.test(line));
  const relevant = from >= 0 ? lines.slice(from).filter(isPrefixed) : lines.filter(Boolean).slice(-3);
  return relevant.join(' ').replace(/\s+/g, ' ') || 'no output';
};

const collect = (child: ChildProcess, log: (line: string) => void): (() => string) => {
  let output = '';
  const take = (chunk: Buffer): void => {
    const text = chunk.toString('utf8');
    output = (output + text).slice(-16_384);
    for (const line of text.split('\n')) if (line.trim()) log(line.trim());
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return () => output;
};

const exited = (child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> =>
  new Promise((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });

const describeExit = ({ code, signal }: { code: number | null; signal: NodeJS.Signals | null }): string => (signal ? `signal ${signal}` : `exit code ${code}`);

export interface InitClusterOptions {
  programs: PostgresPrograms;
  clusterDir: string;
  superuser: string;
  password: string;
  user: ClusterUser | undefined;
  log: (line: string) => void;
}

/** initdb into an empty cluster folder, owned by the user PostgreSQL runs as. */
export const initCluster = async (options: InitClusterOptions): Promise<void> => {
  const { clusterDir, user } = options;
  await mkdir(clusterDir, { recursive: true });
  const passwordFile = path.join(path.dirname(clusterDir), 'initdb-password');
  await writeFile(passwordFile, `${options.password}\n`, { mode: 0o600 });
  try {
    if (user) {
      await chown(clusterDir, user.uid, user.gid);
      await chown(passwordFile, user.uid, user.gid);
    }
    const child = spawn(
      options.programs.initdb,
      [`--pgdata=${clusterDir}`, '--auth=scram-sha-256', `--username=${options.superuser}`, `--pwfile=${passwordFile}`, '--lc-messages=C'],
      { ...asUser(user), env: environment, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const output = collect(child, options.log);
    const end = await exited(child);
    if (end.code !== 0) throw new Error(`initdb failed in ${clusterDir} (${describeExit(end)}): ${failureReason(output())}`);
  } finally {
    await rm(passwordFile, { force: true });
  }
};

/** The postmaster stopped before it was ready; `reason` is PostgreSQL's own words. */
export class PostmasterExited extends Error {
  constructor(
    readonly clusterDir: string,
    readonly reason: string,
    exit: string,
  ) {
    super(`PostgreSQL stopped while starting the cluster in ${clusterDir} (${exit}): ${reason}`);
    this.name = 'PostmasterExited';
  }
}

export interface Postmaster {
  pid: number;
  /**
   * Resolves when the postmaster exits, for whatever reason (stop() included), with how it ended and
   * PostgreSQL's own account of why when it said one.
   */
  exited: Promise<{ exit: string; reason: string }>;
  /** Fast shutdown; resolves when the process has exited. */
  stop(): Promise<void>;
}

export interface StartPostmasterOptions {
  programs: PostgresPrograms;
  clusterDir: string;
  port: number;
  flags: readonly string[];
  user: ClusterUser | undefined;
  log: (line: string) => void;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/**
 * Whatever ends this process by process.exit, the postmasters it started are asked to stop (a signal can
 * be sent synchronously; waiting cannot happen on 'exit'). A kill -9 cannot be caught: the next start
 * clears up after it (clearStaleLock).
 */
const stopOnExit = (child: ChildProcess): void => {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const postmaster of running) postmaster.kill('SIGINT');
  });
};

/**
 * Starts the postmaster and resolves once it accepts connections, as its lock file's status line says
 * (pg_ctl's own test, independent of the log's language). Rejects with PostmasterExited when it stops first.
 */
export const startPostmaster = async (options: StartPostmasterOptions): Promise<Postmaster> => {
  const child = spawn(options.programs.postgres, ['-D', options.clusterDir, '-p', String(options.port), ...options.flags], {
    ...asUser(options.user),
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collect(child, options.log);
  const end = exited(child);
  // An exit before readiness is reported by the loop below; this keeps it from counting as unhandled.
  end.catch(() => undefined);
  const pid = child.pid;
  if (pid === undefined) {
    const error = await end.then(
      () => undefined,
      (spawnError: unknown) => spawnError,
    );
    throw new Error(`could not run ${options.programs.postgres}: ${error instanceof Error ? error.message : String(error)}`);
  }
  stopOnExit(child);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new PostmasterExited(options.clusterDir, failureReason(output()), describeExit(await end));
    }
    const lines = (await readFile(lockFileOf(options.clusterDir), 'utf8').catch(() => '')).split('\n');
    if (Number(lines[0]) === pid && lines[7]?.trim() === 'ready') break;
    await sleep(50);
  }
  // What it says from now on: why it stops, if it says (a kill -9 says nothing).
  const afterReady = collect(child, () => undefined);
  return {
    pid,
    exited: end.then(
      (how) => ({ exit: describeExit(how), reason: failureReason(afterReady()) }),
      (error: unknown) => ({ exit: 'unknown', reason: error instanceof Error ? error.message : String(error) }),
    ),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      await end;
    },
  };
};
