import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startRuntime, type Role } from '@tracker/api/process/runtime';
import { benchConfig } from './bench-runtime.ts';

// One role of the product ('api' or 'projections') in a process of its own, for the capacity section:
// the section reads this process's CPU time from /proc, so nothing else may run in it. Started with
// `fork` (an IPC channel): it sends { url } once serving, and stops and exits on 'stop'.
// Arguments: <role> <database url>.

export interface ServerReady {
  url: string | null;
}

const [role, databaseUrl] = process.argv.slice(2) as [Role, string];

const main = async (): Promise<void> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `tracker-bench-${role}-`));
  const runtime = await startRuntime(benchConfig(databaseUrl, dataDir), {
    role,
    log: pino({ level: 'silent' }),
    mailer: { send: () => Promise.resolve() },
    webDistDir: path.join(dataDir, 'no-web-bundle'),
  });
  process.on('message', (message) => {
    if (message !== 'stop') return;
    void runtime
      .stop()
      .finally(() => rm(dataDir, { recursive: true, force: true }))
      .finally(() => process.exit(0));
  });
  process.send!({ url: runtime.url ?? null } satisfies ServerReady);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
