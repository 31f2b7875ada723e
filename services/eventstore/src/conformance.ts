import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventIdConflict, WrongExpectedVersion, type EventStore, type NewEvent, type StoredEvent } from './port.ts';
import { eventually } from './testing/eventually.ts';

/** What an adapter guarantees beyond the common contract; the suite checks exactly these. */
export interface AdapterPromises {
  /**
   * An id already stored is refused (EventIdConflict) wherever else it is appended: in another
   * stream, or at another place in its stream. PostgreSQL: a unique index on event ids. EventStoreDB
   * looks for ids only where a retry of the append would have put them (right after the expected
   * revision; among the latest events for `any`): a reused id elsewhere is written as a new event at
   * the head, and refused as WrongExpectedVersion at a stale revision.
   */
  reusedIdsRefused: boolean;
  /**
   * How many of a stream's latest events an append with `any` / `stream_exists` is checked against
   * for its own ids (a retry is recognised while its last event is among them): 'unbounded' on
   * PostgreSQL; the adapter's RETRY_WINDOW on EventStoreDB. A retry at the exact revision it was
   * first written at (or `no_stream`) is recognised without bound on both.
   */
  anyRetryWindow: number | 'unbounded';
}

export interface ConformanceHarness {
  create(): Promise<EventStore>;
  promises: AdapterPromises;
  /**
   * Starts an append whose transaction takes its place in the log now but commits only when told.
   * Adapters whose log cannot commit out of order leave this out; the suite then races real appends.
   */
  holdCommit?: (stream: string, events: NewEvent[]) => Promise<{ commit(): Promise<void> }>;
}

const event = (type = 'GoalCreated', data: Record<string, unknown> = {}): NewEvent => ({
  id: randomUUID(),
  type,
  data: { note: 'conformance', ...data },
  metadata: { userId: 'conformance-user', occurredAt: new Date().toISOString() },
});

const stream = (): string => `goal-${randomUUID()}`;

const collect = async <T>(iterable: AsyncIterable<T>): Promise<T[]> => {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
};

/** Collects what a subscription delivers, for the events of the given streams only. */
const subscriber = (store: EventStore, streams: Set<string>, from: Parameters<EventStore['subscribe']>[0] = 'start') => {
  const delivered: StoredEvent[] = [];
  const handle = store.subscribe(
    from,
    async (batch) => {
      delivered.push(...batch.filter((e) => streams.has(e.stream)));
    },
    { batchSize: 7 },
  );
  return { delivered, handle, ids: () => delivered.map((e) => e.id) };
};

