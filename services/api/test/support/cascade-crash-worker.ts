// A projection worker that dies (SIGKILL, no clean-up) right after the cascade reactor appended its
// first child deletions — between a goal's deletion and the end of its cascade.
import pino from 'pino';
import type { EventStore } from '@tracker/eventstore/port';
import { loadConfig } from '../../src/config/config.ts';
import { startRuntime } from '../../src/process/runtime.ts';

const [databaseUrl, dataDir, killAfter] = process.argv.slice(2);
let childDeletions = 0;
const dieMidCascade = (store: EventStore): EventStore => ({
  ...store,
  async append(stream, events, expected) {
    const result = await store.append(stream, events, expected);
    if (events.some((e) => e.type === 'TaskDeleted' || e.type === 'SubtaskDeleted')) {
      childDeletions += 1;
      if (childDeletions >= Number(killAfter)) process.kill(process.pid, 'SIGKILL');
    }
    return result;
  },
});

const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, JWT_SECRET: 'crash-worker-secret-0123456789-abcdefghijklmnop', LOG_LEVEL: 'silent' });
await startRuntime(config, { role: 'projections', log: pino({ level: 'silent' }), wrapStore: dieMidCascade });
