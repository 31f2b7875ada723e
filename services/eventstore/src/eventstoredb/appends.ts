import {
  ANY,
  BACKWARDS,
  END,
  ErrorType,
  FORWARDS,
  NO_STREAM,
  STREAM_EXISTS,
  WrongExpectedVersionError,
  type AppendExpectedRevision,
} from '@eventstore/db-client';
import { WrongExpectedVersion, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent, type StoredEvent } from '../port.ts';
import { withCanonicalIds } from '../event-ids.ts';
import { recogniseRetry } from '../retry-rule.ts';
import { isErrorOfType, type EsdbClient } from './esdb-client.ts';
import { definiteAnswerOf, retryWhileOutcomeUnknown, type AppendRetryPolicy } from './outcome-unknown.ts';
import { toEventData } from './stored-records.ts';
import type { StreamReads } from './stream-reads.ts';

/** How many of a stream's latest events an `any` / `stream_exists` append searches for its own ids. */
export const RETRY_WINDOW = 100;
/** Writers racing for the head of one stream: how often an `any` append looks again before giving up. */
const MAX_HEAD_ATTEMPTS = 20;

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

const resultOf = (last: StoredEvent): AppendResult => ({ nextRevision: last.revision, position: last.position });

/** The original result when the stream already holds exactly this append (retry-rule.ts), else undefined. */
const recognisedAppend = (stream: string, events: NewEvent[], found: StoredEvent[]): AppendResult | undefined => {
  const last = recogniseRetry(stream, events, found);
  return last && resultOf(last);
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
export const appends = (client: EsdbClient, { readStreamEvents, collect }: StreamReads, appendRetry: AppendRetryPolicy): EventStore['append'] => {
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
