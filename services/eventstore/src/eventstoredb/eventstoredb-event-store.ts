import {
  ANY,
  BACKWARDS,
  END,
  ErrorType,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  WrongExpectedVersionError,
  jsonEvent,
  streamNameFilter,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type Direction,
  type JSONType,
  type ReadPosition,
  type ReadStreamOptions,
  type RecordedEvent,
} from '@eventstore/db-client';
import { WrongExpectedVersion, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent, type Position, type StoredEvent } from '../port.ts';
import { withCanonicalIds } from '../event-ids.ts';
import { recogniseRetry } from '../retry-rule.ts';
import { runSubscription } from '../subscription-loop.ts';
import { createWakeSignal } from '../wake-signal.ts';
import type { EsdbClient } from './esdb-client.ts';
import { DEFAULT_APPEND_RETRY, definiteAnswerOf, retryWhileOutcomeUnknown, type AppendRetryPolicy } from './outcome-unknown.ts';
import { withReadDeadline } from './read-deadline.ts';
import { scanPageSize } from './scan-page.ts';
import { compareEsdbPositions, decodePosition, encodePosition, type EsdbPosition } from './positions.ts';

/**
 * The EventStoreDB adapter (client @eventstore/db-client v6, server 22.6 or later: older servers do
 * not report the log position of events read from a stream).
 *
 * Subscriptions use the shared pull loop (subscription-loop.ts): every batch is read from $all
 * after the last delivered position, and a live catch-up subscription to $all, filtered to our
 * stream prefixes, only wakes the loop up. We chose this over delivering from the push
 * subscription itself because ordering, exactly-once delivery and "retry the same batch, never
 * skip it" then rest on one cursor and one code path (the one the PostgreSQL adapter also uses),
 * with no push buffer to reconcile with backpressure, resubscription and de-duplication. The
 * client never resubscribes by itself; here a dropped wake-up subscription is resubscribed with
 * backoff and meanwhile the loop polls, so a failure there can delay events but never lose or
 * repeat one. $all has a single total order and shows events only once committed, so reading
 * after a position can never miss an event that commits later at an earlier position.
 *
 * The cost: client v6 cannot filter readAll on the server, so $all is filtered here (system
 * events, other categories). A subscription remembers how far it has scanned without finding
 * anything, so an idle subscriber does not read the same foreign events over and over.
 *
 * Appends (guarantees in port.ts at `append`, sources in docs/ARCHITECTURE.md): a failure whose
 * outcome is unknown is retried with the identical write and the read that confirms it; the server
 * deduplicates the write at an exact revision, so `any` and `stream_exists` are turned into the exact
 * revision of the head, after looking for the append among the stream's latest events. Every result
 * is taken from the events as stored, so a first append and its retries answer alike. No append
 * reads more than its batch, or the retry window and what racing writers added.
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

const HEAD_SCAN_PAGE = 100;
/** How many of a stream's latest events an `any` / `stream_exists` append searches for its own ids. */
export const RETRY_WINDOW = 100;
/** Writers racing for the head of one stream: how often an `any` append looks again before giving up. */
const MAX_HEAD_ATTEMPTS = 20;

/** Our events: streams of our categories only, never system (`$`) events. */
const ownedBy =
  (prefixes: readonly string[]) =>
  (stream: string, type: string): boolean =>
    !type.startsWith('$') && prefixes.some((prefix) => stream.startsWith(prefix));

const toClientExpected = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'any':
      return ANY;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return expected;
  }
};

const isErrorOfType = (error: unknown, type: ErrorType): boolean => typeof error === 'object' && error !== null && (error as { type?: unknown }).type === type;

const toReadPosition = (position: Position | 'start'): ReadPosition => (position === 'start' ? START : decodePosition(position));

/**
 * Stream reads report the log position only from server 22.6 on; older servers leave the protobuf
 * defaults (0/0), which no user event can have (the log starts with system records).
 */
const positionOf = (record: RecordedEvent | AllStreamRecordedEvent): EsdbPosition => {
  const position = record.position;
  if (!position || (position.commit === 0n && position.prepare === 0n)) {
    throw new Error(`EventStoreDB did not report the log position of ${record.streamId}@${record.revision}: server 22.6 or later is required`);
  }
  return position;
};

/** Metadata key under which the schema version travels: EventStoreDB has no column for it. */
const SCHEMA_VERSION_KEY = '$schemaVersion';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !(value instanceof Uint8Array) && !Array.isArray(value);

