import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partitionCheckpointNames } from '@tracker/projections/checkpoints';
import { createReadModelDb, type ReadModelDbHandle } from '@tracker/projections/db';
import { allProjectors } from '@tracker/projections/features';
import { migrateReadModels } from '@tracker/projections/migrate';
import { rebuildReadModels } from '@tracker/projections/rebuild/rebuild';
import { bookkeepingTables } from '@tracker/projections/rebuild/owned-tables';
import { projectorLanes, startProjectionRunner, type ProjectionRunner } from '@tracker/projections/runner';
import { apiClient, type ApiUser as User } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// The app's live lanes keep `rm`; a second runner keeps `control` from the same log and is never
// rebuilt. After a rebuild of `rm` (while commands keep arriving) both must hold the same rows.

let app: TestApp;
let control: ReadModelDbHandle;
let controlRunner: ProjectionRunner;
beforeAll(async () => {
  app = await startTestApp();
  control = createReadModelDb(app.runtime.databaseUrl, 'control');
  await migrateReadModels(control);
  controlRunner = startProjectionRunner({
    lanes: projectorLanes(control, allProjectors),
    connectionString: app.runtime.databaseUrl,
    store: app.runtime.store,
    log: pino({ level: 'silent' }),
  });
});
afterAll(async () => {
  await controlRunner?.stop();
  await control?.destroy();
  await app?.stop();
});

const { call, newUser, ok } = apiClient(() => app);

/** A bit of everything the projectors handle: goals to subtasks, completions, a reopening, a deletion, actionables, a habit, settings. */
const work = async (user: User, round: number) => {
  const goal = (await ok(user, 'POST', '/goals/goals', { title: `Goal ${round}`, priority: 1 + (round % 5) })).goal;
  const task = (await ok(user, 'POST', '/goals/tasks', { title: `Task ${round}`, goalId: goal.id })).task;
  const subtask = (await ok(user, 'POST', '/goals/subtasks', { title: `Subtask ${round}`, taskId: task.id })).subtask;
  await ok(user, 'PATCH', `/goals/subtasks/${subtask.id}`, { status: 'completed' });
  await ok(user, 'PATCH', `/goals/tasks/${task.id}`, { status: 'completed' });
  await ok(user, 'PATCH', `/goals/tasks/${task.id}`, { status: 'in-progress' });
  const actionable = (await ok(user, 'POST', '/actionables', { title: `Do ${round}`, weight: 1 + (round % 10) })).actionable;
  await ok(user, 'PATCH', `/actionables/${actionable.id}/complete`);
  const habit = (await ok(user, 'POST', '/actionables/habits', { title: `Habit ${round}`, weight: 2 })).habit;
  await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
  if (round % 3 === 0) await ok(user, 'DELETE', `/goals/goals/${goal.id}`);
  await ok(user, 'PATCH', '/settings', { weekStart: round % 2 === 0 ? 'monday' : 'sunday' });
};

