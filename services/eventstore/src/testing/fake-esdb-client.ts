import {
  BACKWARDS,
  DeadlineExceededError,
  END,
  ErrorType,
  NotLeaderError,
  START,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
  type AllStreamJSONRecordedEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type AppendResult,
  type AppendToStreamOptions,
  type EventData,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { CancellableRead, EsdbClient } from '../eventstoredb/esdb-client.ts';

/** When an injected fault strikes: before the write reaches the log, or after it is stored. */
export type FaultTiming = 'before-write' | 'after-write';

export interface Fault {
  timing: FaultTiming;
  error: () => Error;
}

export const deadlineExceeded = (): Error => new DeadlineExceededError(undefined, 'deadline exceeded (injected)');
export const unavailable = (): Error => new UnavailableError(undefined, 'unavailable (injected)');
export const notLeader = (): Error =>
  new NotLeaderError({
    code: 5,
    details: 'not leader (injected)',
    message: 'not leader (injected)',
    metadata: { getMap: () => ({ 'leader-endpoint-host': 'node-b', 'leader-endpoint-port': '2113' }) },
  } as unknown as ConstructorParameters<typeof NotLeaderError>[0]);

type Recorded = AllStreamJSONRecordedEvent;

const wrongExpectedVersion = (stream: string, expected: AppendExpectedRevision, current: bigint): Error =>
  new WrongExpectedVersionError(undefined, { streamName: stream, expected, current: current < 0n ? 'no_stream' : current });

const cancellable = <T>(produce: () => T[]): CancellableRead<T> => {
  let cancelled = false;
  return {
    async *[Symbol.asyncIterator]() {
      for (const item of produce()) {
        if (cancelled) return;
        yield item;
      }
    },
    cancel: async () => {
      cancelled = true;
    },
  };
};

/**
 * An in-memory stand-in for an EventStoreDB node, with its append semantics as read from the
 * server's IndexWriter.CheckCommit: at an exact revision (no_stream being -1) a write whose ids
 * already sit right after that revision is answered as a success without writing; with any or
 * stream_exists the ids are looked up in a cache of recent ids (`forgetRecentIds` empties it, as a
 * restart does). Ids are stored and returned in lower-case canonical form, as the server does.
 * Faults queued with `inject` strike the next appends, before or after their write. With
 * `notReadyForMs`, a repeat arriving that soon after the original is dropped unanswered and the
 * client times out, as the server does with a duplicate it has not indexed yet (IdempotentNotReady).
 */
export const createFakeEsdbClient = (options: { notReadyForMs?: number } = {}) => {
  const streams = new Map<string, Recorded[]>();
  const log: Recorded[] = [];
  const recentIds = new Map<string, { stream: string; revision: bigint }>();
  const writtenAt = new Map<string, number>();
  const faults: Fault[] = [];
  let appendCalls = 0;
  let readAllCalls = 0;

  const head = (stream: string): bigint => BigInt((streams.get(stream)?.length ?? 0) - 1);

  const write = (stream: string, events: EventData[]): AppendResult => {
    const stored = streams.get(stream) ?? [];
    streams.set(stream, stored);
    const commit = BigInt(log.length * 100 + 1000);
    for (const [i, event] of events.entries()) {
      const record: Recorded = {
        streamId: stream,
        id: event.id.toLowerCase(),
        revision: BigInt(stored.length),
        type: event.type,
        data: JSON.parse(JSON.stringify(event.data)) as Recorded['data'],
        metadata: JSON.parse(JSON.stringify(event.metadata ?? {})) as Recorded['metadata'],
        isJson: true,
        created: new Date(),
        position: { commit, prepare: commit + BigInt(i) },
      };
      stored.push(record);
      log.push(record);
      recentIds.set(record.id, { stream, revision: record.revision });
      writtenAt.set(record.id, Date.now());
    }
    return { success: true, nextExpectedRevision: head(stream), position: stored.at(-1)!.position };
  };

  const idempotent = (stream: string, last: bigint): AppendResult => {
    const stored = streams.get(stream)!;
    if (Date.now() - writtenAt.get(stored[Number(last)]!.id)! < (options.notReadyForMs ?? 0)) throw deadlineExceeded();
    return { success: true, nextExpectedRevision: last, position: stored[Number(last)]!.position };
  };

  const decide = (stream: string, events: EventData[], expected: AppendExpectedRevision): AppendResult => {
    const current = head(stream);
    const stored = streams.get(stream) ?? [];
    const ids = events.map((e) => e.id.toLowerCase());
    if (expected === 'any' || expected === 'stream_exists') {
      if (expected === 'stream_exists' && current < 0n) throw wrongExpectedVersion(stream, expected, current);
      const known = ids.map((id) => recentIds.get(id));
      if (known.every((k) => k?.stream === stream)) {
        return idempotent(stream, known.at(-1)!.revision);
      }
      if (known[0]?.stream === stream) throw wrongExpectedVersion(stream, expected, current);
      return write(stream, events);
    }
    const at = expected === 'no_stream' ? -1n : expected;
    if (at < current) {
      const same = ids.every((id, i) => stored[Number(at) + 1 + i]?.id === id);
      if (!same) throw wrongExpectedVersion(stream, expected, current);
      return idempotent(stream, at + BigInt(ids.length));
    }
    if (at > current) throw wrongExpectedVersion(stream, expected, current);
    return write(stream, events);
  };

  const client: EsdbClient = {
    async appendToStream(stream: string, events: EventData[], options: AppendToStreamOptions): Promise<AppendResult> {
      appendCalls += 1;
      await Promise.resolve();
      const fault = faults.shift();
      if (fault?.timing === 'before-write') throw fault.error();
      const result = decide(stream, events, options.expectedRevision ?? 'any');
      if (fault?.timing === 'after-write') throw fault.error();
      return result;
    },

    readStream(stream: string, options: ReadStreamOptions): CancellableRead<ResolvedEvent> {
      return cancellable(() => {
        const stored = streams.get(stream);
        if (!stored || stored.length === 0) throw Object.assign(new StreamNotFoundError(undefined, stream), { type: ErrorType.STREAM_NOT_FOUND });
        const backwards = options.direction === BACKWARDS;
        const from = options.fromRevision;
        const ordered = backwards ? [...stored].reverse() : stored;
        const selected = ordered.filter((e) =>
          from === undefined || from === START || from === END ? true : backwards ? e.revision <= from : e.revision >= from,
        );
        return selected.slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER)).map((event) => ({ event }));
      });
    },

    readAll(options: ReadAllOptions): CancellableRead<AllStreamResolvedEvent> {
      readAllCalls += 1;
      return cancellable(() => {
        const backwards = options.direction === BACKWARDS;
        const from = options.fromPosition;
        const after = (e: Recorded, p: { commit: bigint; prepare: bigint }) =>
          e.position.commit > p.commit || (e.position.commit === p.commit && e.position.prepare >= p.prepare);
        const ordered = backwards ? [...log].reverse() : log;
        const selected = ordered.filter((e) =>
          from === undefined || from === START || from === END
            ? true
            : backwards
              ? !after(e, from) || (e.position.commit === from.commit && e.position.prepare === from.prepare)
              : after(e, from),
        );
        return selected.slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER)).map((event) => ({ event }));
      });
    },

    subscribeToAll() {
      throw new Error('the fake EventStoreDB client has no subscriptions');
    },

    async dispose() {},
  };

  return {
    client,
    inject: (...queued: Fault[]) => void faults.push(...queued),
    forgetRecentIds: () => recentIds.clear(),
    appendCalls: () => appendCalls,
    readAllCalls: () => readAllCalls,
    stored: (stream: string) => (streams.get(stream) ?? []).map((e) => e.id),
    /** How many $all entries in total: what a readAll page has to get through. */
    logLength: () => log.length,
  };
};
