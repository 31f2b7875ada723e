import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Position, StoredEvent } from './port.ts';
import { runSubscription } from './subscription-loop.ts';

/** A log the test appends to, and a wake the test gives, as an adapter's notifications would. */
const given = (lingerMs?: number) => {
  const log: StoredEvent[] = [];
  const fetches: number[] = [];
  const batches: string[][] = [];
  let wake: (() => void) | undefined;
  const append = (id: string) => log.push({ id, position: String(log.length + 1) as Position } as StoredEvent);
  const subscription = runSubscription({
    from: 'start',
    batchSize: 100,
    lingerMs,
    fetchBatch: (from, limit) => {
      fetches.push(Date.now());
      const after = from === 'start' ? 0 : Number(from);
      return Promise.resolve(log.slice(after, after + limit));
    },
    onBatch: (events) => {
      batches.push(events.map((event) => event.id));
      return Promise.resolve();
    },
    waitForMore: (signal) =>
      new Promise<void>((resolve) => {
        wake = resolve;
        signal.addEventListener('abort', () => resolve(), { once: true });
      }),
  });
  return { append, wake: () => wake?.(), fetches, batches, stop: () => subscription.stop() };
};

describe('subscription loop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads at once when woken', async () => {
    const { append, wake, batches, stop } = given();
    await vi.advanceTimersByTimeAsync(0);
    append('a');
    wake();
    await vi.advanceTimersByTimeAsync(0);
    append('b');
    wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([['a'], ['b']]);
    await stop();
  });

  it('with a linger, gathers what arrives meanwhile into one batch, read that long after the wake', async () => {
    const { append, wake, batches, fetches, stop } = given(50);
    await vi.advanceTimersByTimeAsync(0);
    append('a');
    wake();
    const wokenAt = Date.now();
    await vi.advanceTimersByTimeAsync(20);
    append('b');
    await vi.advanceTimersByTimeAsync(20);
    append('c');
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    expect(batches).toEqual([['a', 'b', 'c']]);
    expect(fetches.at(-1)! - wokenAt).toBe(50);
    await stop();
  });

  it('does not linger while behind: a full batch is followed by the next at once', async () => {
    const { append, wake, batches, stop } = given(50);
    await vi.advanceTimersByTimeAsync(0);
    for (let n = 0; n < 150; n++) append(`e${n}`);
    wake();
    await vi.advanceTimersByTimeAsync(50);
    // The woken read after the linger, then the rest at once, without another.
    expect(batches.map((batch) => batch.length)).toEqual([100, 50]);
    await stop();
  });
});
