import { EventEmitter } from 'node:events';
import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { createHeavyReadGate, heavyReadLimiter, type HeavyReadLimits } from './heavy-reads.ts';
import { HttpError } from './problem.ts';

const limits: HeavyReadLimits = { perUser: 1, overall: 2, perUserWaiting: 1, waiting: 3 };

/** Lets settled promises' callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const refusal = async (attempt: Promise<unknown>): Promise<HttpError> => {
  const error = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
};

describe('the heavy reads gate', () => {
  it('runs one per user and two in all at once; the others wait and go in arrival order among users with a free slot', async () => {
    const gate = createHeavyReadGate(limits);
    const order: string[] = [];
    const releaseA1 = await gate.acquire('a');
    const a2 = gate.acquire('a').then((release) => (order.push('a2'), release));
    const releaseB1 = await gate.acquire('b');
    const c1 = gate.acquire('c').then((release) => (order.push('c1'), release));
    await settle();
    expect(gate.load()).toEqual({ running: 2, waiting: 2 });
    expect(order).toEqual([]);

    // b's slot frees: a2 is first in line but a still runs one, so c1 goes.
    releaseB1();
    await settle();
    expect(order).toEqual(['c1']);
    releaseA1();
    await settle();
    expect(order).toEqual(['c1', 'a2']);
    (await a2)();
    (await c1)();
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once with 429 and a Retry-After when the user already waits, or the queue is full', async () => {
    const gate = createHeavyReadGate(limits);
    await gate.acquire('a');
    await gate.acquire('b');
    void gate.acquire('a');
    const again = await refusal(gate.acquire('a'));
    expect(again.status).toBe(429);
    expect(Number(again.headers['Retry-After'])).toBeGreaterThanOrEqual(1);

    void gate.acquire('b');
    void gate.acquire('c');
    expect(gate.load()).toEqual({ running: 2, waiting: 3 });
    const full = await refusal(gate.acquire('d'));
    expect(full.status).toBe(429);
    expect(full.headers['Retry-After']).toMatch(/^[1-9]\d*$/);
  });

  it('drops a waiter whose client hung up, freeing its place in the queue', async () => {
    const gate = createHeavyReadGate({ ...limits, waiting: 1 });
    const release = await gate.acquire('a');
    await gate.acquire('b');
    const hangUp = new AbortController();
    const waiting = gate.acquire('c', hangUp.signal);
    await refusal(gate.acquire('d'));
    hangUp.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(gate.load()).toEqual({ running: 2, waiting: 0 });
    const next = gate.acquire('d');
    release();
    await expect(next).resolves.toBeTypeOf('function');
  });

  it('as middleware: holds the slot for the whole request and gives it back when the handler fails', async () => {
    const gate = createHeavyReadGate(limits);
    const middleware = heavyReadLimiter(gate);
    const ctx = (userId: string) => ({ state: { userId }, res: new EventEmitter(), ip: '127.0.0.1' }) as unknown as Context;
    let finish!: () => void;
    const running = middleware(ctx('a') as never, () => new Promise<void>((resolve) => (finish = resolve)));
    await settle();
    expect(gate.load().running).toBe(1);
    finish();
    await running;
    await expect(middleware(ctx('a') as never, () => Promise.reject(new Error('handler failed')))).rejects.toThrow('handler failed');
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});
