import os from 'node:os';
import type { Middleware } from 'koa';
import { messages } from '@tracker/contracts/messages';
import type { AppState } from './app-state.ts';
import { HttpError } from './problem.ts';

/**
 * Heavy reads (a route declared `heavy: true`, e.g. the points audit) run a few at a time, so one
 * user's history cannot take the process away from everyone else's commands: at most `perUser` at
 * once per user and `overall` at once in all; the rest wait in a queue, first come first served among
 * users with a free slot, at most `perUserWaiting` per user and `waiting` in all; a request beyond
 * that is refused at once with 429 and a Retry-After of the expected wait. Per process: each API
 * replica has its own slots.
 */
export interface HeavyReadLimits {
  perUser: number;
  overall: number;
  perUserWaiting: number;
  waiting: number;
}

/** One heavy read per user; as many in all as cores (each is mostly CPU on this process and PostgreSQL's). */
export const defaultHeavyReadLimits = (): HeavyReadLimits => {
  const cores = Math.max(1, os.availableParallelism());
  return { perUser: 1, overall: cores, perUserWaiting: 2, waiting: 4 * cores };
};

export interface HeavyReadGate {
  /**
   * A slot for `key` (the user): resolves with its release once one is free; throws HttpError 429
   * when the queue is full; rejects with `signal.reason` when aborted while waiting (the client left).
   */
  acquire(key: string, signal?: AbortSignal): Promise<() => void>;
  /** Running and waiting requests, for tests and diagnostics. */
  load(): { running: number; waiting: number };
}

interface Waiter {
  key: string;
  grant: (release: () => void) => void;
}

/** A first guess for the time a heavy read holds its slot, until some have been timed. */
const FIRST_GUESS_MS = 1_000;

export const createHeavyReadGate = (limits: HeavyReadLimits, now: () => number = () => performance.now()): HeavyReadGate => {
  const running = new Map<string, number>();
  let runningTotal = 0;
  const queue: Waiter[] = [];
  /** A moving average of how long a slot is held, for Retry-After. */
  let averageMs = FIRST_GUESS_MS;

  const hasRoom = (key: string): boolean => runningTotal < limits.overall && (running.get(key) ?? 0) < limits.perUser;

  const take = (key: string): (() => void) => {
    running.set(key, (running.get(key) ?? 0) + 1);
    runningTotal++;
    const started = now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      averageMs = 0.8 * averageMs + 0.2 * (now() - started);
      const left = (running.get(key) ?? 1) - 1;
      if (left === 0) running.delete(key);
      else running.set(key, left);
      runningTotal--;
      // The first waiter whose user has a free slot goes next: one user's queue does not hold up another's.
      const next = queue.findIndex((waiter) => hasRoom(waiter.key));
      if (next >= 0) {
        const [waiter] = queue.splice(next, 1);
        waiter!.grant(take(waiter!.key));
      }
    };
  };

  const retryAfterSeconds = (): number => Math.max(1, Math.ceil((averageMs * (queue.length + 1)) / limits.overall / 1000));

  return {
    acquire(key, signal) {
      if (hasRoom(key)) return Promise.resolve(take(key));
      const waitingForKey = queue.filter((waiter) => waiter.key === key).length;
      if (queue.length >= limits.waiting || waitingForKey >= limits.perUserWaiting) {
        return Promise.reject(new HttpError(429, messages.tooManyRequests, 'heavy_reads_busy', { 'Retry-After': String(retryAfterSeconds()) }));
      }
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          key,
          grant: (release) => {
            signal?.removeEventListener('abort', leave);
            resolve(release);
          },
        };
        const leave = (): void => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          reject(signal?.reason instanceof Error ? signal.reason : new Error('left the queue'));
        };
        if (signal?.aborted) return leave();
        signal?.addEventListener('abort', leave, { once: true });
        queue.push(waiter);
      });
    },
    load: () => ({ running: runningTotal, waiting: queue.length }),
  };
};

/** The gate as Koa middleware, after authentication (slots are per user); a client that hangs up while waiting leaves the queue. */
export const heavyReadLimiter =
  (gate: HeavyReadGate): Middleware<AppState> =>
  async (ctx, next) => {
    const hungUp = new AbortController();
    const onClose = (): void => hungUp.abort(new Error('the client closed the connection while waiting for a heavy read slot'));
    ctx.res.once('close', onClose);
    let release: () => void;
    try {
      release = await gate.acquire(ctx.state.userId ?? ctx.ip, hungUp.signal);
    } finally {
      ctx.res.off('close', onClose);
    }
    try {
      await next();
    } finally {
      release();
    }
  };
