import { randomUUID } from 'node:crypto';
import { WrongExpectedVersionError } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { WrongExpectedVersion, type NewEvent } from '../port.ts';
import { openAdapterOverFake } from '../testing/adapter-over-fake.ts';
import { RETRY_WINDOW } from './appends.ts';

// What an append costs in stream reads, and that where it looks for its own ids gives one answer
// whatever happened before (a conflict or none).

const event = (): NewEvent => ({ id: randomUUID(), type: 'GoalCreated', data: { note: 'reads' }, metadata: {} });
const stream = (): string => `goal-${randomUUID()}`;

const open = () => openAdapterOverFake();

/** A stream of `length` single-event appends. */
const longStream = async (store: Awaited<ReturnType<typeof open>>['store'], length: number): Promise<string> => {
  const s = stream();
  await store.append(s, [event()], 'no_stream');
  for (let i = 1; i < length; i += 50) {
    await store.append(s, Array.from({ length: Math.min(50, length - i) }, event), BigInt(i - 1));
  }
  return s;
};

/** A conflict as a racing writer causes it: the write is refused for its expected revision. */
const racingWriter = (s: string) => ({
  timing: 'before-write' as const,
  error: () => new WrongExpectedVersionError(undefined, { streamName: s, expected: 0n, current: 0n }),
});

describe('EventStoreDB append: reads bounded on a long stream', () => {
  it('reads no more than the batch to refuse a stale exact revision (not the whole stream)', async () => {
    const { fake, store } = await open();
    const s = await longStream(store, 1_000);
    const before = fake.streamEventsRead();
    await expect(store.append(s, [event(), event()], 10n)).rejects.toBeInstanceOf(WrongExpectedVersion);
    expect(fake.streamEventsRead() - before).toBeLessThanOrEqual(2);
  });

  it('reads the retry window once per any append, then only what was appended since, however often writers race', async () => {
    const { fake, store } = await open();
    const s = await longStream(store, 500);
    const before = fake.streamEventsRead();
    const writers = 10;
    await Promise.all(Array.from({ length: writers }, () => store.append(s, [event()], 'any')));
    expect(fake.stored(s)).toHaveLength(500 + writers);
    // Each writer: the window once, the events appended while it raced, its own confirming read.
    expect(fake.streamEventsRead() - before).toBeLessThanOrEqual(writers * (RETRY_WINDOW + writers + 1));
  });
});

describe('EventStoreDB append: one answer for a retry, whatever came first', () => {
  it('answers a batch straddling the edge of the retry window with the original (not EventIdConflict)', async () => {
    const { fake, store } = await open();
    const s = stream();
    await store.append(s, [event()], 'no_stream');
    const batch = [event(), event(), event()];
    const first = await store.append(s, batch, 'any');
    // The batch's first event just outside the latest RETRY_WINDOW events, its last two inside.
    const later = RETRY_WINDOW - 2;
    for (let i = 0; i < later; i += 10) await store.append(s, Array.from({ length: Math.min(10, later - i) }, event), 'any');
    fake.forgetRecentIds();
    expect(await store.append(s, batch, 'any')).toEqual(first);
    expect(await store.append(s, batch, 'stream_exists')).toEqual(first);
    expect(fake.stored(s)).toHaveLength(1 + batch.length + later);
  });

  it('answers an old retry at a stale exact revision as the server does: the ids are not right after it, so it is refused', async () => {
    const { fake, store } = await open();
    const s = stream();
    await store.append(s, [event()], 'no_stream');
    const batch = [event()];
    await store.append(s, batch, 0n);
    for (let i = 0; i < 5; i++) await store.append(s, [event()], 'any');
    // At revision 2 the stream holds another event, not this batch: the server refuses the write.
    await expect(store.append(s, batch, 2n)).rejects.toBeInstanceOf(WrongExpectedVersion);
    expect(fake.stored(s)).toHaveLength(7);
  });

  it('answers an old retry beyond the window with any the same way with or without a conflict first (written again, as port.ts says)', async () => {
    const { fake, store } = await open();
    const s = stream();
    const batch = [event()];
    await store.append(s, batch, 'no_stream');
    for (let i = 0; i < RETRY_WINDOW; i += 10) await store.append(s, Array.from({ length: 10 }, event), 'any');
    fake.forgetRecentIds();
    fake.inject(racingWriter(s));
    const afterConflict = await store.append(s, batch, 'any');
    const plain = await store.append(s, batch, 'any');
    expect(afterConflict.nextRevision).toBe(BigInt(RETRY_WINDOW + 1));
    // The second is a retry of the first: within the window now.
    expect(plain).toEqual(afterConflict);
    expect(fake.stored(s).filter((id) => id === batch[0]!.id)).toHaveLength(2);
  });
});
