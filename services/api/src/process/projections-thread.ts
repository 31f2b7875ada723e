import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';

/** What the thread starts from: the main thread's configuration, with the PostgreSQL it started (plain data: it is copied). */
export interface ThreadData {
  config: Config;
}
export type ToThread = { type: 'stop' };
export type FromThread = { type: 'started' } | { type: 'stopped' } | { type: 'failed'; message: string };

export interface ProjectionsThread {
  /** Stops the runner, its reactors and workers, then the thread. */
  stop(): Promise<void>;
}

/** How long a stop may take before the thread is ended as it is (its work resumes from checkpoints). */
const STOP_BOUND_MS = 10_000;

/**
 * The thread that runs a worker file: the compiled one beside this module in the production build,
 * or, from the sources (tsx), the .ts one with tsx's loader registered first (a worker thread does
 * not inherit the loader of the process that starts it).
 */
const threadFor = (name: string, workerData: unknown): Worker => {
  // This module's own extension: .js in the build, .ts when run from the sources.
  const extension = path.extname(new URL(import.meta.url).pathname);
  const file = new URL(`./${name}${extension}`, import.meta.url);
  if (extension === '.js') return new Worker(file, { workerData });
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
};

/**
 * `npm start`'s projections on a thread of their own: the API's event loop then serves requests
 * while the projectors apply what the commands appended, on another core. They meet in PostgreSQL as
 * the split roles of two processes do (checkpoints, NOTIFY), so nothing else changes; the thread
 * shares the process, so a crash or a kill takes both, as before. Resolves once the lanes have taken
 * their partitions (as the in-process runner's `started`); an unexpected end of the thread is logged
 * and the thread started again. What cannot be copied to a thread stays behind: the thread mails
 * through SMTP or the mail folder of `config`, on the real clock, with the features' projectors only.
 */
export const startProjectionsThread = async (config: Config, log: Logger): Promise<ProjectionsThread> => {
  let thread: Worker;
  let stopping = false;

  const start = (): Promise<void> =>
    new Promise((started, failed) => {
      let running = false;
      thread = threadFor('projections-worker', { config } satisfies ThreadData);
      thread.on('message', (message: FromThread) => {
        if (message.type === 'started') {
          running = true;
          started();
        }
        if (message.type === 'failed') failed(new Error(`projections thread: ${message.message}`));
      });
      thread.once('error', (error) => {
        failed(error);
        if (!stopping) log.error({ err: error }, 'projections thread failed');
      });
      thread.once('exit', (code) => {
        failed(new Error(`projections thread ended (${code}) before it started`));
        // Once it served, an unexpected end is a fault to recover from; before, the start fails.
        if (stopping || !running) return;
        log.error({ code }, 'projections thread ended; starting it again');
        setTimeout(() => void start().catch((error: unknown) => log.error({ err: error }, 'projections thread did not start again')), 1_000).unref();
      });
    });

  await start();
  return {
    async stop() {
      stopping = true;
      const current = thread;
      const stopped = new Promise<void>((done) => {
        current.on('message', (message: FromThread) => message.type === 'stopped' && done());
        current.once('exit', () => done());
      });
      current.postMessage({ type: 'stop' } satisfies ToThread);
      const bound = setTimeout(() => void current.terminate(), STOP_BOUND_MS);
      await stopped;
      clearTimeout(bound);
      await current.terminate();
    },
  };
};
