import { describe, expect, it } from 'vitest';
import { createWakeSignal } from './wake-signal.ts';

describe('wake signal', () => {
  it('returns at once when a wake came after the generation was read', async () => {
    const signal = createWakeSignal();
    const seen = signal.generation();
    signal.wake();
    const started = Date.now();
    await signal.wait(seen, 10_000, new AbortController().signal);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('wakes every waiter on the next wake', async () => {
    const signal = createWakeSignal();
    const seen = signal.generation();
    const waiting = Promise.all([1, 2, 3].map(() => signal.wait(seen, 10_000, new AbortController().signal).then(() => 'woken')));
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
