import { readFile, readlink, realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * PostgreSQL refuses to start while its lock file (postmaster.pid in the cluster folder) names a process
 * that exists, and a crash leaves the file behind. After `kill -9` of the process group the postmaster
 * it names is often a zombie for a while (its parent died with it and the new parent has not reaped it
 * yet), or its pid has since gone to another program. Those are cleared here; a live postmaster of this
 * cluster is waited for, or asked to stop when the process that started it is gone.
 */

/** What /proc tells about a running process. */
export interface RunningProcess {
  program: string;
  /** Its working folder: a postmaster works in its cluster folder. Undefined when not readable. */
  cwd: string | undefined;
  parent: { pid: number; program: string | undefined };
}

export interface LockFacts {
  /** The pid on the lock file's first line; undefined when the line is not a pid. */
  pid: number | undefined;
  process: 'gone' | 'zombie' | 'unknown' | RunningProcess;
}

export type LockVerdict =
  /** Nothing holds the cluster: the file can go. */
  | { action: 'remove'; why: string }
  /** This cluster's postmaster, started by a process that still runs (shutting down, or another start). */
  | { action: 'wait'; why: string }
  /** This cluster's postmaster, left behind by a start that crashed: asked to shut down. */
  | { action: 'stop'; why: string };

/** Launchers are Node processes (npm start, the tests, the bench); any other parent means the launcher is gone. */
const isLauncher = (program: string | undefined): boolean => program !== undefined && /^node/.test(program);

export const judgeLock = (facts: LockFacts, clusterDir: string): LockVerdict => {
  const { pid, process: holder } = facts;
  if (pid === undefined) return { action: 'remove', why: 'it names no process' };
  if (holder === 'gone') return { action: 'remove', why: `process ${pid} has exited` };
  if (holder === 'zombie') return { action: 'remove', why: `process ${pid} has exited (a zombie its parent has not reaped yet)` };
  if (holder === 'unknown') return { action: 'wait', why: `process ${pid} is running and may be PostgreSQL` };
  if (holder.program !== 'postgres') return { action: 'remove', why: `process ${pid} is now '${holder.program}', not PostgreSQL` };
  if (holder.cwd !== undefined && holder.cwd !== clusterDir) {
    return { action: 'remove', why: `process ${pid} is a PostgreSQL serving another cluster (${holder.cwd})` };
  }
  if (holder.cwd !== undefined && !isLauncher(holder.parent.program)) {
    return {
      action: 'stop',
      why:
        `PostgreSQL ${pid} still runs this cluster but the process that started it is gone ` +
        `(its parent is now ${holder.parent.pid} '${holder.parent.program ?? '?'}')`,
    };
  }
  return {
    action: 'wait',
    why: `PostgreSQL ${pid} runs this cluster, started by process ${holder.parent.pid} '${holder.parent.program ?? '?'}'`,
  };
};

const programOf = async (pid: number): Promise<string | undefined> => (await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => undefined))?.trim();

/**
 * A launcher's program is its executable's name: comm is the main thread's name, which Node 24 sets
 * to 'MainThread'. comm only when the executable is not ours to read.
 */
const executableOf = async (pid: number): Promise<string | undefined> =>
  (await readlink(`/proc/${pid}/exe`).then(
    (exe) => path.basename(exe),
    () => undefined,
  )) ?? (await programOf(pid));

/** /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces and parentheses, so split after the last ')'. */
const statOf = async (pid: number): Promise<{ state: string; ppid: number } | undefined> => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return undefined;
  const [state = '?', ppid = '0'] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state, ppid: Number(ppid) };
};

const exists = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Signals a process that may have exited meanwhile (the next look at the lock file tells). */
const signal = (pid: number, name: NodeJS.Signals): void => {
  try {
    process.kill(pid, name);
  } catch {
    // gone already
  }
};

export const lockFileOf = (clusterDir: string): string => path.join(clusterDir, 'postmaster.pid');

/** The lock file's pid and what runs under it now; undefined when there is no lock file. */
export const readLockFacts = async (clusterDir: string): Promise<LockFacts | undefined> => {
  const text = await readFile(lockFileOf(clusterDir), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  const firstLine = text.split('\n', 1)[0]?.trim() ?? '';
  const pid = /^\d+$/.test(firstLine) && Number(firstLine) > 0 ? Number(firstLine) : undefined;
  if (pid === undefined) return { pid, process: 'gone' };
  const stat = await statOf(pid);
  if (!stat) return { pid, process: exists(pid) ? 'unknown' : 'gone' }; // no /proc (macOS): all we can tell
  if (stat.state === 'Z' || stat.state === 'X') return { pid, process: 'zombie' };
  const program = await programOf(pid);
  if (program === undefined) return { pid, process: 'gone' }; // exited between the two reads
  return {
    pid,
    process: {
      program,
      cwd: await readlink(`/proc/${pid}/cwd`).catch(() => undefined),
      parent: { pid: stat.ppid, program: await executableOf(stat.ppid) },
    },
  };
};

export interface ClearLockOptions {
  /** How long a live postmaster of this cluster is given to go away. */
  waitMs: number;
  notice: (message: string) => void;
}

/**
 * Returns once no process holds the cluster's lock file: stale files are removed, a live postmaster is
 * waited for (asked to stop first when orphaned). Throws, in one line, when it is still there at the end.
 */
export const clearStaleLock = async (clusterDir: string, options: ClearLockOptions): Promise<void> => {
  const dir = await realpath(clusterDir).catch(() => path.resolve(clusterDir));
  const deadline = Date.now() + options.waitMs;
  let waitingFor: { pid: number; stopping: 'no' | 'fast' | 'immediate' } | undefined;
  for (;;) {
    const facts = await readLockFacts(dir);
    if (!facts) {
      if (waitingFor) options.notice(`PostgreSQL ${waitingFor.pid} has stopped; starting the cluster in ${dir}`);
      return;
    }
    const verdict = judgeLock(facts, dir);
    if (verdict.action === 'remove') {
      await rm(lockFileOf(dir), { force: true });
      options.notice(`removed the stale PostgreSQL lock file ${lockFileOf(dir)}: ${verdict.why}`);
      return;
    }
    const pid = facts.pid!;
    if (waitingFor?.pid !== pid) {
      waitingFor = { pid, stopping: 'no' };
      options.notice(`waiting up to ${Math.round(options.waitMs / 1000)} s for PostgreSQL to leave ${dir}: ${verdict.why}`);
    }
    const remaining = deadline - Date.now();
    if (verdict.action === 'stop' && waitingFor.stopping === 'no') {
      // Fast shutdown: the server rolls back what is in flight and writes a checkpoint.
      signal(pid, 'SIGINT');
      waitingFor.stopping = 'fast';
      options.notice(`asked PostgreSQL ${pid} to stop (fast shutdown)`);
    } else if (verdict.action === 'stop' && waitingFor.stopping === 'fast' && remaining < options.waitMs / 2) {
      // Immediate shutdown: the next start replays the log, as after a crash.
      signal(pid, 'SIGQUIT');
      waitingFor.stopping = 'immediate';
      options.notice(`PostgreSQL ${pid} is slow to stop; asked for an immediate shutdown`);
    }
    if (remaining <= 0) {
      throw new Error(
        `PostgreSQL ${pid} still runs the cluster in ${dir} after ${Math.round(options.waitMs / 1000)} s (${verdict.why}): ` +
          `is another start using the same DATA_DIR? Stop it (kill ${pid}) or give this one another DATA_DIR.`,
      );
    }
    await sleep(Math.min(100, remaining));
  }
};