const toStored = (record: RecordedEvent | AllStreamRecordedEvent): StoredEvent => {
  const { [SCHEMA_VERSION_KEY]: version, ...metadata } = isObject(record.metadata) ? record.metadata : {};
  return {
    id: record.id,
    type: record.type,
    version: typeof version === 'number' ? version : 1,
    data: record.data,
    metadata,
    stream: record.streamId,
    revision: record.revision,
    position: encodePosition(positionOf(record)),
    createdAt: record.created,
  };
};

const toEventData = (event: NewEvent) =>
  jsonEvent({
    id: event.id,
    type: event.type,
    // The client serialises with JSON.stringify; null stands in for undefined, which has no JSON form.
    data: (event.data ?? null) as JSONType,
    metadata: { ...event.metadata, [SCHEMA_VERSION_KEY]: event.version ?? 1 },
  });

const resultOf = (last: StoredEvent): AppendResult => ({ nextRevision: last.revision, position: last.position });

/** The original result when the stream already holds exactly this append (retry-rule.ts), else undefined. */
const recognisedAppend = (stream: string, events: NewEvent[], found: StoredEvent[]): AppendResult | undefined => {
  const last = recogniseRetry(stream, events, found);
  return last && resultOf(last);
};

interface Scan {
  /** Our events after the start of the scan, in $all order. */
  events: StoredEvent[];
  /** The last $all position examined: no event of ours lies between the start and it besides `events`. */
  scannedTo: Position | 'start';
  reachedEnd: boolean;
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

    async *readStream(stream, options) {
      yield* streams.readStreamEvents(stream, { direction: FORWARDS, fromRevision: options?.fromRevision ?? START });
    },

    async *readAll(from, batchSize = 500) {
      const size = Math.max(1, batchSize);
      let cursor = from;
      for (;;) {
        // The batch only bounds memory here: take what a whole page holds rather than round-trip per batch.
        const scan = await all.scanForward(cursor, scanPageSize(size));
        yield* scan.events;
        if (scan.reachedEnd) return;
        cursor = scan.scannedTo;
      }
    },

    subscribe,
    comparePositions: compareEsdbPositions,
    headPosition: all.headPosition,

    async close() {
      await wake?.close();
      await client.dispose();
    },
  };
};

/** Reads of $all, keeping our events (`isOurs`): a page, a forward scan, the head. */
const allReads = (client: EsdbClient, isOurs: (stream: string, type: string) => boolean, readIdleMs: number) => {
  const readAllPage = async (from: ReadPosition, direction: Direction, maxCount: number, signal?: AbortSignal): Promise<AllStreamResolvedEvent[]> => {
    const page: AllStreamResolvedEvent[] = [];
    const read = client.readAll({ fromPosition: from, direction, maxCount, resolveLinkTos: false });
    for await (const resolved of withReadDeadline(read, readIdleMs, signal)) {
      page.push(resolved);
    }
    return page;
  };

  /**
   * Reads $all forwards after `after` (exclusive), keeping our events, until `limit` of them are
   * collected or the end of $all is reached. Whether a read from a position includes that position
   * is not something we rely on: anything at or before the cursor is dropped, and the page asks for
   * one more event to make up for it.
   */
  const scanForward = async (after: Position | 'start', limit: number, signal?: AbortSignal): Promise<Scan> => {
    const pageSize = scanPageSize(limit);
    const events: StoredEvent[] = [];
    let cursor = after;
    for (;;) {
      const maxCount = cursor === 'start' ? pageSize : pageSize + 1;
      const page = await readAllPage(toReadPosition(cursor), FORWARDS, maxCount, signal);
      let progressed = false;
      for (const { event: record } of page) {
        if (!record) continue;
        const position = encodePosition(record.position);
        if (compareEsdbPositions(position, cursor) <= 0) continue;
        progressed = true;
        cursor = position;
        if (!isOurs(record.streamId, record.type)) continue;
        events.push(toStored(record));
        if (events.length >= limit) return { events, scannedTo: cursor, reachedEnd: false };
      }
      if (!progressed || page.length < maxCount) return { events, scannedTo: cursor, reachedEnd: true };
    }
  };

  const headPosition = async (): Promise<Position | 'start'> => {
    let cursor: Position | 'end' = 'end';
    for (;;) {
      const maxCount = cursor === 'end' ? HEAD_SCAN_PAGE : HEAD_SCAN_PAGE + 1;
      const page = await readAllPage(cursor === 'end' ? END : decodePosition(cursor), BACKWARDS, maxCount);
      let progressed = false;
      for (const { event: record } of page) {
        if (!record) continue;
        const position = encodePosition(record.position);
        if (cursor !== 'end' && compareEsdbPositions(position, cursor) >= 0) continue;
        progressed = true;
        cursor = position;
        if (isOurs(record.streamId, record.type)) return position;
      }
      if (!progressed || page.length < maxCount) return 'start';
    }
  };
  return { readAllPage, scanForward, headPosition };
};

