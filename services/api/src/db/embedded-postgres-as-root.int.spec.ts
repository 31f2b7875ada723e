import { cp, mkdir, mkdtemp, readFile, readlink, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { packagedPrograms, programsIn } from './postgres-programs.ts';

/**
 * As root, PostgreSQL runs as the 'postgres' user, which cannot enter a 0700 folder such as /root or what
 * `mktemp -d` makes: a checkout there used to die with `spawn …/initdb EACCES`.
 */
describe.skipIf(process.getuid?.() !== 0)('the embedded PostgreSQL started as root under a 0700 folder', () => {
  let blocked: string;
  let dataParent: string;

  beforeAll(async () => {
    blocked = await mkdtemp(path.join(os.tmpdir(), 'tracker-0700-'));
    dataParent = await mkdtemp(path.join(os.tmpdir(), 'tracker-data-'));
    expect((await stat(blocked)).mode & 0o777).toBe(0o700);
  });
  afterAll(async () => {
    await rm(blocked, { recursive: true, force: true });
    await rm(dataParent, { recursive: true, force: true });
  });

  it('runs its programs from a copy the postgres user can reach', async () => {
    const checkout = path.join(blocked, 'native');
    await cp(packagedPrograms().dir, checkout, { recursive: true, verbatimSymlinks: true });
    const dir = path.join(dataParent, 'postgres');
    const postgres = await startEmbeddedPostgres({ dir, persistent: false, programs: programsIn(checkout) });
    try {
      const client = new pg.Client({ connectionString: postgres.url() });
      await client.connect();
      const { rows } = await client.query<{ user: string }>('SELECT current_user AS user');
      await client.end();
      expect(rows).toEqual([{ user: 'postgres' }]);
      const pid = (await readFile(path.join(dir, 'cluster', 'postmaster.pid'), 'utf8')).split('\n')[0];
      const program = await readlink(`/proc/${pid}/exe`);
      expect(program.startsWith(path.join(os.tmpdir(), 'tracker-postgres-'))).toBe(true);
      expect((await stat(path.dirname(path.dirname(program)))).mode & 0o777).toBe(0o755);
    } finally {
      await postgres.stop();
    }
  }, 120_000);

  it('stops with one line naming the folder, the cause and the fix when its data is out of reach', async () => {
    const dir = path.join(blocked, 'data', 'postgres');
    await mkdir(dir, { recursive: true });
    const failure = await startEmbeddedPostgres({ dir, persistent: false }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain(`cannot enter ${blocked} (mode 0700, owner root)`);
    expect(message).toContain('set DATA_DIR to a folder that user can reach');
    expect(message).toContain(`setfacl -m u:postgres:x ${blocked}`);
  }, 60_000);
});
