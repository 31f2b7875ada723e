import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterUser } from './cluster-user.ts';
import { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres.ts';
import { clearStaleLock, lockFileOf } from './postmaster-lock.ts';
import { packagedPrograms, reachablePrograms } from './postgres-programs.ts';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const stateOf = async (pid: number): Promise<string | undefined> => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
};
const exitedOrZombie = async (pid: number): Promise<boolean> => !alive(pid) || (await stateOf(pid)) === 'Z';
const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
const until = async (condition: () => Promise<boolean> | boolean, what: string, ms = 20_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
};
const postmasterPid = async (clusterDir: string): Promise<number> => Number((await readFile(lockFileOf(clusterDir), 'utf8')).split('\n')[0]);

/** Real processes behind the pid a lock file names: exited, zombie, another program, this cluster's postmaster. */
describe('clearing the lock file a crash left behind', () => {
  let root: string;
  const notices: string[] = [];
  const options = (waitMs = 5_000) => ({ waitMs, notice: (message: string) => notices.push(message) });
  const lockNaming = async (pid: number): Promise<string> => {
    const clusterDir = await mkdtemp(path.join(root, 'cluster-'));
    await writeFile(lockFileOf(clusterDir), `${pid}\n${clusterDir}\n1795430000\n5432\n\n127.0.0.1\n  2147010    229382\nready   \n`);
    return clusterDir;
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'tracker-lock-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('removes a lock file naming a process that has exited', async () => {
    const child = spawn('true');
    await new Promise((resolve) => child.once('exit', resolve));
    const clusterDir = await lockNaming(child.pid!);
    await clearStaleLock(clusterDir, options());
    expect(existsSync(lockFileOf(clusterDir))).toBe(false);
    expect(notices.at(-1)).toContain(`process ${child.pid} has exited`);
  });

  it('removes a lock file naming a zombie (what kill -9 of the process group leaves for a while)', async () => {
    // The shell's child exits; the shell, now `sleep`, never reaps it.
    const parent = spawn('/bin/sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const zombie = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()))));
      await until(async () => (await stateOf(zombie)) === 'Z', 'the zombie');
      const clusterDir = await lockNaming(zombie);
      await clearStaleLock(clusterDir, options());
      expect(existsSync(lockFileOf(clusterDir))).toBe(false);
      expect(notices.at(-1)).toContain('zombie');
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('removes a lock file whose pid now belongs to another program, which it leaves running', async () => {
    const other = spawn('sleep', ['30']);
    try {
      await until(async () => (await readFile(`/proc/${other.pid}/comm`, 'utf8').catch(() => '')).trim() === 'sleep', 'sleep to run');
      const clusterDir = await lockNaming(other.pid!);
      await clearStaleLock(clusterDir, options());
      expect(existsSync(lockFileOf(clusterDir))).toBe(false);
      expect(notices.at(-1)).toContain("'sleep', not PostgreSQL");
      expect(alive(other.pid!)).toBe(true);
    } finally {
      other.kill('SIGKILL');
    }
  });

  describe('naming a live postmaster of the cluster', () => {
    let dir: string;
    let clusterDir: string;
    let postgres: RunningPostgres | undefined;

    beforeAll(async () => {
      dir = await mkdtemp(path.join(root, 'live-'));
      clusterDir = path.join(dir, 'cluster');
    }, 60_000);
    afterAll(async () => {
      await postgres?.stop();
    });

    it('waits for it while the process that started it runs, and says so when it stays', async () => {
      postgres = await startEmbeddedPostgres({ dir, persistent: true });
      const pid = await postmasterPid(clusterDir);
      const started = Date.now();
      await expect(clearStaleLock(clusterDir, options(1_000))).rejects.toThrow(`PostgreSQL ${pid} still runs the cluster in`);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      expect(alive(pid)).toBe(true);
      expect(existsSync(lockFileOf(clusterDir))).toBe(true);
    }, 60_000);

    it('goes on as soon as it has stopped', async () => {
      const pid = await postmasterPid(clusterDir);
      const cleared = clearStaleLock(clusterDir, options(20_000));
      await sleep(500);
      await postgres!.stop();
      postgres = undefined;
      await cleared;
      expect(alive(pid)).toBe(false);
      expect(notices.at(-1)).toContain(`PostgreSQL ${pid} has stopped`);
    }, 60_000);

    it('asks it to stop when the process that started it is gone (an orphan of a crashed start)', async () => {
      const user = await clusterUser();
      const programs = user ? await reachablePrograms(packagedPrograms(), user, () => undefined) : packagedPrograms();
      // Started from a shell that exits at once: the postmaster's parent becomes init, as after a crash.
      const port = String(await freePort());
      const command = '"$0" -D "$1" -p "$2" -c listen_addresses=127.0.0.1 -c unix_socket_directories= >/dev/null 2>&1 &';
      spawn('/bin/sh', ['-c', command, programs.postgres, clusterDir, port], {
        ...(user ? { uid: user.uid, gid: user.gid } : {}),
        stdio: 'ignore',
      });
      const status = async (): Promise<string | undefined> => (await readFile(lockFileOf(clusterDir), 'utf8').catch(() => '')).split('\n')[7]?.trim();
      await until(async () => (await status()) === 'ready', 'the orphan to be ready');
      const pid = await postmasterPid(clusterDir);
      await clearStaleLock(clusterDir, options(20_000));
      await until(() => exitedOrZombie(pid), 'the orphan to exit', 5_000);
      expect(notices.some((message) => message.includes(`asked PostgreSQL ${pid} to stop`))).toBe(true);
    }, 60_000);
  });
});
