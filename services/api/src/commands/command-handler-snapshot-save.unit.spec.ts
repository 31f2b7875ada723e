import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { streamCategories } from '@tracker/contracts/streams';
import { actionableDecider, type ActionableCommand } from '@tracker/domain/actionables/actionable.decider';
import { clockAt } from '@tracker/domain/time/local-date';
import { checkedEventStore } from '@tracker/eventstore/checked-event-store';
import { createEventStoreDbEventStore } from '@tracker/eventstore/eventstoredb/eventstoredb-event-store';
import type { EventStore } from '@tracker/eventstore/port';
import { createFakeEsdbClient } from '@tracker/eventstore/testing/fake-esdb-client';
import { createCommandHandler, SNAPSHOT_EVERY, type CommandContext } from './command-handler.ts';
import type { SnapshotStore } from './snapshots.ts';

// A snapshot is a cache: a command on a long stream answers without waiting for the state it keeps
// (a new habit's command keeps none, so waiting made a veteran habit's slower), and a failure to
// keep it changes no answer.

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-03-01T12:00:00Z');
const userId = randomUUID();
const dayAt = (day: number): Date => new Date(START + day * DAY);
const context = (day: number): CommandContext => ({ userId, requestId: randomUUID(), now: dayAt(day) });
const complete = (day: number): ActionableCommand => ({ type: 'CompleteHabit', userId, clock: clockAt(dayAt(day), 'UTC') });
/** Daily completions until a snapshot is due: each appends a few events, a snapshot comes every SNAPSHOT_EVERY. */
const DAYS = SNAPSHOT_EVERY;

let store: EventStore;

beforeEach(async () => {
  const fake = createFakeEsdbClient();
  store = checkedEventStore(
    await createEventStoreDbEventStore({ connectionString: 'esdb://unused', streamCategories, client: fake.client, pollIntervalMs: 20 }),
  );
});

/** A habit created on day 0, completed on days 1 to DAYS with `snapshots`; `after(day)` runs once each day's answer is in. */
const completeDaily = async (snapshots: SnapshotStore, after: (day: number, points: number) => void = () => undefined): Promise<string> => {
  const id = randomUUID();
  const stream = `actionable-${id}`;
  const handler = createCommandHandler({ store, snapshots });
  await handler.execute(
    actionableDecider,
    stream,
    { type: 'CreateActionable', id, userId, fields: { title: 'Read a page', isHabit: true }, clock: clockAt(dayAt(0), 'UTC') },
    context(0),
  );
  for (let day = 1; day <= DAYS; day++) {
    const result = await handler.execute(actionableDecider, stream, complete(day), context(day));
    after(
      day,
      result.events.reduce((sum, e) => (e.type === 'PointsAwarded' ? sum + e.data.points : sum), 0),
    );
  }
  return stream;
};

describe('keeping a snapshot after a command', () => {
  it('answers before the snapshot is kept', async () => {
    const log: string[] = [];
    const snapshots: SnapshotStore = {
      load: () => Promise.resolve(undefined),
      async save() {
        log.push('keeping');
        // Kept a turn of the event loop later: an answer that waited for it comes after 'kept'.
        await new Promise((resolve) => setImmediate(resolve));
        log.push('kept');
      },
    };
    await completeDaily(snapshots, (day) => log.push(`answered day ${day}`));
    const keeping = log.indexOf('keeping');
    expect(keeping).toBeGreaterThanOrEqual(0);
    expect(log[keeping + 1]).toMatch(/^answered day \d+$/);
  });

  it('answers as without snapshots when keeping one fails, and the next command reads the whole stream', async () => {
    let failed = 0;
    const failing: SnapshotStore = {
      load: () => Promise.resolve(undefined),
      save: () => {
        failed += 1;
        return Promise.reject(new Error('ops database unreachable'));
      },
    };
    const withFailures: number[] = [];
    const stream = await completeDaily(failing, (_, points) => withFailures.push(points));
    expect(failed).toBeGreaterThan(0);
    const without: number[] = [];
    await completeDaily({ load: () => Promise.resolve(undefined), save: () => Promise.resolve() }, (_, points) => without.push(points));
    expect(withFailures).toEqual(without);
    const loaded = await createCommandHandler({ store, snapshots: failing }).load(actionableDecider, stream);
    const replayed = await createCommandHandler({ store }).load(actionableDecider, stream);
    expect(loaded).toEqual(replayed);
    expect(loaded.state).toMatchObject({ status: 'active', item: { streak: DAYS } });
  });
});