type AllReads = ReturnType<typeof allReads>;

/** Reads of one stream (a stream that does not exist reads as empty), every read under the idle deadline. */
const streamReads = (client: EsdbClient, readIdleMs: number) => {
  async function* readStreamEvents(stream: string, readOptions: ReadStreamOptions): AsyncGenerator<StoredEvent> {
    try {
      // Stopped early (consumer broke off, an error, a stall): the server-side read is cancelled too.
      for await (const resolved of withReadDeadline(client.readStream(stream, readOptions), readIdleMs)) {
        if (resolved.event) yield toStored(resolved.event);
      }
    } catch (error) {
      if (isErrorOfType(error, ErrorType.STREAM_NOT_FOUND)) return;
      throw error;
    }
  }

  const collect = async (iterable: AsyncIterable<StoredEvent>): Promise<StoredEvent[]> => {
    const items: StoredEvent[] = [];
    for await (const item of iterable) items.push(item);
    return items;
  };

  return { readStreamEvents, collect };
};

/**
 * `append`: an exact revision is one write, sent again identically while its outcome is unknown,
 * together with the read that confirms it; `any` and `stream_exists` become the exact revision of the
 * head. Where the ids of a retry are looked for (port.ts at `append`), and nowhere else, so that
 * every read is bounded by the batch or the retry window, whatever the stream's length:
 * - at an exact revision E, right after E (revisions E+1 … E+n), as the server itself does;
 * - with `any` / `stream_exists`, among the stream's latest RETRY_WINDOW events (read together with
 *   the n − 1 before them, so a batch straddling the window's edge is seen whole).
 */