const tableNames = async (db: ReadModelDbHandle['db'], schema: string): Promise<string[]> => {
  const { rows } = await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = ${schema} ORDER BY tablename`.execute(db);
  return rows.map((r) => r.name).filter((name) => !bookkeepingTables.includes(name));
};
/** Every row of a table as JSON text, sorted: two tables are equal row for row when these are. */
const rowsOf = async (db: ReadModelDbHandle['db'], schema: string, table: string): Promise<string[]> => {
  const { rows } = await sql<{ row: string }>`SELECT to_jsonb(t)::text AS row FROM ${sql.table(`${schema}.${table}`)} t`.execute(db);
  return rows.map((r) => r.row).sort();
};
const checkpointsOf = async (db: ReadModelDbHandle['db'], schema: string): Promise<Record<string, string>> => {
  const { rows } = await sql<{ name: string; position: string }>`SELECT name, position FROM ${sql.table(`${schema}.projection_checkpoints`)}`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.name, r.position]));
};

/** Both schemas' projectors at the head of the log. */
const settled = async () => {
  const head = await app.runtime.store.headPosition();
  const { db } = app.runtime.readModels;
  for (let attempt = 0; attempt < 200; attempt++) {
    const [live, ctl] = [await checkpointsOf(db, 'rm'), await checkpointsOf(db, 'control')];
    // Live lanes keep a checkpoint per partition; the control's too (its runner is partitioned alike).
    const names = allProjectors.flatMap((p) => partitionCheckpointNames(p.name));
    if (names.every((n) => live[n] === head && ctl[n] === head)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const [live, ctl] = [await checkpointsOf(db, 'rm'), await checkpointsOf(db, 'control')];
  throw new Error(`read models did not reach the head of the log (${head}): rm ${JSON.stringify(live)}, control ${JSON.stringify(ctl)}`);
};

const expectSameAsControl = async () => {
  await settled();
  const { db } = app.runtime.readModels;
  const tables = await tableNames(db, 'rm');
  expect(tables).toEqual(await tableNames(db, 'control'));
  expect(tables.length).toBeGreaterThanOrEqual(11);
  let rows = 0;
  for (const table of tables) {
    const [live, ctl] = [await rowsOf(db, 'rm', table), await rowsOf(db, 'control', table)];
    expect(live, table).toEqual(ctl);
    rows += live.length;
  }
  expect(rows).toBeGreaterThan(10);
  const leftovers = await sql<{ name: string }>`SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 'rm\\_%'`.execute(db);
  expect(leftovers.rows).toEqual([]);
};

const tableOid = async (table: string): Promise<number> => {
  const { rows } = await sql<{ oid: number }>`SELECT ${`rm.${table}`}::regclass::oid AS oid`.execute(app.runtime.readModels.db);
  return rows[0]!.oid;
};

const audit = async (user: User) => (await call(user, 'GET', '/points/audit')).body.audit;

const runCli = (script: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/cli', script), ...args], {
      env: { ...process.env, DATABASE_URL: app.runtime.databaseUrl, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });

describe('rebuilding the read models', () => {
  it('replays the log into fresh tables and swaps them in while commands keep arriving: every table equals the never-rebuilt one, row for row', async () => {
    const users = await Promise.all([newUser(), newUser(), newUser()]);
    for (let round = 0; round < 3; round++) await Promise.all(users.map((user) => work(user, round)));
    await settled();
    const totalBefore = (await call(users[0]!, 'GET', '/points/stats')).body.stats.total as number;
    expect(totalBefore).toBeGreaterThan(0);

    // Commands from two users all along, and a reader of the third, quiet one's total: it must never
    // change (a half-built model would show less).
    let running = true;
    let commands = 0;
    let reads = 0;
    const writers = users.slice(1).map(async (user, index) => {
      for (let round = 10 + index * 100; running; round++) {
        await work(user, round);
        commands++;
      }
    });
    const reader = (async () => {
      while (running) {
        const answer = await call(users[0]!, 'GET', '/points/stats');
        expect({ status: answer.status, total: answer.body.stats?.total, body: answer.body.stats ? undefined : answer.body }).toEqual({
          status: 200,
          total: totalBefore,
          body: undefined,
        });
        reads++;
      }
    })();
    const progress: string[] = [];
    const result = await rebuildReadModels({
      connectionString: app.runtime.databaseUrl,
      store: app.runtime.store,
      batchSize: 50,
      onProgress: (p) => progress.push(p.phase),
      // Appended after the replay read the log: the catch-up and the swap must bring them in.
      beforeSwap: async () => {
        await Promise.all(users.slice(1).map((user, index) => work(user, 1000 + index)));
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    running = false;
    await Promise.all([...writers, reader]);

    expect(result.projectors.sort()).toEqual(allProjectors.map((p) => p.name).sort());
    expect(result.events).toBeGreaterThan(100);
    expect(commands).toBeGreaterThan(0);
    expect(reads).toBeGreaterThan(0);
    expect(progress).toEqual(expect.arrayContaining(['replay', 'catch-up', 'swap', 'done']));
    await expectSameAsControl();
    for (const user of users) expect(await audit(user)).toMatchObject({ consistent: true, mismatches: [] });

    // The live lanes go on from the rebuilt checkpoints: new work still lands, once.
    await work(users[1]!, 5000);
    await expectSameAsControl();
  });

  it('a corrupted ledger row: the audit names exactly that mismatch, a rebuild of points_ledger repairs it and leaves the other tables alone', async () => {
    const user = await newUser();
    await work(user, 1);
    await settled();
    const { db } = app.runtime.readModels;
    const { rows } = await sql<{ event_id: string; source_id: string; points: number }>`
      SELECT event_id, source_id, points FROM rm.points_ledger WHERE user_id = ${user.id} AND source_type = 'actionable'`.execute(db);
    const row = rows[0]!;
    await sql`UPDATE rm.points_ledger SET points = points * 3 WHERE event_id = ${row.event_id}`.execute(db);

    const broken = await audit(user);
    const entry = broken.entries.find((e: { sourceId: string }) => e.sourceId === row.source_id);
    expect(broken.consistent).toBe(false);
    expect(broken.mismatches).toEqual([
      { position: entry.position, expected: row.points, found: row.points * 3, reason: expect.stringContaining('points_ledger') },
    ]);
    expect(broken.ledgerTotal - broken.recordedTotal).toBe(row.points * 2);

    const cli = await runCli('audit.ts', ['--user', user.email]);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain(entry.position);
    const asJson = await runCli('audit.ts', ['--user', user.email, '--json']);
    expect(asJson.code).toBe(1);
    expect(JSON.parse(asJson.stdout).users[0].audit.mismatches).toEqual(broken.mismatches);

    const [goalsBefore, ledgerBefore] = [await tableOid('goals'), await tableOid('points_ledger')];
    const rebuilt = await runCli('rebuild.ts', ['--projection', 'points_ledger']);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(rebuilt.stdout).toContain('rebuilt points_ledger (points_ledger, user_points, daily_points)');
    expect(await tableOid('goals')).toBe(goalsBefore);
    expect(await tableOid('points_ledger')).not.toBe(ledgerBefore);

    expect(await audit(user)).toMatchObject({ consistent: true, mismatches: [], ledgerTotal: broken.recordedTotal });
    expect((await runCli('audit.ts', ['--all'])).code).toBe(0);
    await expectSameAsControl();
  });

  it('the command lines refuse what they cannot do: an unknown projection, no user, bad arguments', async () => {
    const unknown = await runCli('rebuild.ts', ['--projection', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown projection nope');
    expect((await runCli('rebuild.ts', ['--frobnicate'])).code).toBe(2);
    expect((await runCli('audit.ts', [])).code).toBe(2);
    expect((await runCli('audit.ts', ['--user', 'nobody@example.com'])).code).toBe(2);
  });
});
