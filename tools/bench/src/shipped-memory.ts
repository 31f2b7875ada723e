import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { JWT_SECRET } from './bench-runtime.ts';
import {
  checkHealth,
  completeActionables,
  completeFreshHabits,
  completeSubtasks,
  createGoals,
  registerUsers,
  runRequests,
  seedActionablesAndHabits,
  seedSubtasks,
  type BenchUser,
  type RequestWorkload,
} from './command-workloads.ts';

/** Each user reads a page of their own, built afresh every time (the answers kept would hide the memory building them takes). */
const read = (name: string, route: string, users: readonly BenchUser[]): RequestWorkload => ({
  name,
  request: `GET ${route}, Cache-Control: no-cache`,
  users,
  appends: false,
  send: async ({ client }) => void (await client.send('GET', route, { headers: { 'cache-control': 'no-cache' } })),
});

// The server's memory as it ships: `npm start`'s compiled build (services/api/dist/server, no tsx,
// no sources: what the image runs), API and projections thread in one process of its own, under the
// commands' load. The other sections run the runtime from the sources through tsx, whose transforms
// and source maps alone hold about 60 MiB; the budget's server also keeps a profiler's samples.

export interface ShippedMemorySettings {
  clients: number;
  perClient: number;
}

export interface ShippedMemory {
  /** Resident set size once ready, before any request (MiB). */
  idleMiB: number;
  /** After each phase: the largest sampled in it and the process's peak so far (VmHWM), MiB. */
  phases: Array<{ name: string; requests: number; rate: number; peakMiB: number; processPeakMiB: number }>;
}

const root = path.resolve(import.meta.dirname, '../../..');
const MIB_KB = 1024;

const statusOf = (pid: number): { rssMiB: number; peakMiB: number } => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string): number => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMiB: kb('VmRSS') / MIB_KB, peakMiB: kb('VmHWM') / MIB_KB };
};

/** The node options `npm start` runs the server with (package.json's start script): the bench runs what ships. */
const startFlags = (): string[] => {
  const script = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
  const match = /^node((?: --\S+)*) services\/api\/dist\/server\/main\.js$/.exec(script);
  if (!match) throw new Error(`package.json's start script is not 'node [--flag …] services/api/dist/server/main.js': ${script}`);
  return match[1]!.trim().split(/\s+/).filter(Boolean);
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

export const measureShippedMemory = async (databaseUrl: string, settings: ShippedMemorySettings, progress: (line: string) => void): Promise<ShippedMemory> => {
  // As `npm start`'s pre-script: built when a bundled file changed since the last build.
  const build = spawnSync(process.execPath, [path.join(root, 'tools/build/server.js'), '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the server build failed (exit ${build.status})`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tracker-bench-shipped-'));
  const port = await freePort();
  const child = spawn(process.execPath, [...startFlags(), path.join(root, 'services/api/dist/server/main.js')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let attempt = 0; ; attempt++) {
      const ready = await fetch(`${url}/api/ready`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ready) break;
      if (attempt > 600 || child.exitCode !== null) throw new Error('the compiled server did not become ready');
      await sleep(100);
    }
    await sleep(1_000);
    const idleMiB = statusOf(child.pid!).rssMiB;
    progress(`memory of the compiled server: ${idleMiB.toFixed(0)} MiB ready and idle`);
    const users = await registerUsers(url, 'shipped', settings.clients);
    await seedSubtasks(users, settings.perClient);
    await seedActionablesAndHabits(users, settings.perClient);
    const phases: ShippedMemory['phases'] = [];
    const workloads: RequestWorkload[] = [
      createGoals(users),
      completeSubtasks(users),
      completeActionables(users),
      completeFreshHabits(users),
      checkHealth(users),
      read('list-goals', '/api/goals/goals', users),
      read('daily-actionables', '/api/dashboard/daily-actionables', users),
    ];
    for (const workload of workloads) {
      let peak = statusOf(child.pid!).rssMiB;
      const sampler = setInterval(() => (peak = Math.max(peak, statusOf(child.pid!).rssMiB)), 50);
      const started = performance.now();
      let requests = 0;
      try {
        requests = (await runRequests(workload, workload.appends ? settings.perClient : settings.perClient * 4)).length;
      } finally {
        clearInterval(sampler);
      }
      const rate = requests / ((performance.now() - started) / 1000);
      const { peakMiB } = statusOf(child.pid!);
      phases.push({ name: workload.name, requests, rate, peakMiB: peak, processPeakMiB: peakMiB });
      progress(`memory of the compiled server: ${workload.name} ${Math.round(rate)} req/s, peak ${peak.toFixed(0)} MiB (process peak ${peakMiB.toFixed(0)})`);
    }
    for (const user of users) user.client.close();
    return { idleMiB, phases };
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
};