/** The one suite every EventStore adapter must pass. */
export const eventStoreConformance = (name: string, harness: ConformanceHarness | { skip: string }): void => {
  describe(`event store conformance: ${name}`, () => {
    if ('skip' in harness) {
      it.skip(`skipped: ${harness.skip}`, () => undefined);
      return;
    }
    let store: EventStore;
    beforeAll(async () => {
      store = await harness.create();
    });
    afterAll(async () => {
      await store?.close();
    });

    describe('append', () => {
      it('creates a stream with no_stream, starting at revision 0', async () => {
        const s = stream();
        const result = await store.append(s, [event(), event()], 'no_stream');
        expect(result.nextRevision).toBe(1n);
        await expect(store.append(s, [event()], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedVersion);
      });

      it('appends with any, whether or not the stream exists', async () => {
        const s = stream();
        expect((await store.append(s, [event()], 'any')).nextRevision).toBe(0n);
        expect((await store.append(s, [event()], 'any')).nextRevision).toBe(1n);
      });

      it('appends with stream_exists only to a stream that exists', async () => {
        const s = stream();
        await expect(store.append(s, [event()], 'stream_exists')).rejects.toBeInstanceOf(WrongExpectedVersion);
        await store.append(s, [event()], 'no_stream');
        expect((await store.append(s, [event()], 'stream_exists')).nextRevision).toBe(1n);
      });

      it('appends at an exact revision and refuses a stale one', async () => {
        const s = stream();
        await store.append(s, [event()], 'no_stream');
        expect((await store.append(s, [event(), event()], 0n)).nextRevision).toBe(2n);
        const error = await store.append(s, [event()], 0n).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedVersion);
        expect((error as WrongExpectedVersion).actual).toBe(2n);
        await expect(store.append(stream(), [event()], 0n)).rejects.toBeInstanceOf(WrongExpectedVersion);
      });

      it('enforces no_stream against concurrent creators: exactly one wins', async () => {
        const s = stream();
        const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => store.append(s, [event('GoalCreated', { i })], 'no_stream')));
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r) => r.status === 'rejected');
        expect(won).toHaveLength(1);
        for (const r of lost) expect(r.reason).toBeInstanceOf(WrongExpectedVersion);
        expect(await collect(store.readStream(s))).toHaveLength(1);
      });

      it('reads a stream from a given revision on, and a stream read past its end as empty', async () => {
        const s = stream();
        await store.append(s, [event(), event(), event(), event()], 'no_stream');
        expect((await collect(store.readStream(s, { fromRevision: 2n }))).map((e) => e.revision)).toEqual([2n, 3n]);
        expect((await collect(store.readStream(s, { fromRevision: 0n }))).map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n]);
        expect(await collect(store.readStream(s, { fromRevision: 4n }))).toEqual([]);
        expect(await collect(store.readStream(stream(), { fromRevision: 1n }))).toEqual([]);
      });

      it('gives concurrent appends at the same exact revision one winner', async () => {
        const s = stream();
        await store.append(s, [event()], 'no_stream');
        const results = await Promise.allSettled(Array.from({ length: 8 }, () => store.append(s, [event()], 0n)));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect(await collect(store.readStream(s))).toHaveLength(2);
      });

      it('serialises concurrent appends with any without losing one', async () => {
        const s = stream();
        await Promise.all(Array.from({ length: 10 }, () => store.append(s, [event()], 'any')));
        const stored = await collect(store.readStream(s));
        expect(stored.map((e) => e.revision)).toEqual(Array.from({ length: 10 }, (_, i) => BigInt(i)));
      });

      it('returns the original result when the same event ids are appended again, storing nothing twice', async () => {
        const s = stream();
        await store.append(s, [event()], 'no_stream');
        const batch = [event(), event()];
        const first = await store.append(s, batch, 0n);
        const again = await store.append(s, batch, 0n);
        const againAny = await store.append(s, batch, 'any');
        expect(again).toEqual(first);
        expect(againAny).toEqual(first);
        expect(await collect(store.readStream(s))).toHaveLength(3);
      });

      it('recognises a retry with any or stream_exists after later events, within the promised window', async () => {
        const s = stream();
        await store.append(s, [event()], 'no_stream');
        const batch = [event(), event()];
        const first = await store.append(s, batch, 'any');
        const window = harness.promises.anyRetryWindow;
        const later = window === 'unbounded' ? 150 : Math.max(0, window - batch.length);
        for (let i = 0; i < later; i += 10) {
          await store.append(
            s,
            Array.from({ length: Math.min(10, later - i) }, () => event()),
            'any',
          );
        }
        expect(await store.append(s, batch, 'any')).toEqual(first);
        expect(await store.append(s, batch, 'stream_exists')).toEqual(first);
        expect(await collect(store.readStream(s))).toHaveLength(1 + batch.length + later);
      });

      it('recognises with any a retry of a batch straddling the edge of the promised window (its last event inside)', async () => {
        const s = stream();
        await store.append(s, [event()], 'no_stream');
        const batch = [event(), event(), event()];
        const first = await store.append(s, batch, 'any');
        const window = harness.promises.anyRetryWindow;
        const later = (window === 'unbounded' ? 150 : window) - 2;
        for (let i = 0; i < later; i += 10) {
          await store.append(
            s,
            Array.from({ length: Math.min(10, later - i) }, () => event()),
            'any',
          );
        }
        expect(await store.append(s, batch, 'any')).toEqual(first);
        expect(await collect(store.readStream(s))).toHaveLength(1 + batch.length + later);
      });

      it('answers a retry sent at another, stale exact revision: the original where reused ids are refused, else WrongExpectedVersion', async () => {
        const s = stream();
        await store.append(s, [event()], 'no_stream');
        const batch = [event()];
        const first = await store.append(s, batch, 0n);
        await store.append(s, [event(), event(), event()], 'any');
        const again = store.append(s, batch, 2n);
        if (harness.promises.reusedIdsRefused) expect(await again).toEqual(first);
        else await expect(again).rejects.toBeInstanceOf(WrongExpectedVersion);
        expect(await collect(store.readStream(s))).toHaveLength(5);
      });

      it('answers a retry with other data with the original, refuses one with another type, and (where promised) a reused id', async () => {
        const s = stream();
        const batch = [event('GoalCreated', { n: 1 })];
        const first = await store.append(s, batch, 'no_stream');
        expect(await store.append(s, [{ ...batch[0]!, data: { n: 2 } }], 'no_stream')).toEqual(first);
        await expect(store.append(s, [{ ...batch[0]!, type: 'GoalUpdated' }], 'no_stream')).rejects.toBeInstanceOf(EventIdConflict);
        if (harness.promises.reusedIdsRefused) {
          await expect(store.append(s, [{ ...batch[0]!, type: 'GoalUpdated' }], 0n)).rejects.toBeInstanceOf(EventIdConflict);
          await expect(store.append(stream(), batch, 'no_stream')).rejects.toBeInstanceOf(EventIdConflict);
        }
        expect((await collect(store.readStream(s))).map((e) => (e.data as { n: number }).n)).toEqual([1]);
      });

      it('stores event ids in canonical lower-case form and recognises a retry whatever their case', async () => {
        const s = stream();
        const batch = [event(), event()];
        const upper = batch.map((e) => ({ ...e, id: e.id.toUpperCase() }));
        const first = await store.append(s, upper, 'no_stream');
        expect(await store.append(s, upper, 'no_stream')).toEqual(first);
        // The same retry in lower case, at the revision it was first written at (where every adapter looks).
        expect(await store.append(s, batch, 'no_stream')).toEqual(first);
        expect((await collect(store.readStream(s))).map((e) => e.id)).toEqual(batch.map((e) => e.id.toLowerCase()));
      });

      it('stores a retried append once even when the retry races the original', async () => {
        const s = stream();
        const batch = [event(), event()];
        const results = await Promise.all(Array.from({ length: 6 }, () => store.append(s, batch, 'no_stream')));
        for (const r of results) expect(r).toEqual(results[0]);
        expect(await collect(store.readStream(s))).toHaveLength(2);
      });
    });

    describe('reading', () => {
      it("keeps each event's schema version beside it, 1 when none was given", async () => {
        const s = stream();
        const [plain, second] = [event('GoalCreated', { n: 1 }), { ...event('GoalUpdated', { n: 2 }), version: 2 }];
        const { position } = await store.append(s, [plain, second], 'no_stream');
        expect((await collect(store.readStream(s))).map((e) => [e.type, e.version, e.metadata.userId])).toEqual([
          ['GoalCreated', 1, 'conformance-user'],
          ['GoalUpdated', 2, 'conformance-user'],
        ]);
        const all = (await collect(store.readAll('start', 500))).filter((e) => e.stream === s);
        expect(all.map((e) => e.version)).toEqual([1, 2]);
        expect(store.comparePositions(all[1]!.position, position)).toBe(0);
      });

      it('reads a stream in revision order with its data and metadata', async () => {
        const s = stream();
        await store.append(s, [event('GoalCreated', { n: 1 })], 'no_stream');
        await store.append(s, [event('GoalUpdated', { n: 2 }), event('GoalDeleted', { n: 3 })], 0n);
        const stored = await collect(store.readStream(s));
        expect(stored.map((e) => [e.revision, e.type, (e.data as { n: number }).n])).toEqual([
          [0n, 'GoalCreated', 1],
          [1n, 'GoalUpdated', 2],
          [2n, 'GoalDeleted', 3],
        ]);
        expect(stored[0]!.metadata.userId).toBe('conformance-user');
        expect(stored.every((e) => e.stream === s)).toBe(true);
        expect(await collect(store.readStream(stream()))).toEqual([]);
      });

      it('reads all events in commit order, pages included, resuming after a position', async () => {
        const streams = [stream(), stream(), stream()];
        const appended: string[] = [];
        for (let round = 0; round < 4; round++) {
          for (const s of streams) {
            const e = event();
            appended.push(e.id);
            await store.append(s, [e], 'any');
          }
        }
        const mine = (all: StoredEvent[]) => all.filter((e) => streams.includes(e.stream));
        const all = mine(await collect(store.readAll('start', 5)));
        expect(all.map((e) => e.id)).toEqual(appended);
        for (let i = 1; i < all.length; i++) {
          expect(store.comparePositions(all[i - 1]!.position, all[i]!.position)).toBeLessThan(0);
        }
        const rest = mine(await collect(store.readAll(all[5]!.position, 3)));
        expect(rest.map((e) => e.id)).toEqual(appended.slice(6));
        expect(store.comparePositions(await store.headPosition(), all[all.length - 1]!.position)).toBeGreaterThanOrEqual(0);
      });

      it('counts the events of the log, where the adapter can tell without reading it all', async () => {
        // Optional (progress displays): EventStoreDB leaves it out.
        if (!store.approximateCount) return;
        const before = await store.approximateCount();
        await store.append(stream(), [event(), event()], 'no_stream');
        expect(await store.approximateCount()).toBe(before + 2);
      });
    });

    describe('subscribe', () => {
      it('catches up from the start, then delivers live events, each once and in order', async () => {
        const s = stream();
        const early = [event(), event(), event()];
        await store.append(s, early, 'no_stream');
        const sub = subscriber(store, new Set([s]));
        try {
          await eventually(() => expect(sub.ids()).toEqual(early.map((e) => e.id)));
          const late = [event(), event()];
          await store.append(s, late.slice(0, 1), 'any');
          await store.append(s, late.slice(1), 'any');
          await eventually(() => expect(sub.ids()).toEqual([...early, ...late].map((e) => e.id)));
        } finally {
          await sub.handle.stop();
        }
      });

      it('resumes after a given position without redelivering it', async () => {
        const s = stream();
        await store.append(s, [event(), event()], 'no_stream');
        const [first, second] = await collect(store.readStream(s));
        const sub = subscriber(store, new Set([s]), first!.position);
        try {
          await eventually(() => expect(sub.ids()).toEqual([second!.id]));
        } finally {
          await sub.handle.stop();
        }
      });

      it('delivers a batch again after the handler fails, never skipping it', async () => {
        const s = stream();
        const events = [event(), event()];
        await store.append(s, events, 'no_stream');
        const delivered: string[] = [];
        let failures = 0;
        const handle = store.subscribe(
          'start',
          async (batch) => {
            const mine = batch.filter((e) => e.stream === s);
            if (mine.length > 0 && failures < 2) {
              failures += 1;
              throw new Error('projector failed');
            }
            delivered.push(...mine.map((e) => e.id));
          },
          { onError: () => undefined },
        );
        try {
          await eventually(() => expect(delivered).toEqual(events.map((e) => e.id)));
          expect(failures).toBe(2);
        } finally {
          await handle.stop();
        }
      });

      it('delivers events whose transactions commit out of position order, none skipped, none twice', async () => {
        const slowStream = stream();
        const fastStream = stream();
        const sub = subscriber(store, new Set([slowStream, fastStream]));
        try {
          const slow = event();
          const fast = event();
          if (harness.holdCommit) {
            const held = await harness.holdCommit(slowStream, [slow]);
            await store.append(fastStream, [fast], 'no_stream');
            await new Promise((resolve) => setTimeout(resolve, 300));
            // The later transaction is committed, but the earlier one holds its place: nothing may pass it.
            expect(sub.ids()).toEqual([]);
            await held.commit();
            await eventually(() => expect(sub.ids()).toEqual([slow.id, fast.id]));
          } else {
            await Promise.all([store.append(slowStream, [slow], 'no_stream'), store.append(fastStream, [fast], 'no_stream')]);
            await eventually(() => expect(new Set(sub.ids())).toEqual(new Set([slow.id, fast.id])));
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
          expect(sub.ids()).toHaveLength(2);
        } finally {
          await sub.handle.stop();
        }
      });

      it('keeps every event of many concurrent writers, each exactly once', async () => {
        const streams = Array.from({ length: 8 }, stream);
        const sub = subscriber(store, new Set(streams));
        try {
          const ids: string[] = [];
          await Promise.all(
            streams.map(async (s) => {
              for (let i = 0; i < 5; i++) {
                const e = event();
                ids.push(e.id);
                await store.append(s, [e], 'any');
              }
            }),
          );
          await eventually(() => expect(sub.ids().length).toBe(ids.length));
          expect(new Set(sub.ids())).toEqual(new Set(ids));
          for (const s of streams) {
            const revisions = sub.delivered.filter((e) => e.stream === s).map((e) => e.revision);
            expect(revisions).toEqual([0n, 1n, 2n, 3n, 4n]);
          }
        } finally {
          await sub.handle.stop();
        }
      });
    });
  });
};
