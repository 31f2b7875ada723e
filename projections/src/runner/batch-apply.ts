import type { EventStore, StoredEvent } from '@tracker/eventstore/port';
import { CheckpointMoved, inBatchTransaction, type Checkpoint } from '../checkpoints.ts';
import type { LaneMember, LaneSpec } from '../runner.ts';
import { applyWork, workOf } from './batch-work.ts';
import { slotsOf, type CheckpointBook } from './checkpoint-book.ts';
import { MemberFailed } from './member-failed.ts';
import type { Serialised } from './serialised.ts';

/** How a pass applies its batches to the partitions it runs, while it is `live`. */
export const batchApplier = <DB>({
  lane,
  store,
  partitions,
  book,
  exclusive,
  live,
}: {
  lane: LaneSpec<DB>;
  store: EventStore;
  partitions: ReadonlySet<number>;
  book: CheckpointBook<DB>;
  exclusive: Serialised;
  live: () => boolean;
}) => {
  const { db } = lane.db;

  /**
   * Applies `batch` for `members`, each from its own checkpoint in each partition. The
   * checkpoints move with it, in its transaction; a batch with nothing for any member opens no
   * transaction: its checkpoints move in memory and are written a moment later (the events
   * skipped would be skipped again after a crash).
   */
  const apply = (members: readonly LaneMember<DB>[], batch: StoredEvent[], marks: Map<string, Checkpoint>): Promise<void> =>
    exclusive(async () => {
      if (!live()) return;
      const next = batch[batch.length - 1]!.position;
      const { work, partitionsWorked } = workOf(store, members, partitions, batch, marks);
      // The pass reads from the earliest checkpoint of all its slots: a slot already past this
      // batch (another partition was behind, e.g. its deferred checkpoint was lost in a crash)
      // stays where it is — moving it to `next` would move it back and apply its events again.
      const behind = ({ name }: { name: string }): boolean => {
        const at = marks.get(name) ?? 'start';
        return at === 'start' || store.comparePositions(at, next) < 0;
      };
      const worked = slotsOf(members, partitionsWorked).filter(behind);
      const idle = slotsOf(
        members,
        [...partitions].filter((p) => !partitionsWorked.has(p)),
      ).filter(behind);
      if (work.length > 0) {
        // The batch's transaction moves the idle partitions' checkpoints too (the same statement):
        // with them a moment behind, /api/ready and a wait for every partition would see the
        // projector behind right after a command that its own user's partition had answered.
        const moved = [...worked, ...idle];
        // A rebuild may be swapping tables in: the batch waits and then writes to the new ones.
        const users = lane.readVersions ? [...new Set(work.map(({ event }) => event.metadata.userId))].sort() : [];
        await inBatchTransaction(db, lane.db.schema, async (trx) => {
          await applyWork(trx, members, work);
          return { ...book.commitOf(moved, next), readVersions: { lane: lane.name, users } };
        });
        book.committed(moved, marks, next);
      } else if (idle.length > 0) book.moveInMemory(idle, marks, next);
    });

  return {
    apply,
    /** Applies a batch; a failure after the checkpoints moved underneath is reported as CheckpointMoved. */
    async applyOrRestart(members: readonly LaneMember<DB>[], batch: StoredEvent[], marks: Map<string, Checkpoint>): Promise<void> {
      try {
        await apply(members, batch, marks);
      } catch (error) {
        if (error instanceof MemberFailed && (await book.movedUnderneath(slotsOf(members, partitions), marks)))
          throw new CheckpointMoved(members.map((m) => m.name));
        throw error;
      }
    },
  };
};

export type BatchApplier<DB> = ReturnType<typeof batchApplier<DB>>;
