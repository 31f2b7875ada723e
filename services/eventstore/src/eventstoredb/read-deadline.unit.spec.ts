import { describe, expect, it } from 'vitest';
import type { CancellableRead } from './esdb-client.ts';
import { ReadAborted, ReadStalled, withReadDeadline } from './read-deadline.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A read answering each item after the given delays; `null` never answers. */
const read = (delays: (number | null)[]) => {
  const state = { cancelled: false };
  const source: CancellableRead<number> = {
    async *[Symbol.asyncIterator]() {
      for (const [i, delay] of delays.entries()) {
        if (delay === null) await new Promise(() => undefined);
        else await sleep(delay);
        yield i;
      }
    },
    cancel: async () => {
      state.cancelled = true;
    },
  };
  return { source, state };
};

const collect = async <T>(iterable: AsyncIterable<T>): Promise<T[]> => {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
};

describe('EventStoreDB read deadline', () => {
  it('passes a read through that keeps answering, however long it takes in all', async () => {
    const { source, state } = read([20, 20, 20, 20]);
    expect(await collect(withReadDeadline(source, 50))).toEqual([0, 1, 2, 3]);
    expect(state.cancelled).toBe(false);
  });

  it('fails a read that stops answering and cancels it on the server', async () => {
    const { source, state } = read([0, null]);
    const started = Date.now();
    await expect(collect(withReadDeadline(source, 50))).rejects.toBeInstanceOf(ReadStalled);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(state.cancelled).toBe(true);
  });

  it('ends a waiting read at once when its caller aborts', async () => {
    const { source, state } = read([null]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await expect(collect(withReadDeadline(source, 60_000, controller.signal))).rejects.toBeInstanceOf(ReadAborted);
    expect(state.cancelled).toBe(true);
  });

  it('cancels the read when the consumer stops early', async () => {
    const { source, state } = read([0, 0, 0]);
    for await (const item of withReadDeadline(source, 50)) if (item === 0) break;
    expect(state.cancelled).toBe(true);
  });
});