const appends = (client: EsdbClient, { readStreamEvents, collect }: ReturnType<typeof streamReads>, appendRetry: AppendRetryPolicy): EventStore['append'] => {
  /** Up to `count` events of the stream from revision `from` on (in revision order), from the leader. */
  const readFrom = (stream: string, from: bigint, count: number): Promise<StoredEvent[]> =>
    collect(readStreamEvents(stream, { direction: FORWARDS, fromRevision: from, maxCount: count, requiresLeader: true }));

  /** The stream's latest `count` events, in revision order. */
  const readLatest = async (stream: string, count: number): Promise<StoredEvent[]> =>
    (await collect(readStreamEvents(stream, { direction: BACKWARDS, fromRevision: END, maxCount: count, requiresLeader: true }))).reverse();

  const currentRevision = async (stream: string): Promise<bigint | 'no_stream'> => (await readLatest(stream, 1))[0]?.revision ?? 'no_stream';

  /** What the stream holds right after revision `at` (-1: its start) for this append: the original result, undefined when none of its ids is there, or EventIdConflict. */
  const heldRightAfter = async (stream: string, events: NewEvent[], at: bigint): Promise<AppendResult | undefined> => {
    const wanted = new Set(events.map((e) => e.id));
    const there = await readFrom(stream, at + 1n, events.length);
    return recognisedAppend(
      stream,
      events,
      there.filter((e) => wanted.has(e.id)),
    );
  };

  /**
   * The server accepted the write at exact revision `at`: its events now sit right after `at`, freshly
   * written or found there by the server's own check. The result is read from the events as stored
   * (the answer's position is that of the write, not of its last event), so a first append and its
   * retries agree exactly, and a retry with another type is refused there.
   */
  const confirmAppended = async (stream: string, events: NewEvent[], at: bigint, reported: bigint): Promise<AppendResult> => {
    const original = await heldRightAfter(stream, events, at);
    if (original) return original;
    throw new Error(`EventStoreDB reported an append to ${stream} up to revision ${reported}, but its events are not right after revision ${at}`);
  };

  /** Refused for its expected revision: still the original result if this exact append sits right after it (the only place the server looks). */
  const refused = async (stream: string, events: NewEvent[], expected: 'no_stream' | bigint, actual: bigint | 'no_stream'): Promise<AppendResult> => {
    const at = expected === 'no_stream' ? -1n : expected;
    const original = typeof actual === 'bigint' && actual > at ? await heldRightAfter(stream, events, at) : undefined;
    if (original) return original;
    throw new WrongExpectedVersion(stream, expected, typeof actual === 'bigint' && actual < 0n ? 'no_stream' : actual);
  };

  /**
   * One write at the revision it names, with the read that confirms it (or that looks at what refused
   * it), all sent again identically while the outcome is unknown — the write failed without a
   * definite answer, or it was acknowledged and the read failed (a new leader, unavailable, stalled):
   * the server recognises a repeat of a write it stored right after the same revision, for good.
   */
  const appendAt = (stream: string, events: NewEvent[], expected: 'no_stream' | bigint): Promise<AppendResult> => {
    const at = expected === 'no_stream' ? -1n : expected;
    const data = events.map(toEventData);
    return retryWhileOutcomeUnknown(async () => {
      let result: Awaited<ReturnType<EsdbClient['appendToStream']>>;
      try {
        result = await client.appendToStream(stream, data, { expectedRevision: toClientExpected(expected) });
      } catch (error) {
        if (error instanceof WrongExpectedVersionError || isErrorOfType(error, ErrorType.WRONG_EXPECTED_VERSION)) {
          return refused(stream, events, expected, (error as WrongExpectedVersionError).actualVersion);
        }
        throw definiteAnswerOf(stream, error);
      }
      // Only with throwOnAppendFailure=false in the connection string; v6 reports its revision wrongly.
      if (!result.success) return refused(stream, events, expected, await currentRevision(stream));
      return confirmAppended(stream, events, at, result.nextExpectedRevision);
    }, appendRetry);
  };

  /**
   * `any` and `stream_exists`: the server recognises a repeat of these only through a cache of
   * recent ids, emptied on restart (IndexWriter.CheckCommit), so they are turned into an exact
   * revision, which it checks against the stream itself for good. Read the latest events once,
   * answer a retry found among them with the original, else append at the revision just seen; a
   * writer getting in between makes that WrongExpectedVersion, and only what it appended is read.
   */
  const appendAtHead = async (stream: string, events: NewEvent[], expected: 'any' | 'stream_exists'): Promise<AppendResult> => {
    const wanted = new Set(events.map((e) => e.id));
    const span = RETRY_WINDOW + events.length - 1;
    let seen = await readLatest(stream, span);
    for (let attempt = 1; ; attempt++) {
      const head = seen.at(-1)?.revision ?? 'no_stream';
      if (head === 'no_stream' && expected === 'stream_exists') throw new WrongExpectedVersion(stream, expected, 'no_stream');
      // A retry whose events reach into the window; `seen` then holds all of them (the span before it).
      if (seen.slice(-RETRY_WINDOW).some((e) => wanted.has(e.id))) {
        return recognisedAppend(
          stream,
          events,
          seen.filter((e) => wanted.has(e.id)),
        )!;
      }
      try {
        return await appendAt(stream, events, head);
      } catch (error) {
        if (!(error instanceof WrongExpectedVersion)) throw error;
        if (attempt >= MAX_HEAD_ATTEMPTS) throw new WrongExpectedVersion(stream, expected, error.actual);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
        const since = await readFrom(stream, head === 'no_stream' ? 0n : head + 1n, span);
        seen = since.length < span ? [...seen, ...since].slice(-span) : await readLatest(stream, span);
      }
    }
  };

  return async (stream, given, expected) => {
    if (given.length === 0) throw new Error('append needs at least one event');
    const events = withCanonicalIds(given);
    return expected === 'any' || expected === 'stream_exists' ? appendAtHead(stream, events, expected) : appendAt(stream, events, expected);
  };
};

/** `subscribe`: the shared pull loop over forward scans of $all, woken by the one live subscription. */
const subscriptions =
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
      waitForMore: (signal) => source.wait(seen, pollIntervalMs, signal),
    });
  };

interface WakeSource {
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
const createWakeSource = (client: EsdbClient, prefixes: string[]): WakeSource => {
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
