import { Readable } from 'node:stream';
import {
  BACKWARDS,
  DeadlineExceededError,
  END,
  ErrorType,
  NotLeaderError,
  START,
  StreamNotFoundError,
  UnavailableError,
  UnknownError,
  WrongExpectedVersionError,
  type AllStreamJSONRecordedEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type AppendResult,
  type AppendToStreamOptions,
  type EventData,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ResolvedEvent,
  type SubscribeToAllOptions,
} from '@eventstore/db-client';
import type { CancellableRead, EsdbClient } from '../eventstoredb/esdb-client.ts';

/** When an injected fault strikes: before the write reaches the log, or after it is stored. */
export type FaultTiming = 'before-write' | 'after-write';

export interface Fault {
  timing: FaultTiming;
  error: () => Error;
}

/** What the next stream read does instead of answering: fail with an error, or never answer (a stalled server). */
export type ReadFault = { error: () => Error } | 'stall';

export const deadlineExceeded = (): Error => new DeadlineExceededError(undefined, 'deadline exceeded (injected)');
export const unavailable = (): Error => new UnavailableError(undefined, 'unavailable (injected)');
export const notLeader = (): Error =>
  new NotLeaderError({
    code: 5,
    details: 'not leader (injected)',
    message: 'not leader (injected)',
    metadata: { getMap: () => ({ 'leader-endpoint-host': 'node-b', 'leader-endpoint-port': '2113' }) },
  } as unknown as ConstructorParameters<typeof NotLeaderError>[0]);
/**
 * A batch-append answer whose detail type client 6.2.1 does not know (the server's BadRequest, e.g.
 * an event over the size limit, or InternalError): `unpackToCommandError` makes it exactly this.
 */
export const unrecognisedAnswer = (serverMessage: string): Error => new UnknownError(undefined, `Could not recognize ${serverMessage}`);

/** The server's default commit timeout: how long a dropped duplicate leaves its client waiting. */
export const SERVER_COMMIT_TIMEOUT_MS = 2_000;

type Recorded = AllStreamJSONRecordedEvent;

interface Entry {
  record: Recorded;
  /** Indexed (and acknowledged): visible to reads and subscriptions; a duplicate of it is answered. */
  indexed: boolean;
}

const wrongExpectedVersion = (stream: string, expected: AppendExpectedRevision, current: bigint): Error =>
  new WrongExpectedVersionError(undefined, { streamName: stream, expected, current: current < 0n ? 'no_stream' : current });

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const cancellable = <T>(produce: () => T[], fault?: ReadFault): CancellableRead<T> => {
  let cancelled = false;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    async *[Symbol.asyncIterator]() {
      if (fault === 'stall') {
        await released;
        return;
      }
      if (fault) throw fault.error();
      for (const item of produce()) {
        if (cancelled) return;
        yield item;
      }
    },
    cancel: async () => {
      cancelled = true;
      release();
    },
  };
};

export interface FakeEsdbOptions {
  /**
   * How long the server takes to index a write after storing it; the write is acknowledged, and its
   * events become readable, only then. A repeat of it arriving meanwhile is dropped (0: at once).
   */
  indexDelayMs?: number;
  /** How long a dropped repeat leaves its client waiting before the client reports a timeout (server: 2 s). */
  commitTimeoutMs?: number;
}

/**
 * An in-memory stand-in for an EventStoreDB node, with its append semantics as read from the
 * server's IndexWriter.CheckCommit: at an exact revision (no_stream being -1) a write whose ids
 * already sit right after that revision is answered as a success without writing; with any or
 * stream_exists the ids are looked up in a cache of recent ids (`forgetRecentIds` empties it, as a
 * restart does). Ids are stored and returned in lower-case canonical form, as the server does.
 *
 * Like the server, it gives each event its own $all position (a byte offset in the log; commit and
 * prepare alike), answers a write with the position of the write rather than of its last event,
 * acknowledges a write only once it is indexed, and drops a repeat of a write not yet indexed
 * (IdempotentNotReady) without answering: the client sees a timeout after the commit timeout. Live
 * subscriptions to $all (filtered by stream prefix) confirm, deliver each indexed event, and can be
 * dropped (`dropSubscriptions`); the client does not resubscribe by itself.
 *
 * Faults queued with `inject` strike the next appends, before or after their write; `failReads`
 * makes the next stream reads fail or stall.
 */
