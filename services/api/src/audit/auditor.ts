import { setTimeout as sleep } from 'node:timers/promises';
import { decodeEvent } from '@tracker/contracts/event-codec';
import type { PointsAudit } from '@tracker/contracts/points/audit';
import { createAuditReplay, settleAudit, type AuditedEvent, type AuditReplay } from '@tracker/domain/points/audit';
import type { EventStore, StoredEvent } from '@tracker/eventstore/port';
import type { Checkpoint } from '@tracker/projections/checkpoints';
import type { ReadModelDb } from '@tracker/projections/db';
import { ledgerAtItsPosition, userItemStreams } from '@tracker/projections/points/audit.queries';

/** Streams read at once: the user's items are read in parallel, a few at a time. */
const STREAM_READS_IN_FLIGHT = 16;

/**
 * The replay's share of the event loop: it works for at most SLICE_MS, then leaves the loop to
 * everything else for twice as long (a timer, not setImmediate: that returns at once when nothing
 * else is queued at that instant, and the requests it should let through arrive a moment later).
 * So a heavy read takes at most about a third of this process's one thread, whatever the history.
 */
const SLICE_MS = 3;
const PAUSE_PER_WORK = 2;

/** Hands the event loop over whenever the current slice of CPU work is spent. */
const slicer = (): (() => Promise<void>) => {
  let sliceStart = performance.now();
  return async () => {
    const spent = performance.now() - sliceStart;
    if (spent < SLICE_MS) return;
    await sleep(spent * PAUSE_PER_WORK);
    sliceStart = performance.now();
  };
};

/** The streams the audit replays: the items' (their points) and the user's freezes (which award nothing, but are listed). */
const isAuditedStream = (stream: string): boolean => /^(goal|task|subtask|actionable|freeze)-/.test(stream);

/** The user's own freeze stream (freeze.decider.ts): one per user, read beside the item streams. */
const freezeStreamOf = (userId: string): string => `freeze-${userId}`;

/** Audits kept, by (user, asOf): each holds the log's side of one audit, brought forward on the next request. */
const KEPT_AUDITS = 16;
/**
 * Bringing a kept audit forward reads the whole log between its position and the ledger's (every
 * user's events). Past this many, replaying the user's streams costs less.
 */
const CATCH_UP_LIMIT = 20_000;

/** A stored event as the audit takes it, or undefined when it is past `upTo` or after `until`. */
const audited = (store: EventStore, stored: StoredEvent, upTo: Checkpoint, until: number | undefined): AuditedEvent | undefined => {
  // Skipped, not stopped at: nothing promises a stream's positions or instants only grow.
  if (store.comparePositions(stored.position, upTo) > 0) return undefined;
  const occurredAt = typeof stored.metadata.occurredAt === 'string' ? stored.metadata.occurredAt : stored.createdAt.toISOString();
  if (until !== undefined && Date.parse(occurredAt) > until) return undefined;
  const event = decodeEvent({ type: stored.type, version: stored.version, data: stored.data });
  // The streams named are item and freeze streams: their events are the items', their points' and the freezes'.
  return { ...event, occurredAt, id: stored.id, position: stored.position } as AuditedEvent;
};

/**
 * Every one of `streams` replayed into `replay`: in a few round trips where the store reads many
 * streams at once, else stream by stream, a few at a time. Each round trip is awaited, so the
 * replay's CPU work comes in slices between them and other requests are served meanwhile.
 */
const replayStreams = async (
  store: EventStore,
  replay: AuditReplay,
  streams: readonly string[],
  upTo: Checkpoint,
  until: number | undefined,
): Promise<void> => {
  const feed = (stream: string, events: StoredEvent[]): void =>
    replay.feed(
      stream,
      events.flatMap((stored) => audited(store, stored, upTo, until) ?? []),
    );
  const pause = slicer();
  if (store.readStreams) {
    let stream: string | undefined;
    let events: StoredEvent[] = [];
    for await (const stored of store.readStreams(streams)) {
      if (stored.stream !== stream) {
        if (stream !== undefined) feed(stream, events);
        await pause();
        stream = stored.stream;
        events = [];
      }
      events.push(stored);
    }
    if (stream !== undefined) feed(stream, events);
    // A stream without events is known too, so bringing the audit forward follows it.
    for (const name of streams) if (!replay.knows(name)) replay.feed(name, []);
    return;
  }
  await mapLimited(streams, STREAM_READS_IN_FLIGHT, async (name) => {
    const events: StoredEvent[] = [];
    for await (const stored of store.readStream(name)) events.push(stored);
    feed(name, events);
    await pause();
  });
};

