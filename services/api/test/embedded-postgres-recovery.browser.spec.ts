import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot } from './support/product-process.ts';

const RESTARTS = 5;

interface Started {
  child: ChildProcess;
  output: () => string;
}

/** `npm start`'s command in a process group of its own, so that the whole group can be killed at once. */
const start = (dataDir: string, port: number): Started => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/main.ts'], {
    cwd: repoRoot,
    detached: true,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '', JWT_SECRET: '', EVENTSTORE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
};

/** Healthy without a second start: the process still runs and answers 200. */
const healthy = async ({ child, output }: Started, port: number): Promise<void> => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.status)
      .catch(() => undefined);
    if (status === 200) return;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`did not come up (exit ${child.exitCode}):\n${output()}`);
    await sleep(100);
  }
};

const killGroup = async ({ child }: Started): Promise<void> => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGKILL');
  await exited;
};

const warnings = (output: string): string[] =>
  output
    .split('\n')
    .filter((line) => line.includes('"level":40'))
    .map((line) => (JSON.parse(line) as { msg: string }).msg);

/** What issue 7 found: after kill -9 of the process group, an immediate `npm start` often failed. */
describe('npm start after kill -9 of its process group', () => {
  let dataDir: string;
  let port: number;
  let current: Started | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tracker-crash-restart-'));
    port = await freePort();
  });

  afterAll(async () => {
    // A last crash: its postmaster dies with the group, the postmaster's children on their own.
    if (current && current.child.exitCode === null) await killGroup(current);
    await rm(dataDir, { recursive: true, force: true });
  });

  it(`comes up the first time on each of ${RESTARTS} immediate restarts, saying what it cleared`, async () => {
    current = start(dataDir, port);
    await healthy(current, port);
    for (let restart = 1; restart <= RESTARTS; restart++) {
      await killGroup(current);
      current = start(dataDir, port);
      await healthy(current, port);
      const cleared = /^removed the stale PostgreSQL lock file .*postmaster\.pid: process \d+ has exited/;
      expect(warnings(current.output())).toContainEqual(expect.stringMatching(cleared));
    }
  }, 300_000);
});
