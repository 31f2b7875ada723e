import { describe, expect, it } from 'vitest';
import { createWakeSignal } from './wake-signal.ts';

describe('wake signal', () => {
  it('returns at once when a wake came after the generation was read', async () => {
    const signal = createWakeSignal();
    const seen = signal.generation();
    signal.wake();
    // Were the wake missed, this would wait ten minutes and the test would time out.
    await signal.wait(seen, 600_000, new AbortController().signal);
    expect(signal.generation()).toBe(seen + 1);
  });

  it('wakes every waiter on the next wake', async () => {
    const signal = createWakeSignal();
    const seen = signal.generation();
    const waiting = Promise.all([1, 2, 3].map(() => signal.wait(seen, 600_000, new AbortController().signal).then(() => 'woken')));
    signal.wake();
    expect(await waiting).toEqual(['woken', 'woken', 'woken']);
  });

  it('gives up at the timeout or on abort when nothing wakes it', async () => {
    const signal = createWakeSignal();
    await signal.wait(signal.generation(), 10, new AbortController().signal);
    const controller = new AbortController();
    const waiting = signal.wait(signal.generation(), 10_000, controller.signal);
    controller.abort();
    await waiting;
    expect(signal.generation()).toBe(0);
  });
});