export const createFakeEsdbClient = (options: FakeEsdbOptions = {}) => {
  const indexDelayMs = options.indexDelayMs ?? 0;
  const commitTimeoutMs = options.commitTimeoutMs ?? SERVER_COMMIT_TIMEOUT_MS;
  const streams = new Map<string, Entry[]>();
  const log: Entry[] = [];
  const recentIds = new Map<string, { stream: string; revision: bigint }>();
  const faults: Fault[] = [];
  const readFaults: ReadFault[] = [];
  const live = new Set<{ subscription: Readable; prefixes: readonly string[] }>();
  let nextPosition = 1_000n;
  let appendCalls = 0;
  let readAllCalls = 0;
  let readStreamCalls = 0;
  let streamEventsRead = 0;
  let subscribeCalls = 0;

  const head = (stream: string): bigint => BigInt((streams.get(stream)?.length ?? 0) - 1);

  const deliver = (entries: Entry[]): void => {
    for (const { subscription, prefixes } of live) {
      for (const { record } of entries) {
        if (prefixes.some((prefix) => record.streamId.startsWith(prefix))) subscription.push({ event: record });
      }
    }
  };

  const write = async (stream: string, events: EventData[]): Promise<AppendResult> => {
    const stored = streams.get(stream) ?? [];
    streams.set(stream, stored);
    const written: Entry[] = [];
    for (const event of events) {
      const data = JSON.parse(JSON.stringify(event.data)) as Recorded['data'];
      const metadata = JSON.parse(JSON.stringify(event.metadata ?? {})) as Recorded['metadata'];
      const position = nextPosition;
      // A log record's size: what the next record's position is offset by.
      nextPosition += 100n + BigInt(JSON.stringify(data).length + JSON.stringify(metadata).length);
      const entry: Entry = {
        indexed: false,
        record: {
          streamId: stream,
          id: event.id.toLowerCase(),
          revision: BigInt(stored.length),
          type: event.type,
          data,
          metadata,
          isJson: true,
          created: new Date(),
          position: { commit: position, prepare: position },
        },
      };
      stored.push(entry);
      log.push(entry);
      written.push(entry);
      recentIds.set(entry.record.id, { stream, revision: entry.record.revision });
    }
    if (indexDelayMs > 0) await sleep(indexDelayMs);
    for (const entry of written) entry.indexed = true;
    deliver(written);
    return { success: true, nextExpectedRevision: written.at(-1)!.record.revision, position: written[0]!.record.position };
  };

  /** A repeat of a stored write: answered once the original is indexed, dropped (a timeout for the client) before. */
  const idempotent = async (stream: string, last: bigint): Promise<AppendResult> => {
    const entry = streams.get(stream)![Number(last)]!;
    if (!entry.indexed) {
      await sleep(commitTimeoutMs);
      throw new DeadlineExceededError(undefined, 'timeout: the server dropped a repeat of a write it had not indexed yet');
    }
    return { success: true, nextExpectedRevision: last, position: entry.record.position };
  };

  const decide = (stream: string, events: EventData[], expected: AppendExpectedRevision): Promise<AppendResult> => {
    const current = head(stream);
    const stored = streams.get(stream) ?? [];
    const ids = events.map((e) => e.id.toLowerCase());
    if (expected === 'any' || expected === 'stream_exists') {
      if (expected === 'stream_exists' && current < 0n) throw wrongExpectedVersion(stream, expected, current);
      const known = ids.map((id) => recentIds.get(id));
      if (known.every((k) => k?.stream === stream)) return idempotent(stream, known.at(-1)!.revision);
      if (known[0]?.stream === stream) throw wrongExpectedVersion(stream, expected, current);
      return write(stream, events);
    }
    const at = expected === 'no_stream' ? -1n : expected;
    if (at < current) {
      const same = ids.every((id, i) => stored[Number(at) + 1 + i]?.record.id === id);
      if (!same) throw wrongExpectedVersion(stream, expected, current);
      return idempotent(stream, at + BigInt(ids.length));
    }
    if (at > current) throw wrongExpectedVersion(stream, expected, current);
    return write(stream, events);
  };

  const subscribeToAll = (subscribeOptions: SubscribeToAllOptions): AllStreamSubscription => {
    subscribeCalls += 1;
    if (subscribeOptions.fromPosition !== END) throw new Error('the stand-in subscribes to $all from its end only');
    const filter = subscribeOptions.filter as { prefixes?: string[] } | undefined;
    const entry = { subscription: new Readable({ objectMode: true, read: () => undefined }), prefixes: filter?.prefixes ?? [''] };
    const subscription = Object.assign(entry.subscription, {
      unsubscribe: async () => {
        live.delete(entry);
        subscription.push(null);
      },
    });
    subscription.on('close', () => live.delete(entry));
    live.add(entry);
    setImmediate(() => {
      if (live.has(entry)) subscription.emit('confirmation');
    });
    return subscription as unknown as AllStreamSubscription;
  };

  const client: EsdbClient = {
    async appendToStream(stream: string, events: EventData[], appendOptions: AppendToStreamOptions): Promise<AppendResult> {
      appendCalls += 1;
      await Promise.resolve();
      const fault = faults.shift();
      if (fault?.timing === 'before-write') throw fault.error();
      const result = await decide(stream, events, appendOptions.expectedRevision ?? 'any');
      if (fault?.timing === 'after-write') throw fault.error();
      return result;
    },

    readStream(stream: string, readOptions: ReadStreamOptions): CancellableRead<ResolvedEvent> {
      readStreamCalls += 1;
      return cancellable(() => {
        const stored = (streams.get(stream) ?? []).filter((e) => e.indexed).map((e) => e.record);
        if (stored.length === 0) throw Object.assign(new StreamNotFoundError(undefined, stream), { type: ErrorType.STREAM_NOT_FOUND });
        const backwards = readOptions.direction === BACKWARDS;
        const from = readOptions.fromRevision;
        const ordered = backwards ? [...stored].reverse() : stored;
        const selected = ordered.filter((e) =>
          from === undefined || from === START || from === END ? true : backwards ? e.revision <= from : e.revision >= from,
        );
        const page = selected.slice(0, Number(readOptions.maxCount ?? Number.MAX_SAFE_INTEGER));
        streamEventsRead += page.length;
        return page.map((event) => ({ event }));
      }, readFaults.shift());
    },

    readAll(readOptions: ReadAllOptions): CancellableRead<AllStreamResolvedEvent> {
      readAllCalls += 1;
      return cancellable(() => {
        const backwards = readOptions.direction === BACKWARDS;
        const from = readOptions.fromPosition;
        const after = (e: Recorded, p: { commit: bigint; prepare: bigint }) =>
          e.position.commit > p.commit || (e.position.commit === p.commit && e.position.prepare >= p.prepare);
        const indexed = log.filter((e) => e.indexed).map((e) => e.record);
        const ordered = backwards ? indexed.reverse() : indexed;
        const selected = ordered.filter((e) =>
          from === undefined || from === START || from === END
            ? true
            : backwards
              ? !after(e, from) || (e.position.commit === from.commit && e.position.prepare === from.prepare)
              : after(e, from),
        );
        return selected.slice(0, Number(readOptions.maxCount ?? Number.MAX_SAFE_INTEGER)).map((event) => ({ event }));
      });
    },

    subscribeToAll,

    async dispose() {
      for (const { subscription } of [...live]) subscription.destroy();
    },
  };

  return {
    client,
    inject: (...queued: Fault[]) => void faults.push(...queued),
    /** The next stream reads (one fault each) fail or stall instead of answering. */
    failReads: (...queued: ReadFault[]) => void readFaults.push(...queued),
    forgetRecentIds: () => recentIds.clear(),
    /** Ends every live subscription with `error` (the server or the connection dropped it). */
    dropSubscriptions: (error: () => Error = unavailable) => {
      for (const { subscription } of [...live]) subscription.destroy(error());
    },
    appendCalls: () => appendCalls,
    readAllCalls: () => readAllCalls,
    readStreamCalls: () => readStreamCalls,
    /** How many events stream reads have returned in total: what appends and commands cost in reads. */
    streamEventsRead: () => streamEventsRead,
    subscribeCalls: () => subscribeCalls,
    liveSubscriptions: () => live.size,
    stored: (stream: string) => (streams.get(stream) ?? []).map((e) => e.record.id),
    /** How many $all entries in total: what a readAll page has to get through. */
    logLength: () => log.length,
  };
};
