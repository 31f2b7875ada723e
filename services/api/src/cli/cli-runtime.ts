import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { streamCategories } from '@tracker/contracts/streams';
import { checkedEventStore } from '@tracker/eventstore/checked-event-store';
import { createEventStoreDbEventStore } from '@tracker/eventstore/eventstoredb/eventstoredb-event-store';
import type { EventStore } from '@tracker/eventstore/port';
import { createPostgresEventStore } from '@tracker/eventstore/postgres/postgres-event-store';
import type { Config } from '../config/config.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';

export interface CliRuntime {
  databaseUrl: string;
  store: EventStore;
  close(): Promise<void>;
}

/** The database `npm start` created in the embedded cluster (runtime.ts). */
const DATABASE = 'tracker';

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, under another user (the cluster user when started as root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The embedded cluster `npm start` is running, if it is: its port from postmaster.pid (line 4),
 * its password from the file beside the cluster.
 */
const runningEmbeddedServer = async (dir: string): Promise<string | undefined> => {
  const pidFile = path.join(dir, 'cluster', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !isAlive(pid)) return undefined;
  const password = (await readFile(path.join(dir, 'password'), 'utf8')).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
};

const databaseExists = async (url: string): Promise<boolean> => {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return ((await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])).rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
};

/**
 * What a command-line tool needs, from the same configuration as `npm start`: the database
 * (DATABASE_URL, else the embedded cluster — the running one, or started for the duration) and the
 * event store (EventStoreDB when EVENTSTORE_URL, else PostgreSQL).
 */
export const openCliRuntime = async (config: Config): Promise<CliRuntime> => {
  const cleanups: Array<() => Promise<void>> = [];
  const close = async (): Promise<void> => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const dir = path.join(config.dataDir, 'postgres');
      databaseUrl = await runningEmbeddedServer(dir);
      if (!databaseUrl && !existsSync(path.join(dir, 'cluster', 'PG_VERSION'))) throw new Error(`No data yet in ${dir}: run \`npm start\` first`);
      if (!databaseUrl) {
        const postgres = await startEmbeddedPostgres({ dir, persistent: true });
        cleanups.push(() => postgres.stop());
        databaseUrl = postgres.url(DATABASE);
      }
      if (!(await databaseExists(databaseUrl))) throw new Error(`No data yet in ${dir}: run \`npm start\` first`);
    }
    const store = checkedEventStore(
      config.eventstoreUrl
        ? await createEventStoreDbEventStore({ connectionString: config.eventstoreUrl, streamCategories })
        : await createPostgresEventStore({ connectionString: databaseUrl }),
    );
    cleanups.push(() => store.close());
    return { databaseUrl, store, close };
  } catch (error) {
    await close();
    throw error;
  }
};
