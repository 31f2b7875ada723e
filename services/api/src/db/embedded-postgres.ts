import { randomBytes } from 'node:crypto';
import diagnosticsChannel from 'node:diagnostics_channel';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { canReach, clusterUser, firstBlockedFolder, type ClusterUser } from './cluster-user.ts';
import { clearStaleLock } from './postmaster-lock.ts';
import { packagedPrograms, reachablePrograms, type PostgresPrograms } from './postgres-programs.ts';
import { initCluster, PostmasterExited, startPostmaster, type Postmaster } from './postgres-server.ts';

export interface RunningPostgres {
  /** Connection string for the given database on this cluster. */
  url(database?: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

const notices = diagnosticsChannel.channel('tracker:embedded-postgres');

/** 'error' when PostgreSQL stopped unasked or will not start again; 'warn' for what a start cleared up or retried. */
export type NoticeLevel = 'warn' | 'error';

/**
 * What a start did beyond the ordinary (cleared up after a crash, waited, retried, copied the programs),
 * and what the supervision did (PostgreSQL stopped unasked, started again): worth a line at the default
 * log level, which the caller's `log` option (debug) is not. Returns the unsubscribe function.
 */
export const onEmbeddedPostgresNotice = (listener: (message: string, level: NoticeLevel) => void): (() => void) => {
  const receive = (notice: unknown): void => {
    const { message, level } = notice as { message: string; level: NoticeLevel };
    listener(message, level);
  };
  notices.subscribe(receive);
  return () => notices.unsubscribe(receive);
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

const readOrCreateSecret = async (file: string): Promise<string> => {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(24).toString('hex');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
};

export interface EmbeddedPostgresOptions {
  /** Folder holding the cluster; created and initialised on first use. */
  dir: string;
  persistent: boolean;
  log?: (line: string) => void;
  /** PostgreSQL's bin/, lib/, share/ (default: the @embedded-postgres package for this platform). */
  programs?: PostgresPrograms;
  /** How long a postmaster still running on this cluster is given to go away (default 30 s). */
  staleWaitMs?: number;
  /** Start it again, on the same port, whenever it stops unasked (default true). */
  supervise?: boolean;
  /** Where it listens (default: a free port). */
  port?: number;
}

const SUPERUSER = 'postgres';
const START_ATTEMPTS = 4;
/** Restarts after PostgreSQL stopped unasked: 250 ms, doubling, at most this apart, for as long as it takes. */
const RESTART_MAX_DELAY_MS = 10_000;
// Loopback TCP only: no Unix socket, whose lock file in /tmp a crash would leave behind like postmaster.pid.
const FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300', '-c', 'fsync=on'];

/** As root the cluster runs as the cluster user, which must be able to enter the folder holding it. */
const openFolderTo = async (user: ClusterUser, dir: string): Promise<void> => {
  // The folder is opened up; its parent (DATA_DIR, whose secrets stay 0600) made traversable only.
  await chmod(dir, 0o755);
  const parent = path.dirname(dir);
  await chmod(parent, ((await stat(parent)).mode & 0o777) | 0o111);
  if (canReach(user, dir, 'folder')) return;
  const blocked = await firstBlockedFolder(user, dir);
  throw new Error(
    `PostgreSQL runs as the '${user.name}' user (this process is root), which cannot enter ${blocked?.described ?? dir} ` +
      `on the way to its data in ${dir}: set DATA_DIR to a folder that user can reach (e.g. DATA_DIR=/var/lib/points-tracker), ` +
      `or let it pass: setfacl -m u:${user.name}:x ${blocked?.folder ?? dir}`,
  );
};

/**
 * Starts a PostgreSQL cluster from the binaries of the embedded-postgres packages: no install, loopback
 * only, on a free port. The cluster's password is generated once and kept beside it (mode 0600). A start
 * after a crash clears up what the crash left (see clearStaleLock) and retries a start that fails.
 */
export const startEmbeddedPostgres = async (options: EmbeddedPostgresOptions): Promise<RunningPostgres> => {
  const log = options.log ?? (() => undefined);
  const notice = (message: string, level: NoticeLevel = 'warn'): void => {
    log(message);
    notices.publish({ message, level });
  };
  await mkdir(options.dir, { recursive: true });
  const user = await clusterUser();
  if (user) await openFolderTo(user, options.dir);
  const programs = user ? await reachablePrograms(options.programs ?? packagedPrograms(), user, notice) : (options.programs ?? packagedPrograms());
  const clusterDir = path.join(options.dir, 'cluster');
  const password = await readOrCreateSecret(path.join(options.dir, 'password'));
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    await initCluster({ programs, clusterDir, superuser: SUPERUSER, password, user, log });
  }

  let port = 0;
  let postmaster: Postmaster | undefined;
  for (let attempt = 1; !postmaster; attempt++) {
    await clearStaleLock(clusterDir, { waitMs: options.staleWaitMs ?? 30_000, notice });
    port = options.port ?? (await freePort());
    try {
      postmaster = await startPostmaster({ programs, clusterDir, port, flags: FLAGS, user, log });
    } catch (error) {
      // A crash can leave more than the lock file: its last processes, still detaching from shared memory.
      if (!(error instanceof PostmasterExited) || attempt === START_ATTEMPTS) throw error;
      notice(`PostgreSQL did not start (${error.reason}); retrying, attempt ${attempt + 1} of ${START_ATTEMPTS}`);
      await sleep(250 * 2 ** (attempt - 1));
    }
  }
  const supervision = superviseCluster(postmaster, {
    enabled: options.supervise ?? true,
    start: async () => {
      await clearStaleLock(clusterDir, { waitMs: options.staleWaitMs ?? 30_000, notice });
      return startPostmaster({ programs, clusterDir, port, flags: FLAGS, user, log });
    },
    notice,
  });

  const url = (database = 'postgres'): string => `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
    },
    async stop() {
      await supervision.stop();
      if (!options.persistent) await rm(clusterDir, { recursive: true, force: true });
    },
  };
};

/**
 * Keeps the cluster running: when the postmaster stops unasked (killed, crashed, out of memory) it says
 * why, at error, and starts it again on the same port — connection strings stay valid, so the pools and
 * listeners of the process reconnect by themselves — with backoff, for as long as it takes. PostgreSQL's
 * start replays its write-ahead log, so every committed transaction is there again.
 */
const superviseCluster = (
  first: Postmaster,
  options: { enabled: boolean; start: () => Promise<Postmaster>; notice: (message: string, level?: NoticeLevel) => void },
): { stop(): Promise<void> } => {
  let current = first;
  const stopping = new AbortController();
  let restarting: Promise<void> = Promise.resolve();

  const restart = async (exit: string, reason: string): Promise<void> => {
    const downAt = Date.now();
    const why = reason === 'no output' ? exit : `${exit}: ${reason}`;
    options.notice(`PostgreSQL stopped unexpectedly (${why}); starting it again`, 'error');
    for (let attempt = 1; !stopping.signal.aborted; attempt++) {
      try {
        const next = await options.start();
        if (stopping.signal.aborted) {
          await next.stop();
          return;
        }
        current = next;
        watch(next);
        options.notice(`PostgreSQL is serving again, ${((Date.now() - downAt) / 1000).toFixed(1)} s after it stopped (attempt ${attempt})`);
        return;
      } catch (error) {
        const delay = Math.min(250 * 2 ** (attempt - 1), RESTART_MAX_DELAY_MS);
        // The first tries often meet the killed server's last processes still leaving its shared memory.
        options.notice(
          `PostgreSQL did not start again (attempt ${attempt}: ${error instanceof Error ? error.message : String(error)}); retrying in ${delay} ms`,
          attempt <= 3 ? 'warn' : 'error',
        );
        await sleep(delay, undefined, { signal: stopping.signal }).catch(() => undefined);
      }
    }
  };

  const watch = (postmaster: Postmaster): void => {
    void postmaster.exited.then(({ exit, reason }) => {
      if (stopping.signal.aborted || postmaster !== current) return;
      restarting = restart(exit, reason);
    });
  };
  if (options.enabled) watch(first);

  return {
    async stop() {
      stopping.abort();
      await restarting;
      await current.stop();
    },
  };
};
