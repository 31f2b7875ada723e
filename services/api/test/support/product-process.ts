import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// The product as its users run it (`npm start`, a process group of node, npm and PostgreSQL), for the
// tests that start, kill and call it from outside: the crash and chaos tests and the process specs.

export const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** A port nothing listens on now (the kernel's pick, released at once). */
export const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export interface Running {
  child: ChildProcess;
  output: string[];
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * `npm start` on `port`, detached (its own process group, which `signalGroup` takes down whole), with
 * no DATABASE_URL, JWT_SECRET or EVENTSTORE_URL from this environment unless `env` gives them. Waits
 * until `waitFor` answers 200: `up` is false when the process ended first; it throws after two minutes.
 */
export const startNpm = async (
  port: number,
  env: Record<string, string>,
  waitFor: '/api/health' | '/api/ready',
): Promise<{ running: Running; up: boolean }> => {
  const output: string[] = [];
  const child = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', JWT_SECRET: '', EVENTSTORE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const running = { child, output };
  const deadline = Date.now() + 120_000;
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}${waitFor}`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { running, up: true };
    if (exited(child)) return { running, up: false };
    if (Date.now() > deadline) throw new Error(`npm start did not come up:\n${output.join('')}`);
    await sleep(100);
  }
};

/**
 * `npm run <script>` (`start:api`, `start:projections`) as the image runs it, in its own process group:
 * pre-scripts off (the caller built the server once — processes started together must not each build)
 * and bash as the script shell (it execs node, so the SIGTERM npm forwards reaches the server). No
 * DATABASE_URL, JWT_SECRET or EVENTSTORE_URL from this environment unless `env` gives them. Resolves
 * once `ready` says so; throws with the output when the process ends first or after a minute.
 */
export const startScript = async (script: string, env: Record<string, string>, ready: (running: Running) => Promise<boolean>): Promise<Running> => {
  const output: string[] = [];
  const child = spawn('npm', ['run', script, '--silent'], {
    cwd: repoRoot,
    detached: true,
    env: {
      ...process.env,
      npm_config_ignore_scripts: 'true',
      npm_config_script_shell: '/bin/bash',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      JWT_SECRET: '',
      EVENTSTORE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const running = { child, output };
  const deadline = Date.now() + 60_000;
  while (!(await ready(running))) {
    if (exited(child) || Date.now() > deadline) {
      await signalGroup(running, 'SIGKILL');
      throw new Error(`npm run ${script} did not come up:\n${output.join('')}`);
    }
    await sleep(100);
  }
  return running;
};

/** Sends `signal` to the whole process group and waits for npm to exit. */
export const signalGroup = async ({ child }: Running, signal: NodeJS.Signals): Promise<void> => {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
  if (!exited(child)) await new Promise((resolve) => child.once('exit', resolve));
};

export interface Answer {
  status: number;
  /** The parsed body; `{}` when there is none. */
  body: Record<string, any>;
  retryAfter: string | null;
  /** X-Read-Models-Behind: the command was answered from its own state, its read models not there yet. */
  behind: boolean;
}

/** Waits (a minute at most) until /api/ready says every projector has caught up with the log. */
export const caughtUp = async (call: ReturnType<typeof apiAt>): Promise<void> => {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ready = await call('GET', '/ready').catch(() => undefined);
    if (ready?.status === 200 && Object.values(ready.body.projections as Record<string, { caughtUp: boolean }>).every((p) => p.caughtUp)) return;
    await sleep(200);
  }
  throw new Error('read models did not catch up');
};

/** Calls below `/api` on the product at `port`, each given up after `timeoutMs`. */
export const apiAt =
  (port: number, timeoutMs: number) =>
  async (method: string, url: string, token?: string, body?: unknown, key?: string): Promise<Answer> => {
    const response = await fetch(`http://127.0.0.1:${port}/api${url}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : {}) as Record<string, any>,
      retryAfter: response.headers.get('retry-after'),
      behind: response.headers.has('x-read-models-behind'),
    };
  };
