import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { createEventStoreDbEventStore } from '@tracker/eventstore/eventstoredb/eventstoredb-event-store';
import { streamCategories } from '@tracker/contracts/streams';
import { checkedEventStore } from '@tracker/eventstore/checked-event-store';
import type { EventStore } from '@tracker/eventstore/port';
import { createPostgresEventStore } from '@tracker/eventstore/postgres/postgres-event-store';
import { createReadModelDb, type ReadModelDbHandle } from '@tracker/projections/db';
import { allProjectors } from '@tracker/projections/features';
import { migrateOperationalState, migrateReadModels } from '@tracker/projections/migrate';
import { createOpsDb } from '@tracker/projections/ops-db';
import { createProjectionProgress, type ProjectionProgress } from '@tracker/projections/progress';
import type { Projector } from '@tracker/projections/projector';
import { projectorLanes, startProjectionRunner, type AnyLane, type ProjectionRunner } from '@tracker/projections/runner';
import { createApp } from '../app.ts';
import { createCommandHandler } from '../commands/command-handler.ts';
import { createOpsSnapshotStore } from '../commands/snapshots.ts';
import type { AppServices } from '../feature.ts';
import { apiFeatures, projectorsWaitedOn } from '../features.ts';
import { createTokenService } from '../auth/jwt.ts';
import { secretDerivation } from '../auth/one-time-tokens.ts';
import { createPasswordHasher } from '../auth/passwords.ts';
import type { Config } from '../config/config.ts';
import { resolveJwtSecret } from '../config/jwt-secret.ts';
import { startEmbeddedPostgres, type RunningPostgres } from '../db/embedded-postgres.ts';
import { startProjectionsThread } from './projections-thread.ts';
import { createFileMailer, createSmtpMailer, type Mailer } from '../mail/mailer.ts';

export type Role = 'all' | 'api' | 'projections';

export interface Runtime {
  url?: string;
  databaseUrl: string;
  store: EventStore;
  readModels: ReadModelDbHandle;
  progress: ProjectionProgress;
  runner?: ProjectionRunner;
  stop(): Promise<void>;
}

/** The built web app; WEB_DIST_DIR points elsewhere (a build of one's own while others build too). */
export const WEB_DIST_DIR = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.resolve(import.meta.dirname, '../../../../web/dist');

/**
 * Graceful stop of the HTTP server: it stops accepting at once (a client, or a load balancer, gets
 * connection refused and goes to another process), requests in flight finish, each answered with
 * `Connection: close` — as is any request still arriving on a kept-alive connection — so no client
 * sends another on a connection about to close; idle connections close now. What is still open after
 * `boundMs` (a command waits at most the read-your-writes bound for its read models) is cut.
 */
const drainOnStop = (server: Server, boundMs: number) => {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  const closeAfter = (res: ServerResponse): void => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) return closeAfter(res);
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  return (): Promise<void> =>
    new Promise<void>((resolve) => {
      draining = true;
      for (const res of inFlight) closeAfter(res);
      const cut = setTimeout(() => server.closeAllConnections(), boundMs);
      server.close(() => {
        clearTimeout(cut);
        resolve();
      });
      server.closeIdleConnections();
    });
};

const ensureDatabase = async (adminUrl: string, name: string): Promise<void> => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
};

/**
 * The composition root: PostgreSQL (embedded unless DATABASE_URL), the event store (EventStoreDB when
 * EVENTSTORE_URL), migrated read models, the projection runner and/or the HTTP API, by role.
 */
