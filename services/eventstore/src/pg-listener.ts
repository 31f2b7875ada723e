import pg from 'pg';
import { pgConnectionOptions } from './pg-connection-options.ts';
import { createWakeSignal } from './wake-signal.ts';

export interface WakeListener {
  /** Counts notifications; a waiter that saw generation g returns at once if another arrived since. */
  generation(): number;
  /** Resolves on the next notification after `seen`, after timeoutMs, or when the signal aborts. */
  wait(seen: number, timeoutMs: number, signal: AbortSignal): Promise<void>;
  /** Wakes this process's waiters at once, without a round trip through PostgreSQL. */
  poke(): void;
  close(): Promise<void>;
}

/**
 * One PostgreSQL LISTEN connection, shared by whoever waits on its channel: the PostgreSQL adapter's
 * subscriptions, and read-your-writes on the read models' progress. If the connection drops it is
 * re-established with backoff; meanwhile waiters fall back to their poll timeout, so nothing is
 * missed. `onPayload` sees each notification's payload before the waiters wake; returning false
 * lets the waiters sleep on (a notification they have already been told of).
 */
export const createWakeListener = (connectionString: string, channel: string, onPayload?: (payload: string) => boolean | void): WakeListener => {
  const signal = createWakeSignal();
  const wakeAll = signal.wake;
  const notified = (message: pg.Notification): void => {
    if (onPayload && message.payload && onPayload(message.payload) === false) return;
    wakeAll();
  };
  let client: pg.Client | undefined;
  let closed = false;
  let retryDelay = 100;

  const connect = async (): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({ connectionString, application_name: `listen:${channel}`, ...pgConnectionOptions });
    next.on('notification', notified);
    next.on('error', () => {
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      retryDelay = 100;
      wakeAll(); // anything committed while we were not listening
    } catch {
      void next.end().catch(() => undefined);
      scheduleReconnect();
    }
  };

  const scheduleReconnect = (): void => {
    if (closed) return;
    setTimeout(() => void connect(), retryDelay).unref();
    // Short: a restarted database is listened to again within 2 s of coming back.
    retryDelay = Math.min(retryDelay * 2, 2_000);
  };

  const ready = connect();

  return {
    generation: signal.generation,
    poke: wakeAll,
    async wait(seen, timeoutMs, abort) {
      await ready;
      await signal.wait(seen, timeoutMs, abort);
    },
    async close() {
      closed = true;
      wakeAll();
      await ready;
      await client?.end().catch(() => undefined);
    },
  };
};
