import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser } from './support/browser.ts';
import { registerLogoutLogin } from './support/journeys.ts';
import { freePort, repoRoot } from './support/product-process.ts';

const postgresProcessesUnder = (dir: string): string[] =>
  spawnSync('pgrep', ['-af', `postgres -D ${dir}`], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean);

/** The product as a user starts it: the real entry point, its own embedded PostgreSQL, signals. */
describe('npm start', () => {
  let dataDir: string;
  let port: number;
  let child: ChildProcess;
  let output = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tracker-start-'));
    port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '', JWT_SECRET: '', EVENTSTORE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/ready`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 90_000);

  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the app and the API on its port, with a JWT secret kept private in DATA_DIR', async () => {
    const page = await fetch(`http://127.0.0.1:${port}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await stat(path.join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
  });

  it.skipIf(!chromiumAvailable)('lets a person register, log out, log in and see their name', async () => {
    const browser = await launchBrowser();
    try {
      await registerLogoutLogin(await browser.newPage(), `http://localhost:${port}`, 'Started Person');
    } finally {
      await browser.close();
    }
  });

  it('shuts down cleanly on SIGTERM, leaving no PostgreSQL behind', async () => {
    expect(postgresProcessesUnder(dataDir).length).toBeGreaterThan(0);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
    expect(postgresProcessesUnder(dataDir)).toEqual([]);
  }, 30_000);
});