export const startRuntime = async (
  config: Config,
  options: {
    role: Role;
    log: Logger;
    mailer?: Mailer | undefined;
    webDistDir?: string;
    clock?: () => Date;
    checkResponses?: boolean;
    /** Projectors beyond the features' (tests: a deliberately slow one). */
    extraProjectors?: readonly Projector[];
    /** Tests: wraps the event store (fault injection). */
    wrapStore?: (store: EventStore) => EventStore;
    /** Role 'all': the projections on a thread of their own (projections-thread.ts), not on the API's event loop. */
    projectionsOnThread?: boolean;
  },
): Promise<Runtime> => {
  const { log, role } = options;
  const cleanups: Array<() => Promise<void>> = [];
  const stop = async (): Promise<void> => {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => log.error({ err: error }, 'shutdown step failed'));
    }
  };
  try {
    // Configuration problems stop the start before anything is running.
    const secret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const postgres: RunningPostgres = await startEmbeddedPostgres({
        dir: path.join(config.dataDir, 'postgres'),
        persistent: true,
        log: (line) => log.debug({ postgres: line }, 'postgres'),
      });
      cleanups.push(() => postgres.stop());
      await ensureDatabase(postgres.url(), 'tracker');
      databaseUrl = postgres.url('tracker');
      log.info({ dataDir: config.dataDir }, 'embedded PostgreSQL started');
    }

    const wrap = options.wrapStore ?? ((store: EventStore) => store);
    const store = wrap(
      checkedEventStore(
        config.eventstoreUrl
          ? await createEventStoreDbEventStore({ connectionString: config.eventstoreUrl, streamCategories })
          : await createPostgresEventStore({ connectionString: databaseUrl }),
      ),
    );
    cleanups.push(() => store.close());

    const readModels = createReadModelDb(databaseUrl);
    cleanups.push(() => readModels.destroy());
    const ops = createOpsDb(databaseUrl);
    cleanups.push(() => ops.destroy());
    const applied = [...(await migrateReadModels(readModels)), ...(await migrateOperationalState(ops))];
    if (applied.length > 0) log.info({ migrations: applied }, 'read models migrated');

    const projectors = [...allProjectors, ...(options.extraProjectors ?? [])];
    const progress = createProjectionProgress({ sources: [readModels, ops], connectionString: databaseUrl, store });
    cleanups.push(() => progress.close());

    const runtime: Runtime = { databaseUrl, store, readModels, progress, stop };
    let runner: ProjectionRunner | undefined;
    const mailer =
      options.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createFileMailer(path.join(config.dataDir, 'mail'), log));
    const services: Omit<AppServices, 'routes' | 'tags'> = {
      config,
      log,
      store,
      db: readModels.db,
      ops: ops.db,
      progress,
      commands: createCommandHandler({ store, snapshots: createOpsSnapshotStore(ops.db) }),
      tokens: createTokenService(secret, config.jwtTtl, options.clock),
      deriveFromSecret: secretDerivation(secret),
      passwords: createPasswordHasher(config.bcryptCost),
      mailer,
      clock: options.clock ?? (() => new Date()),
      projectorNames: projectors.map((p) => p.name),
      projectionFailures: () => runner?.failures() ?? [],
    };

    if (role === 'all' && options.projectionsOnThread) {
      const thread = await startProjectionsThread({ ...config, databaseUrl }, log);
      cleanups.push(() => thread.stop());
    } else if (role !== 'api') {
      const shared: AppServices = { ...services, routes: () => [], tags: () => ({}) };
      const reactorLanes: AnyLane[] = apiFeatures.flatMap((feature) =>
        (feature.reactors?.(feature.services(shared), shared) ?? []).map((reactor) => ({
          name: reactor.name,
          members: [reactor],
          db: ops,
          ...(reactor.lingerMs ? { lingerMs: reactor.lingerMs } : {}),
        })),
      );
      runner = startProjectionRunner({
        lanes: [...projectorLanes(readModels, projectors, projectorsWaitedOn()), ...reactorLanes],
        connectionString: databaseUrl,
        store,
        log: log.child({ component: 'projections' }),
      });
      cleanups.push(() => runner!.stop());
      runtime.runner = runner;
      // Serve once the lanes have taken their partitions: a command answered right after the start
      // would otherwise wait out its read-your-writes bound on lanes that have not begun.
      await runner.started;
      const workers = apiFeatures.flatMap((feature) => feature.workers?.(feature.services(shared), shared) ?? []);
      cleanups.push(async () => void (await Promise.all(workers.map((worker) => worker.stop()))));
    }

    if (role !== 'projections') {
      const app = createApp(services, {
        corsOrigins: config.corsOrigins,
        trustProxy: config.trustProxy,
        webDistDir: options.webDistDir ?? WEB_DIST_DIR,
        clock: options.clock,
        checkResponses: options.checkResponses ?? false,
      });
      const server: Server = await new Promise((resolve, reject) => {
        const listening = app.listen(config.port, config.host, () => resolve(listening));
        listening.once('error', reject);
      });
      cleanups.push(drainOnStop(server, config.readYourWritesTimeoutMs + 2_000));
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      runtime.url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
    }
    return runtime;
  } catch (error) {
    await stop();
    throw error;
  }
};
