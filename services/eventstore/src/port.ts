/**
 * The event store port. Both adapters (PostgreSQL, EventStoreDB) implement it and pass
 * the same conformance suite (conformance.ts). Revisions are 0-based; positions are
 * opaque strings that only the adapter that issued them can compare.
 */

export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | bigint;

export interface EventMetadata {
  userId?: string;
  correlationId?: string;
  causationId?: string;
  occurredAt?: string;
  timezone?: string;
  localDate?: string;
  [key: string]: unknown;
}

export interface NewEvent {
  /** UUID, compared in canonical lower-case form (event-ids.ts); what an append of ids already stored does is said at `append`. */
  id: string;
  type: string;
  /** The schema version of `data` (contracts/); 1 when not given. Kept beside the event, not inside it. */
  version?: number;
  data: unknown;
  metadata: EventMetadata;
}

export interface StoredEvent extends NewEvent {
  version: number;
  stream: string;
  revision: bigint;
  position: Position;
  createdAt: Date;
}

declare const positionBrand: unique symbol;
/** Where an event sits in the global log: opaque, issued by one adapter, compared only by it. */
export type Position = string & { readonly [positionBrand]: true };

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: bigint;
  /** Position of the last appended event in the global log. */
  position: Position;
}

export interface SubscriptionHandle {
  stop(): Promise<void>;
  /** Resolves when the subscription stops for good (stop() or an error it could not recover). */
  readonly done: Promise<void>;
}

export interface SubscribeOptions {
  batchSize?: number;
  /**
   * Once caught up and woken, wait this long before reading on, so that what arrives meanwhile comes
   * in the same batch: for subscribers nobody waits on, whose every batch costs a transaction.
   */
  lingerMs?: number;
  /** Called when delivering a batch failed; the same batch is retried after backoff. */
  onError?: (error: unknown, attempt: number) => void;
}

export interface ReadStreamFrom {
  fromRevision?: bigint;
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  /**
   * Appends atomically, or throws WrongExpectedVersion. An append whose ids are already stored is a
   * retry, answered by one rule on both adapters (retry-rule.ts): when the stream holds this append
   * (every id, in order, at consecutive revisions, with the same types) nothing is written and the
   * original result is returned, the first write's data winning (data, version and metadata are not
   * compared: a retry decides again and may carry a fresh salt or a later clock); when the ids are
   * found stored otherwise (only some of them, in another stream, with another type) it throws
   * EventIdConflict. The answer depends only on what the stream holds where the adapter looks, never
   * on what happened before (a conflict, a retry of the write):
   * - PostgreSQL looks everywhere (a unique index on event ids across all streams): a retry is
   *   recognised at any age, whatever the expected revision, and an id reused anywhere is refused.
   * - EventStoreDB looks where the server does (IndexWriter.CheckCommit) and where the adapter can
   *   read in bounded time: at an exact revision E (`no_stream` being -1), right after E — a retry
   *   sent at the revision it was first written at is recognised at any age; the ids elsewhere are not
   *   seen (written as new events at the head, WrongExpectedVersion at a stale revision). With `any`
   *   and `stream_exists`, among the stream's latest RETRY_WINDOW (100) events: a retry is recognised
   *   while its last event is among them, an older one is written again.
   *   Failures with an unknown outcome (timeouts, unavailable, a leader change, the confirming read
   *   failing) are retried by the adapter with the identical write, bounded; only then do they reach
   *   the caller, who may retry the same append safely under the rules above.
   * So a caller that must recognise a retry of any age on every adapter finds its ids itself and
   * sends the retry at its original revision: the command handler does (command-handler.ts).
   */
  append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** The stream's events in order, from `fromRevision` (inclusive; the start when absent). A missing stream reads as empty. */
  readStream(stream: string, options?: ReadStreamFrom): AsyncIterable<StoredEvent>;
  /**
   * The events of many streams, each stream's together and in revision order (the streams in any
   * order): the same events as `readStream` on each, in a few round trips instead of one per stream. Left out where the store has no such read (EventStoreDB):
   * callers then read stream by stream.
   */
  readStreams?(streams: readonly string[]): AsyncIterable<StoredEvent>;
  readAll(from: Position | 'start', batchSize?: number): AsyncIterable<StoredEvent>;
  /**
   * Catch up from `from` (exclusive), then stay live. onBatch is awaited before the next batch;
   * a batch is delivered again after a failure of onBatch, never skipped.
   */
  subscribe(from: Position | 'start', onBatch: (events: StoredEvent[]) => Promise<void>, options?: SubscribeOptions): SubscriptionHandle;
  /** Negative when a precedes b in the global order. 'start' precedes everything. */
  comparePositions(a: Position | 'start', b: Position | 'start'): number;
  /** The position of the last event visible to subscribers, or 'start' for an empty log. */
  headPosition(): Promise<Position | 'start'>;
  /** How many events the log holds, for progress displays only; left out where it cannot be told without reading the log (EventStoreDB). */
  approximateCount?(): Promise<number>;
  close(): Promise<void>;
}

export class WrongExpectedVersion extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Wrong expected version for ${stream}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedVersion';
  }
}

/** An append reused event ids that are stored with different content or in another stream. */
export class EventIdConflict extends Error {
  constructor(
    readonly stream: string,
    readonly eventIds: string[],
  ) {
    super(`Event ids already used elsewhere: ${eventIds.join(', ')}`);
    this.name = 'EventIdConflict';
  }
}
