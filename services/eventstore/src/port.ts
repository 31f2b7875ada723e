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
  /**
   * UUID, compared in canonical lower-case form (event-ids.ts). An append whose ids are already
   * stored is a retry: when the stream holds this append (every id, in order, at consecutive
   * revisions, with the same types) nothing is written and the original result is returned, the
   * first write's data winning (data, version and metadata are not compared: a retry decides again
   * and may carry a fresh salt or a later clock); when the ids are found stored otherwise (only some
   * of them, in another stream, with another type) it throws EventIdConflict. Both adapters apply
   * this one rule (retry-rule.ts); where each looks for the ids is said at `append`.
   */
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
  /** Called when delivering a batch failed; the same batch is retried after backoff. */
  onError?: (error: unknown, attempt: number) => void;
}

export interface ReadStreamFrom {
  fromRevision?: bigint;
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  /**
   * Appends atomically, or throws WrongExpectedVersion. A retry (the same ids again, see
   * NewEvent.id) is answered with the original result; where it is recognised differs:
   * - PostgreSQL: always, whatever the expected revision, and an id reused anywhere else is refused
   *   (a unique index on event ids across all streams).
   * - EventStoreDB, exact revision and `no_stream`: always (the server compares the ids right after
   *   that revision with the stream). `any` and `stream_exists`: the adapter searches the stream's
   *   latest 100 events (RETRY_WINDOW) and writes at the exact revision it saw, so a retry is
   *   recognised while its events are among those; an older one is written again. An id reused
   *   anywhere else (another stream, another place in the stream) is written as a new event.
   * - EventStoreDB, failures with an unknown outcome (timeouts, unavailable, leader change) are
   *   retried by the adapter with the identical write, bounded; only then do they reach the caller,
   *   who may retry the same append safely under the rules above.
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
