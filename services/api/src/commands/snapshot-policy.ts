import { withEventIds, emptyEventIdFilter } from './event-id-filter.ts';
import type { KeptState, RetryId, Snapshot } from './snapshots.ts';

/**
 * Which states of a long stream the command handler keeps, and why (ARCHITECTURE.md, "Snapshots").
 *
 * A command starts from the newest kept state and reads the events after it: at most about
 * SNAPSHOT_EVERY, so a habit completed daily for years decides from as few events as a new one. A
 * retried request is decided again against the state before its original: the snapshot's base, at
 * least SNAPSHOT_LAG behind the head, serves a retry of anything up to that many events old (its
 * first event id is listed in `recentRetryIds` with its revision, and the command starts from the
 * newest kept state before it); an older one is found through the base's id filter and the whole
 * stream. Between base and newest at most one more state is kept (SNAPSHOT_LAG past the base), so
 * that the base can move up without reading the stream again.
 */

/** The newest kept state is at most this many events behind the head (plus the last command's). */
export const SNAPSHOT_EVERY = 6;
/**
 * The base is the newest state at least this many events behind the head: a retry of a request in
 * the last SNAPSHOT_LAG events reads only from the kept state before it, not the whole stream.
 */
export const SNAPSHOT_LAG = 32;

/** The states of a snapshot, oldest (the base) first. */
export const statesOf = (snapshot: Snapshot): KeptState[] => [{ revision: snapshot.revision, state: snapshot.state }, ...(snapshot.later ?? [])];

/** The revision of the newest state a snapshot keeps; -1 without one. */
export const newestOf = (snapshot: Snapshot | undefined): bigint => (snapshot ? statesOf(snapshot).at(-1)!.revision : -1n);

/**
 * The state a command starts from: the newest, or for a retry of a request after the base the
 * newest before it (undefined: the whole stream, from the initial state).
 */
export const startOf = (snapshot: Snapshot, retryOf: string | undefined): KeptState | undefined => {
  const recent = retryOf === undefined ? undefined : snapshot.recentRetryIds?.find((kept) => kept.id === retryOf);
  const states = statesOf(snapshot);
  return recent ? states.findLast((kept) => kept.revision < recent.revision) : states.at(-1);
};

/**
 * What to keep once an append left the stream at `head` with `state`, after `kept` (the snapshot
 * the command started from; undefined when it read the whole stream). `retryIds`: the first ids of
 * the keyed appends after kept's newest state, up to and including this one. Undefined: keep what
 * is kept (the newest is fewer than SNAPSHOT_EVERY events behind).
 */
export const nextSnapshot = (kept: Snapshot | undefined, head: bigint, state: unknown, retryIds: readonly RetryId[]): Snapshot | undefined => {
  if (head - newestOf(kept) < BigInt(SNAPSHOT_EVERY)) return undefined;
  const states = [...(kept ? statesOf(kept) : []), { revision: head, state }];
  const lagging = states.findLastIndex((candidate) => candidate.revision <= head - BigInt(SNAPSHOT_LAG));
  const base = states[Math.max(0, lagging)]!;
  const later: KeptState[] = [];
  let last = base.revision;
  for (const candidate of states.slice(Math.max(0, lagging) + 1, -1)) {
    if (candidate.revision - last < BigInt(SNAPSHOT_LAG)) continue;
    later.push(candidate);
    last = candidate.revision;
  }
  if (base.revision !== head) later.push(states.at(-1)!);
  const recent = [...(kept?.recentRetryIds ?? []), ...retryIds];
  return {
    revision: base.revision,
    state: base.state,
    retryIds: withEventIds(
      kept?.retryIds ?? emptyEventIdFilter(),
      recent.filter((id) => id.revision <= base.revision).map((id) => id.id),
    ),
    later,
    recentRetryIds: recent.filter((id) => id.revision > base.revision),
  };
};
