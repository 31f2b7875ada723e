import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onEmbeddedPostgresNotice, startEmbeddedPostgres, type NoticeLevel, type RunningPostgres } from './embedded-postgres.ts';
import { lockFileOf } from './postmaster-lock.ts';

const postmasterPid = async (clusterDir: string): Promise<number> => Number((await readFile(lockFileOf(clusterDir), 'utf8')).split('\n', 1)[0]);

const answers = async (url: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

describe('the embedded PostgreSQL, supervised', () => {
  let dir: string;
  let postgres: RunningPostgres | undefined;
  const notices: Array<{ message: string; level: NoticeLevel }> = [];
  let unsubscribe: () => void;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tracker-supervised-'));
    unsubscribe = onEmbeddedPostgresNotice((message, level) => notices.push({ message, level }));
    postgres = await startEmbeddedPostgres({ dir, persistent: true });
  }, 60_000);
  afterAll(async () => {
    unsubscribe();
    await postgres?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('starts again on the same port after its postmaster is killed, keeps what was committed, and says why at error', async () => {
    const url = postgres!.url();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('CREATE TABLE kept (n int); INSERT INTO kept VALUES (1), (2), (3)');
    await client.end();

    for (let kill = 1; kill <= 2; kill++) {
      const pid = await postmasterPid(path.join(dir, 'cluster'));
      const killedAt = Date.now();
      process.kill(pid, 'SIGKILL');
      while (!(await answers(url))) {
        expect(Date.now() - killedAt).toBeLessThan(30_000);
        await sleep(100);
      }
      expect(await postmasterPid(path.join(dir, 'cluster'))).not.toBe(pid);
    }
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    expect((await check.query('SELECT count(*)::int AS n FROM kept')).rows[0].n).toBe(3);
    await check.end();

    const stopped = notices.filter((n) => n.message.startsWith('PostgreSQL stopped unexpectedly (signal SIGKILL)'));
    expect(stopped).toHaveLength(2);
    expect(stopped.every((n) => n.level === 'error')).toBe(true);
    expect(notices.filter((n) => n.message.startsWith('PostgreSQL is serving again'))).toHaveLength(2);
  }, 90_000);

  it('stays stopped when asked to stop', async () => {
    const url = postgres!.url();
    const before = notices.length;
    await postgres!.stop();
    postgres = undefined;
    await sleep(1_500);
    expect(await answers(url)).toBe(false);
    expect(notices.slice(before).filter((n) => n.message.includes('unexpectedly'))).toEqual([]);
  }, 30_000);
});
