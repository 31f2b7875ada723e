import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { defaultRateLimits, loadConfig, type Config } from '@tracker/api/config/config';
import { startRuntime } from '@tracker/api/process/runtime';
import type { EventStore } from '@tracker/eventstore/port';
import type { ApiClient } from './api-client.ts';

/** Every limit out of reach, whatever limits the config names: the bench never waits on one. */
const GENEROUS_RATE_LIMITS = Object.fromEntries(
  Object.entries(defaultRateLimits).map(([name, rule]) => {
    const generous = { limit: 1_000_000, windowSeconds: 60 };
    return [name, Array.isArray(rule) ? [generous] : generous];
  }),
) as Config['rateLimits'];

/** Every bench runtime's secret, so a section may sign tokens for users it seeded straight into the store. */
export const JWT_SECRET = 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

/** The runtime's configuration in the bench: loopback, free port, silent, rate limits out of the way. */
export const benchConfig = (databaseUrl: string, dataDir: string): Config => ({
  ...loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET, LOG_LEVEL: 'silent' }),
  rateLimits: GENEROUS_RATE_LIMITS,
});

export interface BenchRuntime {
  url: string;
  /** The runtime's own store (checked), for seeding what HTTP cannot make quickly. */
  store: EventStore;
  stop(): Promise<void>;
}

/**
 * The real runtime (API and projection runner, role 'all') in this process as `npm start` runs it (the
 * projections on a thread of their own), on `databaseUrl`, on a free loopback port: silent, mail
 * dropped (the thread's to the temporary data folder), no web bundle, rate limits out of the way.
 */
export const startBenchRuntime = async (databaseUrl: string): Promise<BenchRuntime> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tracker-bench-app-'));
  try {
    const runtime = await startRuntime(benchConfig(databaseUrl, dataDir), {
      role: 'all',
      log: pino({ level: 'silent' }),
      mailer: { send: () => Promise.resolve() },
      webDistDir: path.join(dataDir, 'no-web-bundle'),
      // As `npm start` runs them: the projections on a thread of their own.
      projectionsOnThread: true,
    });
    return {
      url: runtime.url!,
      store: runtime.store,
      async stop() {
        try {
          await runtime.stop();
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
};

interface Readiness {
  projections?: Record<string, { caughtUp: boolean }>;
}

/**
 * Waits until every projector has caught up with the log (as /api/ready reports it), so the work a
 * timed phase caused is done, and counted, before the next phase starts.
 */
export const waitUntilProjected = async (client: ApiClient, timeoutMs = 60_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // 503 too: a projector behind for longer than READY_MAX_LAG_MS makes the process not ready, but it is catching up.
    const { body } = await client.send<Readiness>('GET', '/api/ready', { expect: [200, 503] });
    if (Object.values(body.projections ?? {}).every((projection) => projection.caughtUp)) return;
    if (Date.now() > deadline) throw new Error(`projections still behind after ${timeoutMs} ms: ${JSON.stringify(body.projections)}`);
    await sleep(10);
  }
};
