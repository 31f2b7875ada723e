import type { EventStore, Position } from '../port.ts';
import { runSubscription } from '../subscription-loop.ts';
import type { AllReads } from './all-reads.ts';
import type { WakeSource } from './wake-source.ts';

/** `subscribe`: the shared pull loop over forward scans of $all, woken by the one live subscription. */
export const subscriptions =
  (all: AllReads, wakeSource: () => WakeSource, pollIntervalMs: number): EventStore['subscribe'] =>
  (from, onBatch, subscribeOptions = {}) => {
    const source = wakeSource();
    let seen = source.generation();
    // Where a scan after `cursor` got to: no event of ours lies in between, and $all only grows at its end.
    let scanned: { cursor: Position | 'start'; to: Position | 'start' } | undefined;
    return runSubscription({
      from,
      batchSize: Math.max(1, subscribeOptions.batchSize ?? 500),
      fetchBatch: async (cursor, limit, signal) => {
        seen = source.generation();
        const start = scanned?.cursor === cursor ? scanned.to : cursor;
        const scan = await all.scanForward(start, limit, signal);
        scanned = { cursor: scan.events.at(-1)?.position ?? cursor, to: scan.scannedTo };
        return scan.events;
      },
      onBatch,
      onError: subscribeOptions.onError,
      lingerMs: subscribeOptions.lingerMs,
      waitForMore: (signal) => source.wait(seen, pollIntervalMs, signal),
    });
  };
