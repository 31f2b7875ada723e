import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';

// node tools/build/start-figures.js [--runs 3] [--database-url URL]: how long the product takes from
// its process start to /api/ready answering 200, and the node process's resident memory then and 5 s
// later, run through tsx from the sources and compiled (services/api/dist/server, built first).
// Without --database-url, `npm start`'s process (API, projections, embedded PostgreSQL): the variants
// alternate over one data directory, initialised by a first start that is not counted, so PostgreSQL's
// part is the same in each. With it, the API role alone over that database, as the image runs it.

const root = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, 'database-url': { type: 'string', default: '' } } });
const role = values['database-url'] ? ['--role=api'] : [];
const variants = {
  tsx: [process.execPath, '--import', 'tsx', 'services/api/src/main.ts', ...role],
  compiled: [process.execPath, 'services/api/dist/server/main.js', ...role],
  [`npm ${role.length ? 'run start:api' : 'start'} (pre-script check, then compiled)`]: [
    'npm',
    ...(role.length ? ['run', 'start:api'] : ['start']),
    '--silent',
  ],
};

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The node process serving: the child itself, or the node below npm (and its shell). */
const nodePid = async (pid) => {
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '')).split(' ').filter(Boolean);
  const comm = (await readFile(`/proc/${pid}/comm`, 'utf8')).trim();
  if (comm === 'node' && !(await readFile(`/proc/${pid}/cmdline`, 'utf8')).includes('npm')) return pid;
  for (const child of children) {
    const found = await nodePid(Number(child)).catch(() => undefined);
    if (found) return found;
  }
  return undefined;
};

const rssMb = async (pid) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
};

/** CPU time (user + system) the process has used, in ms: steadier than wall time on a shared machine. */
const cpuMs = async (pid) => {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
};

const run = async (command, dataDir) => {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: values['database-url'],
      JWT_SECRET: '',
      EVENTSTORE_URL: '',
    },
    stdio: 'ignore',
  });
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
    await sleep(20);
  }
  const readyMs = performance.now() - started;
  const pid = await nodePid(child.pid);
  const rssAtReady = await rssMb(pid);
  const cpuAtReady = await cpuMs(pid);
  await sleep(5000);
  const rssSettled = await rssMb(pid);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
  return { readyMs, cpuAtReady, rssAtReady, rssSettled };
};

const build = spawn(process.execPath, ['tools/build/server.js'], { cwd: root, stdio: 'inherit' });
await new Promise((resolve) => build.once('exit', resolve));
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tracker-start-figures-'));
try {
  await run(variants.compiled, dataDir);
  const results = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  for (let i = 0; i < Number(values.runs); i++) {
    for (const [name, command] of Object.entries(variants)) results[name].push(await run(command, dataDir));
  }
  const list = (rows, key, digits) => rows.map((row) => row[key].toFixed(digits)).join(' / ');
  for (const [name, rows] of Object.entries(results)) {
    process.stdout.write(
      `${name}: ready after ${list(rows, 'readyMs', 0)} ms (node's CPU ${list(rows, 'cpuAtReady', 0)} ms); RSS at ready ${list(rows, 'rssAtReady', 0)} MB, 5 s later ${list(rows, 'rssSettled', 0)} MB\n`,
    );
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
