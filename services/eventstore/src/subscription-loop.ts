import type { Position, StoredEvent, SubscriptionHandle } from './port.ts';

export interface SubscriptionLoopOptions {
  from: Position | 'start';
  batchSize: number;
  /** `signal` aborts on stop(): a fetch may end early then (its result is not used). */
  fetchBatch(from: Position | 'start', limit: number, signal: AbortSignal): Promise<StoredEvent[]>;
  onBatch(events: StoredEvent[]): Promise<void>;
  onError?: ((error: unknown, attempt: number) => void) | undefined;
  /** Wait until more events may be available (or the signal aborts). */
  waitForMore(signal: AbortSignal): Promise<void>;
  /** After a wait for more, this much longer before reading (SubscribeOptions.lingerMs). */
  lingerMs?: number | undefined;
}

const MAX_BACKOFF_MS = 30_000;

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    // An abort already given fires no event.
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Pull-based catch-up that stays live: fetch after the last delivered position, deliver, repeat;
 * when nothing is left, wait for a wake-up. A failure (fetching or delivering) is retried with
 * backoff from the same position, so a batch is never skipped and never delivered past.
 */
export const runSubscription = (options: SubscriptionLoopOptions): SubscriptionHandle => {
  const controller = new AbortController();
  const { signal } = controller;
  let cursor = options.from;

  const loop = async (): Promise<void> => {
    let attempt = 0;
    while (!signal.aborted) {
      try {
        const batch = await options.fetchBatch(cursor, options.batchSize, signal);
        if (signal.aborted) return;
        if (batch.length > 0) {
          await options.onBatch(batch);
          cursor = batch[batch.length - 1]!.position;
        }
        attempt = 0;
        if (batch.length < options.batchSize) {
          await options.waitForMore(signal);
          if (options.lingerMs) await sleep(options.lingerMs, signal);
        }
      } catch (error) {
        if (signal.aborted) return;
        attempt += 1;
        options.onError?.(error, attempt);
        await sleep(Math.min(100 * 2 ** (attempt - 1), MAX_BACKOFF_MS), signal);
      }
    }
  };

  const done = loop();
  return {
    done,
    async stop() {
      controller.abort();
      await done;
    },
  };
};