/**
 * A kept audit brought from its position to `upTo`: the log between the two, every user's events,
 * of which the user's item and freeze streams (the ones it followed, and new ones the user's events name) are
 * fed on. False when more than CATCH_UP_LIMIT events lie between: then a replay costs less.
 */
const catchUp = async (store: EventStore, kept: KeptAudit, upTo: Checkpoint, until: number | undefined): Promise<boolean> => {
  let read = 0;
  const pending = new Map<string, AuditedEvent[]>();
  const pause = slicer();
  for await (const stored of store.readAll(kept.upTo, 1_000)) {
    if (store.comparePositions(stored.position, upTo) > 0) break;
    if (++read > CATCH_UP_LIMIT) return false;
    await pause();
    if (!isAuditedStream(stored.stream)) continue;
    if (!kept.replay.knows(stored.stream) && stored.metadata.userId !== kept.replay.userId) continue;
    const event = audited(store, stored, upTo, until);
    if (!event) continue;
    const events = pending.get(stored.stream);
    if (events) events.push(event);
    else pending.set(stored.stream, [event]);
  }
  for (const [stream, events] of pending) kept.replay.feed(stream, events);
  kept.upTo = upTo;
  return true;
};

const mapLimited = async <T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
};

interface KeptAudit {
  replay: AuditReplay;
  /** The ledger position the replay has read the log up to. */
  upTo: Checkpoint;
}

/** One audit: the full verdict and totals, at the ledger position it was made at (entries in log order). */
export interface UserAudit {
  audit: PointsAudit;
  position: Checkpoint;
}

export interface Auditor {
  /** The audit of one user's points as of `asOf` (the end of the log when absent). */
  audit(userId: string, asOf?: string): Promise<UserAudit>;
}

/**
 * Audits with a memory: the log's side of the latest few audits is kept per (user, asOf), so the
 * same audit asked again at the same position replays nothing, and at a later position replays only
 * what was appended since (bounded, else from the start). The ledger is read afresh every time: it is
 * what the audit checks. Kept per process; the log never changes what it holds, so nothing kept
 * can go stale, only behind.
 */
export const createAuditor = (deps: { db: ReadModelDb; store: EventStore }, keep = KEPT_AUDITS): Auditor => {
  const { db, store } = deps;
  const kept = new Map<string, KeptAudit>();
  return {
    async audit(userId, asOf) {
      const until = asOf === undefined ? undefined : Date.parse(asOf);
      // The ledger and the position it reached, as of one snapshot (the audit leaves out what lies past it).
      const { upTo, ledger } = await ledgerAtItsPosition(db, userId);
      const key = JSON.stringify([userId, asOf ?? null]);
      // Taken out while in use: a concurrent audit of the same key replays on its own instead of sharing it half-fed.
      let audit = kept.get(key);
      kept.delete(key);
      if (audit && store.comparePositions(audit.upTo, upTo) > 0) audit = undefined;
      if (audit && store.comparePositions(audit.upTo, upTo) < 0 && !(await catchUp(store, audit, upTo, until))) audit = undefined;
      if (!audit) {
        audit = { replay: createAuditReplay(userId, asOf), upTo };
        await replayStreams(store, audit.replay, [...(await userItemStreams(db, userId)), freezeStreamOf(userId)], upTo, until);
      }
      const result = settleAudit(audit.replay, ledger, (a, b) => store.comparePositions(a as never, b as never));
      kept.set(key, audit);
      while (kept.size > keep) kept.delete(kept.keys().next().value!);
      return { audit: result, position: audit.upTo };
    },
  };
};

/** The audit of one user's points as of `asOf` (the end of the log when absent): their streams from the log, their ledger rows from the read model. */
export const auditUser = async (deps: { db: ReadModelDb; store: EventStore }, userId: string, asOf?: string): Promise<PointsAudit> =>
  (await createAuditor(deps, 0).audit(userId, asOf)).audit;
