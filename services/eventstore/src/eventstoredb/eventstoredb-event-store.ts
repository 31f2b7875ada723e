import { BACKWARDS, END, EventStoreDBClient } from '@eventstore/db-client';
import type { EventStore } from '../port.ts';
import { allReads, ownedBy } from './all-reads.ts';
import { appends } from './appends.ts';
import type { EsdbClient } from './esdb-client.ts';
import { DEFAULT_APPEND_RETRY, type AppendRetryPolicy } from './outcome-unknown.ts';
import { compareEsdbPositions } from './positions.ts';
import { streamReads } from './stream-reads.ts';
import { subscriptions } from './subscriptions.ts';
import { createWakeSource, type WakeSource } from './wake-source.ts';

/**
 * The EventStoreDB adapter (client @eventstore/db-client v6, server 22.6 or later: older servers do
 * not report the log position of events read from a stream).
 *
 * Subscriptions (subscriptions.ts) use the shared pull loop (subscription-loop.ts): every batch is
 * read from $all after the last delivered position, and a live catch-up subscription to $all,
 * filtered to our stream prefixes (wake-source.ts), only wakes the loop up. We chose this over
 * delivering from the push subscription itself because ordering, exactly-once delivery and "retry
 * the same batch, never skip it" then rest on one cursor and one code path (the one the PostgreSQL
 * adapter also uses), with no push buffer to reconcile with backpressure, resubscription and
 * de-duplication. The client never resubscribes by itself; here a dropped wake-up subscription is
 * resubscribed with backoff and meanwhile the loop polls, so a failure there can delay events but
 * never lose or repeat one. $all has a single total order and shows events only once committed, so
 * reading after a position can never miss an event that commits later at an earlier position.
 *
 * The cost: client v6 cannot filter readAll on the server, so $all is filtered here (system events,
 * other categories; all-reads.ts). A subscription remembers how far it has scanned without finding
 * anything, so an idle subscriber does not read the same foreign events over and over.
 *
 * Appends (appends.ts; guarantees in port.ts at `append`, sources in docs/ARCHITECTURE.md): a
 * failure whose outcome is unknown is retried with the identical write and the read that confirms
 * it; the server deduplicates the write at an exact revision, so `any` and `stream_exists` are
 * turned into the exact revision of the head, after looking for the append among the stream's
 * latest events. Every result is taken from the events as stored, so a first append and its retries
 * answer alike. No append reads more than its batch, or the retry window and what racing writers
 * added.
 *
 * One stream is read in stream-reads.ts; stored-records.ts turns what is read into StoredEvents and
 * NewEvents into what is written, the schema version travelling in the metadata.
 */

export interface EventStoreDbEventStoreOptions {
  /** e.g. esdb://localhost:2113?tls=false */
  connectionString: string;
  /**
   * Stream categories (`<category>-<id>`) that belong to this application: $all holds system events
   * and may hold other applications' streams, and reads and subscriptions keep only these.
   */
  streamCategories: readonly string[];
  /** Fallback poll while the live wake-up subscription is down (ms). */
  pollIntervalMs?: number;
  /** A read fails (and is cancelled) when the server has not answered for this long (ms). */
  readIdleTimeoutMs?: number;
  /** How often an append whose outcome is unknown is sent again, identically. */
  appendRetry?: AppendRetryPolicy;
  /** Stands in for the gRPC client (tests inject faults through it); connectionString is then unused. */
  client?: EsdbClient;
}

export const createEventStoreDbEventStore = async (options: EventStoreDbEventStoreOptions): Promise<EventStore> => {
  const prefixes = options.streamCategories.map((category) => `${category}-`);
  const client: EsdbClient = options.client ?? EventStoreDBClient.connectionString(options.connectionString);
  const readIdleMs = options.readIdleTimeoutMs ?? 10_000;
  const all = allReads(client, ownedBy(prefixes), readIdleMs);

  // Fail fast on a wrong address or missing $all permissions, as the PostgreSQL adapter does on its schema.
  try {
    await all.readAllPage(END, BACKWARDS, 1);
  } catch (error) {
    await client.dispose().catch(() => undefined);
    throw error;
  }

  const streams = streamReads(client, readIdleMs);
  const append = appends(client, streams, options.appendRetry ?? DEFAULT_APPEND_RETRY);
  let wake: WakeSource | undefined;
  const subscribe = subscriptions(all, () => (wake ??= createWakeSource(client, prefixes)), options.pollIntervalMs ?? 1000);

  return {
    kind: 'eventstoredb',
    append,
    readStream: streams.readStream,
    readAll: all.readAll,
    subscribe,
    comparePositions: compareEsdbPositions,
    headPosition: all.headPosition,

    async close() {
      await wake?.close();
      await client.dispose();
    },
  };
};
