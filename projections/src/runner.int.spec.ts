import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Position } from '@tracker/eventstore/port';
import { eventually } from '@tracker/eventstore/testing/eventually';
import {
  advanceCheckpoints,
  checkpointName,
  CheckpointMoved,
  inBatchTransaction,
  partitionCheckpointNames,
  partitionOf,
  PARTITIONS,
  readCheckpoints,
} from './checkpoints.ts';
import { everyEventType, type Projector } from './projector.ts';
import { createProjectionProgress } from './progress.ts';
import { projectorLanes, startProjectionRunner, type ProjectionRunner } from './runner.ts';
import { metadata, readModelFixture, silentLog, userLife } from './testing/read-model-fixture.ts';
import { usersProjection } from './users/users.projection.ts';

/** The runner catches up on its own time (lanes, backoff, partition takeover). */
const inTime = (check: () => Promise<void> | void) => eventually(check, 20_000, 50);

/** Counts every event it applies, one row each: applying anything twice shows as a duplicate. */
const tallyProjector = (options: { failOnNth?: () => number | undefined } = {}): Projector & { failures: number } => {
  let seenInBatch = 0;
  const projector = {
    name: 'tally',
    handles: everyEventType,
    failures: 0,
    async apply(trx: Parameters<Projector['apply']>[0], event: Parameters<Projector['apply']>[1]) {
      seenInBatch += 1;
      const failAt = options.failOnNth?.();
      if (failAt !== undefined && seenInBatch >= failAt) {
        seenInBatch = 0;
        projector.failures += 1;
        throw new Error('projector bug');
      }
      await sql`INSERT INTO tally (event_id) VALUES (${event.id})`.execute(trx);
    },
  };
  return projector;
};

/** Records, per event, the transaction that applied it: how many commits served how many events. */
const batchRecorder = (name: string, options: { failOn?: (event: { id: string }) => boolean; gate?: () => Promise<void> } = {}): Projector => ({
  name,
  handles: ['EmailReserved'],
  async apply(trx, event) {
    if (options.failOn?.(event)) throw new Error(`${name} cannot apply ${event.id}`);
    await options.gate?.();
    await sql`INSERT INTO batches (projector, event_id, txid) VALUES (${name}, ${event.id}, txid_current())`.execute(trx);
  },
});

const reserveEmails = async (fixture: Awaited<ReturnType<typeof readModelFixture>>, count: number): Promise<string[]> => {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const userId = randomUUID();
    const id = randomUUID();
    ids.push(id);
    await fixture.append(
      `email-${randomUUID()}`,
      [{ id, type: 'EmailReserved', data: { userId, email: `${i}@x.io` }, metadata: metadata(userId) }],
      'no_stream',
    );
  }
  return ids;
};

