import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { startRuntime } from './runtime.ts';
import type { FromThread, ThreadData, ToThread } from './projections-thread.ts';

// The projections role on a thread of `npm start`'s process (projections-thread.ts starts it): the
// runner, reactors and workers, on the PostgreSQL the main thread started and migrated.

const port = parentPort!;
const tell = (message: FromThread): void => port.postMessage(message);
const { config } = workerData as ThreadData;
const log = pino({ level: config.logLevel, base: { role: 'projections', thread: 'projections' } });

try {
  const runtime = await startRuntime(config, { role: 'projections', log });
  port.on('message', (message: ToThread) => {
    if (message.type === 'stop') void runtime.stop().finally(() => tell({ type: 'stopped' }));
  });
  tell({ type: 'started' });
} catch (error) {
  tell({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
