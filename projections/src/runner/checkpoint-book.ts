import type { EventStore, Position } from '@tracker/eventstore/port';
import { checkpointName, CheckpointMoved, inBatchTransaction, readCheckpoints, type Checkpoint, type CheckpointCommit } from '../checkpoints.ts';
import type { LaneSpec } from '../runner.ts';
import { PROGRESS_CHANNEL, progressPayload } from './progress-notice.ts';
import type { Serialised } from './serialised.ts';

/**
 * How long a checkpoint that moved over events a lane had nothing to do with may stay unwritten:
 * most events concern one lane or two, and a transaction per lane per event cost every command
 * five commits (the interactive lane's answer waited behind the others' on two cores).
 */
const DEFERRED_CHECKPOINT_MS = 200;

/** The checkpoint rows of `members` in `partitions`, as the checkpoint book takes them. */
export const slotsOf = (members: readonly { name: string }[], partitions: Iterable<number>): Array<{ name: string }> => {
  const list = [...partitions];
  return members.flatMap((m) => list.map((p) => ({ name: checkpointName(m.name, p) })));
};

/** The earliest of `marks`: where a pass over their slots reads the log from. */
export const earliest = (store: EventStore, marks: ReadonlyMap<string, Checkpoint>): Checkpoint =>
  [...marks.values()].reduce((a, b) => (store.comparePositions(a, b) <= 0 ? a : b));

/**
 * A lane's checkpoints: each member's row as the lane last read or wrote it (the compare-and-set's
 * `previous`), and the ones that moved in memory only (a batch with nothing for them), written
 * DEFERRED_CHECKPOINT_MS later through `exclusive`, with their progress notification.
 */
export const checkpointBook = <DB>({
  lane,
  exclusive,
  isStopped,
  onMoved,
  onFlushFailed,
}: {
  lane: LaneSpec<DB>;
  exclusive: Serialised;
  isStopped: () => boolean;
  onMoved: () => void;
  onFlushFailed: (error: unknown) => void;
}) => {
  const { db, schema } = lane.db;
  const persisted = new Map<string, Checkpoint>();
  /** Members whose checkpoint moved in memory only, and the map that holds it. */
  const deferred = new Map<string, Map<string, Checkpoint>>();
  let flushTimer: NodeJS.Timeout | undefined;
  const previous = (members: readonly { name: string }[]) => members.map((m) => ({ name: m.name, previous: persisted.get(m.name) ?? 'start' }));
  const commitOf = (members: readonly { name: string }[], next: Position): CheckpointCommit => ({
    moves: previous(members),
    next,
    announce: { channel: PROGRESS_CHANNEL, payload: progressPayload(schema, next, members) },
  });

  /** Writes the checkpoints that moved in memory only, with their notification (for /api/ready and waiters). */
  const flushDeferred = async (): Promise<void> => {
    const byPosition = new Map<Position, string[]>();
    for (const [name, checkpoints] of deferred) {
      const at = checkpoints.get(name);
      if (at !== undefined && at !== 'start' && at !== persisted.get(name)) byPosition.set(at, [...(byPosition.get(at) ?? []), name]);
    }
    deferred.clear();
    for (const [next, names] of byPosition) {
      const members = names.map((name) => ({ name }));
      await inBatchTransaction(db, schema, () => Promise.resolve(commitOf(members, next)));
      for (const name of names) persisted.set(name, next);
    }
  };

  const scheduleFlush = (): void => {
    if (flushTimer || isStopped()) return;
    flushTimer = setTimeout(() => {
      flushTimer = undefined;
      exclusive(flushDeferred).catch((error: unknown) => {
        if (error instanceof CheckpointMoved) return onMoved();
        onFlushFailed(error);
        scheduleFlush();
      });
    }, DEFERRED_CHECKPOINT_MS);
  };

  return {
    /** The stored checkpoints of `slots` (members in partitions), read afresh (a pass that starts). */
    async load(slots: readonly { name: string }[]): Promise<Map<string, Checkpoint>> {
      const checkpoints = await readCheckpoints(
        db,
        schema,
        slots.map((m) => m.name),
      );
      persisted.clear();
      for (const [name, position] of checkpoints) persisted.set(name, position);
      return checkpoints;
    },
    /** The batch's compare-and-set of the members' checkpoints, with its progress notification: what its transaction commits with. */
    commitOf,
    /** After the batch's commit. */
    committed(members: readonly { name: string }[], checkpoints: Map<string, Checkpoint>, next: Position): void {
      for (const member of members) {
        checkpoints.set(member.name, next);
        persisted.set(member.name, next);
        deferred.delete(member.name);
      }
    },
    /** A batch with nothing for the members: their checkpoints move now and are written a moment later. */
    moveInMemory(members: readonly { name: string }[], checkpoints: Map<string, Checkpoint>, next: Position): void {
      for (const member of members) {
        checkpoints.set(member.name, next);
        deferred.set(member.name, checkpoints);
      }
      scheduleFlush();
    },
    /**
     * A batch failed: were the checkpoints moved underneath us (a rebuild swapped tables in)? Then the
     * failure is an effect of applying events the new tables already hold, and the lane must start
     * again from the stored checkpoints instead of retrying or isolating. Read on failures only.
     */
    async movedUnderneath(members: readonly { name: string }[], checkpoints: ReadonlyMap<string, Checkpoint>): Promise<boolean> {
      const stored = await readCheckpoints(
        db,
        schema,
        members.map((m) => m.name),
      );
      return members.some((m) => stored.get(m.name) !== (persisted.get(m.name) ?? checkpoints.get(m.name) ?? 'start'));
    },
    /** The lane let go of its lock: nothing deferred is written any more. */
    dropDeferred(): void {
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = undefined;
      deferred.clear();
    },
  };
};

export type CheckpointBook<DB> = ReturnType<typeof checkpointBook<DB>>;