const tallyRows = async (db: Kysely<any>) => Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM tally`.execute(db)).rows[0]!.n);

describe('projection runner', () => {
  let fixture: Awaited<ReturnType<typeof readModelFixture>>;
  const runners: ProjectionRunner[] = [];

  beforeEach(async () => {
    fixture = await readModelFixture();
    // Unique event ids: a second application of the same event would fail loudly, not hide.
    await sql`CREATE TABLE tally (event_id uuid NOT NULL)`.execute(fixture.readModels.db);
    await sql`CREATE TABLE batches (projector text NOT NULL, event_id uuid NOT NULL, txid bigint NOT NULL, UNIQUE (projector, event_id))`.execute(
      fixture.readModels.db,
    );
  });
  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    await fixture.close();
  });

  /** The projector's checkpoints, one per partition. */
  const checkpointsOf = async (handle: { db: Kysely<any>; schema: string }, name: string) => [
    ...(await readCheckpoints(handle.db, handle.schema, partitionCheckpointNames(name))).values(),
  ];

  /** Waits until the projector's checkpoint in every partition reaches the newest appended event. */
  const caughtUp = (handle: { db: Kysely<any>; schema: string }, name: string) =>
    inTime(async () => {
      for (const checkpoint of await checkpointsOf(handle, name))
        expect(fixture.store.comparePositions(checkpoint, fixture.lastAppended())).toBeGreaterThanOrEqual(0);
    });

  const run = (projectors: Projector[], schemaHandle = fixture.readModels, batchSize = 5) => {
    const runner = startProjectionRunner({
      lanes: [{ name: 'test', members: projectors, db: schemaHandle }],
      connectionString: fixture.url,
      store: fixture.store,
      batchSize,
      log: silentLog,
      standbyRetryMs: 100,
    });
    runners.push(runner);
    return runner;
  };

  it('leaves read models and checkpoint unchanged when an event fails halfway through a batch', async () => {
    const userId = randomUUID();
    for (let i = 0; i < 8; i++) {
      await fixture.append(
        `email-${randomUUID()}`,
        [{ id: randomUUID(), type: 'EmailReserved', data: { userId, email: `${i}@x.io` }, metadata: metadata(userId) }],
        'no_stream',
      );
    }
    let broken = true;
    const projector = tallyProjector({ failOnNth: () => (broken ? 3 : undefined) });
    run([projector], fixture.readModels, 5);
    await inTime(() => expect(projector.failures).toBeGreaterThanOrEqual(2));
    expect(await tallyRows(fixture.readModels.db)).toBe(0);
    expect(await checkpointsOf(fixture.readModels, 'tally')).toEqual(Array(PARTITIONS).fill('start'));

    broken = false;
    await caughtUp(fixture.readModels, 'tally');
    expect(await tallyRows(fixture.readModels.db)).toBe(8);
  });

  const batchRows = async (projector: string) =>
    (await sql<{ event_id: string; txid: string }>`SELECT event_id, txid::text FROM batches WHERE projector = ${projector}`.execute(fixture.readModels.db))
      .rows;

  it('reads the log once for every projector of a lane: one transaction applies a batch for all and moves all checkpoints', async () => {
    const appended = await reserveEmails(fixture, 60);
    run([batchRecorder('a'), batchRecorder('b'), batchRecorder('c')], fixture.readModels, 500);
    for (const name of ['a', 'b', 'c']) await caughtUp(fixture.readModels, name);
    const rows = await Promise.all(['a', 'b', 'c'].map(batchRows));
    for (const projectorRows of rows) expect(projectorRows.map((r) => r.event_id).sort()).toEqual([...appended].sort());
    // 60 events waiting when the runner started: one batch, one transaction for all three projectors.
    const transactions = new Set(rows.flat().map((r) => r.txid));
    expect(transactions.size).toBe(1);
  });

  it('takes a failing projector out of the pass: the others reach the head, it retries alone and catches up once fixed', async () => {
    const appended = await reserveEmails(fixture, 12);
    let broken = true;
    const poisoned = appended[5]!;
    const runner = run([batchRecorder('healthy'), batchRecorder('fragile', { failOn: (e) => broken && e.id === poisoned })], fixture.readModels, 500);
    await caughtUp(fixture.readModels, 'healthy');
    expect((await batchRows('healthy')).length).toBe(12);
    await inTime(() => expect(runner.failures().map((f) => f.projector)).toEqual(['fragile']));
    expect(runner.failures()[0]).toMatchObject({ type: 'EmailReserved', error: expect.stringContaining(poisoned) });
    expect(await batchRows('fragile')).toEqual([]);
    // The healthy one keeps going while the fragile one is stuck.
    const later = await reserveEmails(fixture, 3);
    await inTime(async () => expect((await batchRows('healthy')).length).toBe(15));
    broken = false;
    await caughtUp(fixture.readModels, 'fragile');
    expect((await batchRows('fragile')).map((r) => r.event_id).sort()).toEqual([...appended, ...later].sort());
    await inTime(() => expect(runner.failures()).toEqual([]));
  });

  it('runs projectors no route waits for in a second pass: a stalled one does not hold back read-your-writes', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const waited = batchRecorder('waited');
    const slow = batchRecorder('slow', { gate: () => gate });
    const runner = startProjectionRunner({
      lanes: projectorLanes(fixture.readModels, [waited, slow], new Set(['waited'])),
      connectionString: fixture.url,
      store: fixture.store,
      log: silentLog,
    });
    runners.push(runner);
    const progress = createProjectionProgress({ sources: [fixture.readModels], connectionString: fixture.url, store: fixture.store });
    try {
      await reserveEmails(fixture, 4);
      const position = fixture.lastAppended() as Position;
      expect(await progress.waitFor(position, ['waited'], 20_000)).toBe(true);
      expect((await batchRows('waited')).length).toBe(4);
      // The slow projector is still stuck in its first event: nothing of it committed.
      expect(await checkpointsOf(fixture.readModels, 'slow')).toEqual(Array(PARTITIONS).fill('start'));
      expect(await progress.waitFor(position, ['waited', 'slow'], 200)).toBe(false);
      release();
      expect(await progress.waitFor(position, ['slow'], 20_000)).toBe(true);
    } finally {
      release();
      await progress.close();
    }
  });

  it('moves a lane with nothing to do over the events it skips: its checkpoint and its waiters reach the head, and a restart applies nothing twice', async () => {
    const idle: Projector = { ...batchRecorder('idle'), handles: ['GoalCreated'] };
    const lanes = () => [
      { name: 'busy', members: [batchRecorder('busy')], db: fixture.readModels },
      { name: 'idle', members: [idle], db: fixture.readModels },
    ];
    const start = () => {
      const runner = startProjectionRunner({
        lanes: lanes(),
        connectionString: fixture.url,
        store: fixture.store,
        log: silentLog,
        batchSize: 5,
        standbyRetryMs: 100,
      });
      runners.push(runner);
      return runner;
    };
    const first = start();
    const progress = createProjectionProgress({ sources: [fixture.readModels], connectionString: fixture.url, store: fixture.store });
    try {
      const appended = await reserveEmails(fixture, 12);
      const position = fixture.lastAppended() as Position;
      expect(await progress.waitFor(position, ['busy', 'idle'], 20_000)).toBe(true);
      await caughtUp(fixture.readModels, 'idle');
      expect(await batchRows('idle')).toEqual([]);
      expect((await batchRows('busy')).map((r) => r.event_id).sort()).toEqual([...appended].sort());
      await first.stop();
      runners.splice(runners.indexOf(first), 1);
      const later = await reserveEmails(fixture, 3);
      start();
      await caughtUp(fixture.readModels, 'busy');
      await caughtUp(fixture.readModels, 'idle');
      // batches has UNIQUE (projector, event_id): an event applied twice would have failed the lane.
      expect((await batchRows('busy')).map((r) => r.event_id).sort()).toEqual([...appended, ...later].sort());
    } finally {
      await progress.close();
    }
  });

  it('refuses a checkpoint write that lost the compare-and-set', async () => {
    const { db } = fixture.readModels;
    const at = (text: string) => text as Position;
    const move = (previous: Position | 'start', next: Position) =>
      db.transaction().execute((trx) => advanceCheckpoints(trx, 'rm', [{ name: 'cas', previous }], next));
    await move('start', at('1:1'));
    await expect(move('start', at('1:2'))).rejects.toBeInstanceOf(CheckpointMoved);
    await expect(move(at('0:9'), at('1:3'))).rejects.toBeInstanceOf(CheckpointMoved);
    expect((await readCheckpoints(db, 'rm', ['cas'])).get('cas')).toBe('1:1');
  });

  it('commits a batch with its checkpoints, or, when one lost the compare-and-set, nothing of it', async () => {
    const { db } = fixture.readModels;
    const at = (text: string) => text as Position;
    // A name with a quote: the checkpoints go to PostgreSQL as literals.
    const name = "batch's";
    const batch = (previous: Position | 'start', next: Position, witness: string) =>
      inBatchTransaction(db, 'rm', async (trx) => {
        await sql`INSERT INTO rm.projection_checkpoints (name, position) VALUES (${witness}, ${next})`.execute(trx);
        return { moves: [{ name, previous }], next, announce: { channel: 'batch_test', payload: `it's ${next}` } };
      });
    await batch('start', at('2:1'), 'witness-1');
    await expect(batch('start', at('2:2'), 'witness-2')).rejects.toBeInstanceOf(CheckpointMoved);
    await expect(batch(at('0:9'), at('2:3'), 'witness-3')).rejects.toBeInstanceOf(CheckpointMoved);
    await batch(at('2:1'), at('2:4'), 'witness-4');
    const rows = await readCheckpoints(db, 'rm', [name, 'witness-1', 'witness-2', 'witness-3', 'witness-4']);
    expect(Object.fromEntries(rows)).toEqual({ [name]: '2:4', 'witness-1': '2:1', 'witness-2': 'start', 'witness-3': 'start', 'witness-4': '2:4' });
  });

  it('after a crash and restart, read models equal a fresh rebuild', async () => {
    const lives = Array.from({ length: 30 }, () => userLife());
    const writing = (async () => {
      for (const life of lives) {
        const userId = (life[0]!.data as { userId: string }).userId;
        await fixture.append(`user-${userId}`, life.slice(0, 2), 'no_stream');
        await fixture.append(`user-${userId}`, life.slice(2), 1n);
      }
    })();
    const first = run([usersProjection]);
    await inTime(async () => {
      const n = await fixture.readModels.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBeGreaterThan(3);
    });
    // Crash: every read-model connection dies mid-flight, then the runner is gone.
    const admin = new pg.Client({ connectionString: fixture.url });
    await admin.connect();
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                        WHERE datname = current_database() AND pid <> pg_backend_pid()
                          AND (application_name = 'read-models' OR application_name LIKE 'projector:%')`);
    await admin.end();
    await first.stop();
    await writing;

    run([usersProjection]);
    await caughtUp(fixture.readModels, 'users');

    const fresh = await fixture.openSchema('rm_rebuild');
    run([usersProjection], fresh);
    await caughtUp(fresh, 'users');

    const snapshot = (db: typeof fresh.db) => db.selectFrom('users').selectAll().orderBy('id').execute();
    const restarted = await snapshot(fixture.readModels.db);
    expect(restarted).toHaveLength(30);
    expect(restarted.every((u) => u.total_logins === 2 && u.name.startsWith('Renamed'))).toBe(true);
    expect(restarted).toEqual(await snapshot(fresh.db));
  });

  it('takes its lane lock again when the database ends its sessions (a restart) and goes on from the checkpoint, applying each event once', async () => {
    const runner = run([tallyProjector()]);
    await inTime(() => expect(runner.active()).toEqual(['tally']));
    let appended = 0;
    const append = async (): Promise<void> => {
      const userId = randomUUID();
      await fixture.append(
        `email-${randomUUID()}`,
        [{ id: randomUUID(), type: 'EmailReserved', data: { userId, email: `${appended}@x.io` }, metadata: metadata(userId) }],
        'no_stream',
      );
      appended += 1;
    };
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 10; i++) await append();
      // What a restart does to this runner's sessions: the lock's, the read models' and the listener's.
      const admin = new pg.Client({ connectionString: fixture.url });
      await admin.connect();
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                          WHERE datname = current_database() AND pid <> pg_backend_pid()
                            AND (application_name = 'read-models' OR application_name LIKE 'projector:%' OR application_name LIKE 'listen:%')`);
      await admin.end();
      for (let i = 0; i < 10; i++) await append();
    }
    await caughtUp(fixture.readModels, 'tally');
    await inTime(() => expect(runner.active()).toEqual(['tally']));
    expect(await tallyRows(fixture.readModels.db)).toBe(appended);
    const distinct = await sql<{ n: string }>`SELECT count(DISTINCT event_id)::text AS n FROM tally`.execute(fixture.readModels.db);
    expect(Number(distinct.rows[0]!.n)).toBe(appended);
  });

  it('with two runners started at once, each runs half the partitions and every batch is applied exactly once; the survivor takes the other half over', async () => {
    const projectorA = tallyProjector();
    const projectorB = tallyProjector();
    const a = run([projectorA]);
    const b = run([projectorB]);
    await inTime(() => {
      expect(a.partitions().test).toHaveLength(PARTITIONS / 2);
      expect(b.partitions().test).toHaveLength(PARTITIONS / 2);
      expect([...a.partitions().test!, ...b.partitions().test!].sort()).toEqual(Array.from({ length: PARTITIONS }, (_, p) => p));
    });
    const total = 120;
    await Promise.all(
      Array.from({ length: 12 }, async (_, w) => {
        for (let i = 0; i < total / 12; i++) {
          const userId = randomUUID();
          await fixture.append(
            `email-${randomUUID()}`,
            [{ id: randomUUID(), type: 'EmailReserved', data: { userId, email: `${w}-${i}@x.io` }, metadata: metadata(userId) }],
            'no_stream',
          );
        }
      }),
    );
    await caughtUp(fixture.readModels, 'tally');
    expect(await tallyRows(fixture.readModels.db)).toBe(total);
    const distinct = await sql<{ n: string }>`SELECT count(DISTINCT event_id)::text AS n FROM tally`.execute(fixture.readModels.db);
    expect(Number(distinct.rows[0]!.n)).toBe(total);
    expect([...a.active(), ...b.active()]).toEqual(['tally', 'tally']);

    // One goes away; the other takes its partitions over and carries on from their checkpoints.
    const [gone, survivor] = [a, b];
    const takenAt = Date.now();
    await gone.stop();
    runners.splice(runners.indexOf(gone), 1);
    await inTime(() => expect(survivor.partitions().test).toEqual(Array.from({ length: PARTITIONS }, (_, p) => p)));
    expect(Date.now() - takenAt).toBeLessThan(5_000);
    const userId = randomUUID();
    await fixture.append(
      `email-${randomUUID()}`,
      [{ id: randomUUID(), type: 'EmailReserved', data: { userId, email: 'late@x.io' }, metadata: metadata(userId) }],
      'no_stream',
    );
    await inTime(async () => expect(await tallyRows(fixture.readModels.db)).toBe(total + 1));
    expect(survivor.active()).toEqual(['tally']);
  });

  it("answers a command's wait from its user's partition: another partition behind does not hold it back", async () => {
    const { db } = fixture.readModels;
    const progress = createProjectionProgress({ sources: [fixture.readModels], connectionString: fixture.url, store: fixture.store });
    try {
      const userId = randomUUID();
      await reserveEmails(fixture, 1);
      const position = fixture.lastAppended() as Position;
      const mine = partitionOf(userId);
      await db.transaction().execute((trx) => advanceCheckpoints(trx, 'rm', [{ name: checkpointName('waited', mine), previous: 'start' }], position));
      expect(await progress.waitFor(position, ['waited'], 2_000, userId)).toBe(true);
      // Without a user (a route with no session), every partition: the others are still at the start.
      expect(await progress.waitFor(position, ['waited'], 200)).toBe(false);
      expect((await progress.checkpoints(['waited'])).waited).toBe('start');
      const others = Array.from({ length: PARTITIONS }, (_, p) => p).filter((p) => p !== mine);
      await db.transaction().execute((trx) =>
        advanceCheckpoints(
          trx,
          'rm',
          others.map((p) => ({ name: checkpointName('waited', p), previous: 'start' as const })),
          position,
        ),
      );
      expect(await progress.waitFor(position, ['waited'], 2_000)).toBe(true);
      expect((await progress.checkpoints(['waited'])).waited).toBe(position);
    } finally {
      await progress.close();
    }
  });
});
