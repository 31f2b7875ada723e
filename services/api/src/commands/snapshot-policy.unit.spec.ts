import { describe, expect, it } from 'vitest';
import { mayHold } from './event-id-filter.ts';
import { newestOf, nextSnapshot, SNAPSHOT_EVERY, SNAPSHOT_LAG, startOf, statesOf } from './snapshot-policy.ts';
import type { RetryId, Snapshot } from './snapshots.ts';

// A stream that grows by a command at a time (3 events each, as a habit's daily completion), every
// command keyed: what the handler keeps after each, as nextSnapshot decides it.
const grow = (commands: number, eventsPerCommand = 3) => {
  let kept: Snapshot | undefined;
  let head = -1n;
  const keyed: RetryId[] = [];
  const after: Array<{ head: bigint; kept: Snapshot | undefined }> = [];
  for (let n = 0; n < commands; n++) {
    const first = { id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, revision: head + 1n };
    keyed.push(first);
    head += BigInt(eventsPerCommand);
    const unseen = keyed.filter((id) => id.revision > newestOf(kept));
    kept = nextSnapshot(kept, head, { at: head }, unseen) ?? kept;
    after.push({ head, kept });
  }
  return { after, keyed, kept: kept!, head };
};

describe('what the command handler keeps of a long stream', () => {
  it('keeps nothing while the stream is shorter than SNAPSHOT_EVERY: a short stream is read whole', () => {
    expect(nextSnapshot(undefined, BigInt(SNAPSHOT_EVERY - 2), { at: 'head' }, [])).toBeUndefined();
  });

  it('keeps, after every command of a long stream, a newest state close to the head and a base at least SNAPSHOT_LAG behind it', () => {
    const { after } = grow(400);
    for (const { head, kept } of after.filter(({ head }) => head >= BigInt(3 * SNAPSHOT_LAG))) {
      // A command reads at most SNAPSHOT_EVERY events, however long the stream.
      expect(head - newestOf(kept)).toBeLessThan(BigInt(SNAPSHOT_EVERY));
      expect(head - kept!.revision).toBeGreaterThanOrEqual(BigInt(SNAPSHOT_LAG));
      expect(head - kept!.revision).toBeLessThan(BigInt(3 * SNAPSHOT_LAG));
      // Bounded whatever the stream's age: the base, at most one state between, the newest.
      expect(statesOf(kept!).length).toBeLessThanOrEqual(3);
      expect(kept!.recentRetryIds!.length).toBeLessThanOrEqual(3 * SNAPSHOT_LAG);
      // Each state is the one at its revision.
      for (const state of statesOf(kept!)) expect(state.state).toEqual({ at: state.revision });
    }
  });

  it('starts a retry of a request after the base from the newest state before it, and finds an older one in the filter', () => {
    const { kept, keyed } = grow(400);
    const recent = kept.recentRetryIds!;
    expect(recent.length).toBeGreaterThan(0);
    for (const id of recent) {
      const start = startOf(kept, id.id)!;
      expect(start.revision).toBeLessThan(id.revision);
      expect(
        statesOf(kept)
          .filter((state) => state.revision < id.revision)
          .at(-1),
      ).toEqual(start);
    }
    // Every keyed append is either recent (listed) or before the base (in the filter): none is lost.
    for (const id of keyed) {
      if (id.revision > newestOf(kept)) continue;
      const listed = recent.some((r) => r.id === id.id);
      expect(listed || mayHold(kept.retryIds, id.id)).toBe(true);
      expect(listed).toBe(id.revision > kept.revision);
    }
    // A command that is no retry starts from the newest state.
    expect(startOf(kept, undefined)).toEqual(statesOf(kept).at(-1));
  });
});
