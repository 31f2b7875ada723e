import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAt, caughtUp, freePort, repoRoot, signalGroup, type Running } from './support/product-process.ts';

// The server as the image runs it (Dockerfile, runtime stage): compiled by tools/build/server.js, in a
// directory holding the manifests, node_modules, the compiled server and web/dist, but no sources
// and no build tools, started by `npm run start:*` with the image's npm settings: pre-scripts off
// (npm_config_ignore_scripts; the pre-script, which builds, would fail here: there is nothing to build
// from) and bash as the script shell (node npm's direct child, so the SIGTERM npm forwards reaches it).

const rootManifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] };
const JWT_SECRET = 'compiled-server-secret-0123456789-abcdefghijklmnop';
/** Every process started, killed (whole group) after the tests whatever happened. */
const started: Running[] = [];

/** `npm run <script>` in `dir`, in its own process group; resolves once `port` answers /api/ready (or, with no port, at once). */
const npmRun = async (dir: string, script: string, env: Record<string, string>, port?: number): Promise<Running> => {
  const output: string[] = [];
  const child = spawn('npm', ['run', script, '--silent'], {
    cwd: dir,
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      npm_config_ignore_scripts: 'true',
      npm_config_script_shell: '/bin/bash',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      EVENTSTORE_URL: '',
      JWT_SECRET,
      ...(port ? { PORT: String(port) } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const running = { child, output };
  started.push(running);
  const deadline = Date.now() + 90_000;
  while (port) {
    const status = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm run ${script} did not come up:\n${output.join('')}`);
    await sleep(100);
  }
  return running;
};

/**
 * SIGTERM to npm alone, as `docker stop` through the image's init (tini) sends it: npm forwards it to
 * node, which shuts down. npm's exit code, which is node's; the group is killed if anything is left.
 */
const stop = async (running: Running): Promise<number | null> => {
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  if (running.child.exitCode === null) running.child.kill('SIGTERM');
  await Promise.race([exited, sleep(30_000)]);
  const code = running.child.exitCode;
  await signalGroup(running, 'SIGKILL');
  return code;
};

/** Registers someone, creates a goal and reads it back: a command through the event store and its read model. */
const signUpAndRead = async (commands: ReturnType<typeof apiAt>, reads: ReturnType<typeof apiAt>): Promise<void> => {
  const registered = await commands('POST', '/auth/register', undefined, {
    name: 'Compiled Person',
    email: `compiled.${randomUUID()}@example.com`,
    password: 'correct horse battery',
  });
  expect(registered.status).toBe(201);
  const token = registered.body.token as string;
  const created = await commands('POST', '/goals/goals', token, { title: 'Run the built output' });
  expect(created.status).toBe(201);
  // Read-your-writes is bounded (5 s): on a loaded machine the answer may come before the projection.
  if (created.behind) await caughtUp(reads);
  const listed = await reads('GET', '/goals/goals', token);
  expect(listed.status).toBe(200);
  expect(listed.body.goals.map((goal: { title: string }) => goal.title)).toEqual(['Run the built output']);
  expect((await reads('GET', '/auth/me', token)).body.user.name).toBe('Compiled Person');
};

describe('the compiled server, laid out as in the image', () => {
  let image: string;
  const dataDirs: string[] = [];
  const dataDir = async () => {
    dataDirs.push(await mkdtemp(path.join(os.tmpdir(), 'tracker-compiled-data-')));
    return dataDirs.at(-1)!;
  };

  beforeAll(async () => {
    image = await mkdtemp(path.join(os.tmpdir(), 'tracker-image-'));
    const built = spawnSync(process.execPath, ['tools/build/server.js', '--outdir', path.join(image, 'services/api/dist/server')], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    // The manifests stage: every package.json where `npm ci` put it; node_modules is this checkout's.
    await copyFile(path.join(repoRoot, 'package.json'), path.join(image, 'package.json'));
    for (const workspace of rootManifest.workspaces) {
      await mkdir(path.join(image, workspace), { recursive: true });
      await copyFile(path.join(repoRoot, workspace, 'package.json'), path.join(image, workspace, 'package.json'));
    }
    await symlink(path.join(repoRoot, 'node_modules'), path.join(image, 'node_modules'));
    if (!existsSync(path.join(repoRoot, 'web/dist/index.html'))) {
      expect(spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'ignore' }).status).toBe(0);
    }
    await symlink(path.join(repoRoot, 'web/dist'), path.join(image, 'web/dist'));
  }, 120_000);

  afterAll(async () => {
    for (const running of started) await signalGroup(running, 'SIGKILL');
    for (const dir of [image, ...dataDirs]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is JavaScript that imports only production dependencies: no TypeScript, no tsx, no workspace sources', async () => {
    const files = readdirSync(path.join(image, 'services/api/dist/server'));
    expect(files).toEqual(expect.arrayContaining(['main.js', 'rebuild.js', 'audit.js']));
    expect(files.filter((file) => !file.endsWith('.js') && file !== 'build-info.json')).toEqual([]);
    const { packages } = JSON.parse(await readFile(path.join(image, 'services/api/dist/server/build-info.json'), 'utf8')) as { packages: string[] };
    const manifests = ['package.json', ...rootManifest.workspaces.map((w) => `${w}/package.json`)].map(
      (file) => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as { dependencies?: Record<string, string> },
    );
    const production = new Set(manifests.flatMap((manifest) => Object.keys(manifest.dependencies ?? {})));
    expect(
      packages.filter(
        (name) =>
          !production.has(
            name
              .split('/')
              .slice(0, name.startsWith('@') ? 2 : 1)
              .join('/'),
          ),
      ),
    ).toEqual([]);
    expect(packages).not.toContain('tsx');
    for (const file of files.filter((f) => f.endsWith('.js'))) {
      expect(readFileSync(path.join(image, 'services/api/dist/server', file), 'utf8'), file).not.toMatch(/from ["']@tracker\/|\.ts["']/);
    }
  });

  it('is rebuilt by the pre-script (`--if-stale`) when its inputs changed, and only then', async () => {
    const outdir = path.join(image, 'pre-script/server');
    const build = (...args: string[]) =>
      spawnSync(process.execPath, ['tools/build/server.js', '--outdir', outdir, ...args], { cwd: repoRoot, encoding: 'utf8' }).stderr;
    expect(build()).toMatch(/built the server/);
    const first = readlinkSync(outdir);
    expect(build('--if-stale')).toBe('');
    expect(readlinkSync(outdir)).toBe(first);
    // As if a bundled file had changed since: its recorded hash no longer matches.
    const info = path.join(outdir, 'build-info.json');
    await writeFile(info, (await readFile(info, 'utf8')).replace(/"fingerprint": "\w+"/, '"fingerprint": "changed"'));
    expect(build('--if-stale')).toMatch(/built the server/);
    expect(readlinkSync(outdir)).not.toBe(first);
    expect(existsSync(path.join(outdir, 'main.js'))).toBe(true);
  });

  it('runs as docker-compose runs it: `npm run start:api` and `npm run start:projections` over one PostgreSQL, stopped by SIGTERM', async () => {
    const env = { DATABASE_URL: await createTestDatabase('compiled') };
    const projections = await npmRun(image, 'start:projections', { ...env, DATA_DIR: await dataDir() });
    const port = await freePort();
    const api = await npmRun(image, 'start:api', { ...env, DATA_DIR: await dataDir() }, port);
    try {
      const call = apiAt(port, 15_000);
      expect((await call('GET', '/health')).status).toBe(200);
      // The API's read-your-writes waits for the projections process, which projects the goal.
      await signUpAndRead(call, call);
      const page = await fetch(`http://127.0.0.1:${port}/login`);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      const exitCodes = [await stop(api), await stop(projections)];
      expect(exitCodes).toEqual([0, 0]);
    }
    expect(api.output.join('')).toContain('shutting down');
    expect(projections.output.join('')).toContain('projection workers running');
  }, 120_000);

  it('runs as `npm start`: API, projections and the embedded PostgreSQL in one process', async () => {
    const port = await freePort();
    const data = await dataDir();
    const all = await npmRun(image, 'start', { DATA_DIR: data }, port);
    try {
      const call = apiAt(port, 15_000);
      expect((await call('GET', '/health')).status).toBe(200);
      await signUpAndRead(call, call);
    } finally {
      expect(await stop(all)).toBe(0);
    }
    expect(spawnSync('pgrep', ['-f', `postgres -D ${data}`]).status).toBe(1);
  }, 120_000);
});
