import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from './config/config.ts';
import { onEmbeddedPostgresNotice } from './db/embedded-postgres.ts';
import { startRuntime, WEB_DIST_DIR, type Role } from './process/runtime.ts';

const roleArg = process.argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length) ?? 'all';
if (!['all', 'api', 'projections'].includes(roleArg)) {
  console.error(`Unknown --role=${roleArg}; use all, api or projections`);
  process.exit(2);
}
const role = roleArg as Role;
const config = loadConfig();
if (role !== 'all' && !config.databaseUrl) {
  // Two processes cannot share one embedded cluster: the split roles meet in a real PostgreSQL.
  console.error(`--role=${role} needs DATABASE_URL (the embedded PostgreSQL serves only \`npm start\`).`);
  process.exit(2);
}
const log = pino({ level: config.logLevel, base: { role } });
// What the embedded PostgreSQL's start did to recover from a crash, and its supervision (it stopped
// unasked, it serves again), at the default level.
onEmbeddedPostgresNotice((message, level) => log[level]({ component: 'embedded-postgres' }, message));

if (role !== 'projections' && !existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
  log.info('building the web app (first start)');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { stdio: 'inherit', cwd: path.resolve(WEB_DIST_DIR, '../..') });
  if (build.status !== 0) {
    log.fatal('web app build failed');
    process.exit(1);
  }
}

const runtime = await startRuntime(config, { role, log, projectionsOnThread: config.projectionsOnThread }).catch((error: unknown) => {
  log.fatal({ err: error }, `start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

log.info({ url: runtime.url, store: runtime.store.kind }, role === 'projections' ? 'projection workers running' : `listening on ${runtime.url}`);

let stopping = false;
const shutdown = (signal: string): void => {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  void runtime.stop().then(() => process.exit(0));
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
