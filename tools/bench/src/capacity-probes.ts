import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import type pg from 'pg';

// What the capacity section reads around a timed phase: CPU seconds of each process (from /proc, so
// the product's processes are measured from outside), PostgreSQL's CPU, WAL and I/O, and which
// connections belong to which process. Linux only, like the rest of the bench's machine figures.

/** Linux's USER_HZ: /proc reports CPU time in ticks of 1/100 s on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  ppid: number;
  /** utime + stime, in seconds. */
  own: number;
  /** cutime + cstime: children that exited and were waited for, in seconds. */
  children: number;
}

const readStat = (pid: number): ProcStat | undefined => {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // gone meanwhile
  }
  // The command name (field 2) may hold spaces and parentheses: fields are counted after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const tick = (index: number) => Number(fields[index - 3]) / TICKS_PER_SECOND;
  return { ppid: Number(fields[1]), own: tick(14) + tick(15), children: tick(16) + tick(17) };
};

/** CPU seconds a process has used so far, its waited-for children included. */
export const processCpuSeconds = (pid: number): number => {
  const stat = readStat(pid);
  if (!stat) throw new Error(`process ${pid} is gone`);
  return stat.own + stat.children;
};

const pids = (): number[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/**
 * CPU seconds of a whole PostgreSQL cluster so far: the postmaster (with its exited backends, which
 * it waits for) and every live child (backends, checkpointer, WAL writer, autovacuum …).
 */
export const clusterCpuSeconds = (postmasterPid: number): number => {
  let total = processCpuSeconds(postmasterPid);
  for (const pid of pids()) {
    const stat = readStat(pid);
    if (stat?.ppid === postmasterPid) total += stat.own;
  }
  return total;
};

/** The postmaster of the cluster `pool` talks to: the parent of one of its backends. */
export const postmasterOf = async (pool: pg.Pool): Promise<number> => {
  const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const stat = readStat(rows[0]!.pid);
  if (!stat) throw new Error('the backend is not a process of this machine');
  return stat.ppid;
};

/** Local TCP ports of the sockets process `pid` holds open. */
const localPortsOf = (pid: number): Set<number> => {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // closed meanwhile
    }
  }
  const ports = new Set<number>();
  for (const table of ['tcp', 'tcp6']) {
    let text: string;
    try {
      text = readFileSync(`/proc/${pid}/net/${table}`, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns.length > 9 && inodes.has(columns[9]!)) ports.add(Number.parseInt(columns[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
};

/** Connections of process `pid` to the cluster, by application_name (pools, LISTEN clients, lane locks). */
export const connectionsOf = async (pool: pg.Pool, pid: number): Promise<Record<string, number>> => {
  const ports = localPortsOf(pid);
  const { rows } = await pool.query<{ name: string; port: number }>(
    `SELECT application_name AS name, client_port AS port FROM pg_stat_activity WHERE backend_type = 'client backend'`,
  );
  const byName: Record<string, number> = {};
  for (const { name, port } of rows) {
    // Lane locks name their holder's pid: one key per lane, not per process.
    const key = name.replace(/ pid \d+$/, '');
    if (ports.has(port)) byName[key] = (byName[key] ?? 0) + 1;
  }
  return byName;
};

/** PostgreSQL's cumulative figures that a phase's cost is read from (differences of two readings). */
export interface ClusterCounters {
  cpuSeconds: number;
  /** Bytes of WAL written (pg_current_wal_lsn). */
  walBytes: number;
  /** WAL writes and fsyncs, relation blocks written (8 KB each), all processes (pg_stat_io). */
  walWrites: number;
  walFsyncs: number;
  relationWrites: number;
  /** Transactions committed in the database. */
  commits: number;
}

export const readClusterCounters = async (pool: pg.Pool, postmasterPid: number): Promise<ClusterCounters> => {
  // Backends flush their statistics when idle, within a second or so: wait for it.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const { rows } = await pool.query<{ wal: string; wal_writes: string; wal_fsyncs: string; relation_writes: string; commits: string }>(
    `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS wal,
            (SELECT coalesce(sum(writes), 0) FROM pg_stat_io WHERE object = 'wal')::text AS wal_writes,
            (SELECT coalesce(sum(fsyncs), 0) FROM pg_stat_io WHERE object = 'wal')::text AS wal_fsyncs,
            (SELECT coalesce(sum(writes), 0) FROM pg_stat_io WHERE object = 'relation')::text AS relation_writes,
            (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database())::text AS commits`,
  );
  const row = rows[0]!;
  return {
    cpuSeconds: clusterCpuSeconds(postmasterPid),
    walBytes: Number(row.wal),
    walWrites: Number(row.wal_writes),
    walFsyncs: Number(row.wal_fsyncs),
    relationWrites: Number(row.relation_writes),
    commits: Number(row.commits),
  };
};
