/**
 * How long each projector has been behind the log, as far as the readiness probes have seen: a
 * projector behind the head is timed from the first probe that found it behind a head it has still
 * not reached. Positions are opaque (an event count is not to be had from EventStoreDB's), so the
 * lag is told in time, which is also what a user waiting for a read model feels. Reaching the head a
 * probe saw restarts the clock against the newer head, so under steady load the lag stays near one
 * probe interval; a stalled or far-behind projector's grows.
 */
export const createProjectionLag = <At>(compare: (a: At, b: At) => number, now: () => number = Date.now) => {
  const behind = new Map<string, { since: number; target: At }>();
  return {
    /** Milliseconds `projector` at `checkpoint` has been behind, given the log's `head` now. */
    observe(projector: string, checkpoint: At, head: At): number {
      if (compare(checkpoint, head) >= 0) {
        behind.delete(projector);
        return 0;
      }
      const known = behind.get(projector);
      if (!known || compare(checkpoint, known.target) >= 0) {
        behind.set(projector, { since: now(), target: head });
        return 0;
      }
      return now() - known.since;
    },
  };
};

export type ProjectionLag<At> = ReturnType<typeof createProjectionLag<At>>;
