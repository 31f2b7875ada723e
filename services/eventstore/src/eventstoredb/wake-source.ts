import { END, streamNameFilter, type AllStreamSubscription } from '@eventstore/db-client';
import { createWakeSignal } from '../wake-signal.ts';
import type { EsdbClient } from './esdb-client.ts';

export interface WakeSource {
  /** Counts wake-ups; a waiter that saw generation g returns at once if another came since. */
  generation(): number;
  /** Resolves on the next wake-up after `seen`, after timeoutMs, or when the signal aborts. */
  wait(seen: number, timeoutMs: number, signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

/**
 * One live subscription to $all (from its end, filtered on the server to our stream prefixes)
 * shared by every subscription of a store; each event it sees wakes the waiting loops. The client
 * does not resubscribe after an error, so this does, with backoff; while it is down, waiters fall
 * back to their poll timeout, and every (re)subscription wakes them once for what came meanwhile.
 */
export const createWakeSource = (client: EsdbClient, prefixes: string[]): WakeSource => {
  const signal = createWakeSignal();
  const wakeAll = signal.wake;
  let closed = false;
  let retryDelay = 100;
  let retryTimer: NodeJS.Timeout | undefined;
  let current: AllStreamSubscription | undefined;

  const scheduleResubscribe = (): void => {
    if (closed) return;
    retryTimer = setTimeout(subscribe, retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(retryDelay * 2, 10_000);
  };

  function subscribe(): void {
    retryTimer = undefined;
    if (closed) return;
    let subscription: AllStreamSubscription;
    try {
      subscription = client.subscribeToAll({
        fromPosition: END,
        resolveLinkTos: false,
        filter: streamNameFilter({ prefixes }),
      });
    } catch {
      scheduleResubscribe();
      return;
    }
    current = subscription;
    let dropped = false;
    const drop = (): void => {
      if (dropped) return;
      dropped = true;
      if (current === subscription) current = undefined;
      void subscription.unsubscribe().catch(() => undefined);
      subscription.destroy();
      wakeAll();
      scheduleResubscribe();
    };
    subscription.on('confirmation', () => {
      retryDelay = 100;
      wakeAll(); // anything appended while we were not subscribed
    });
    subscription.on('data', wakeAll);
    subscription.on('error', drop);
    subscription.on('end', drop);
    subscription.on('close', drop);
  }

  subscribe();

  return {
    generation: signal.generation,
    wait: signal.wait,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const subscription = current;
      current = undefined;
      wakeAll();
      if (subscription) {
        await subscription.unsubscribe().catch(() => undefined);
        subscription.destroy();
      }
    },
  };
};
