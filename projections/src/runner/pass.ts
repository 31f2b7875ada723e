import type { EventStore, SubscriptionHandle } from '@tracker/eventstore/port';
import { CheckpointMoved } from '../checkpoints.ts';
import type { LaneSpec, ProjectorFailure, RunnerLogger } from '../runner.ts';
import { batchApplier } from './batch-apply.ts';
import { earliest, slotsOf, type CheckpointBook } from './checkpoint-book.ts';
import { runIsolated } from './isolation.ts';
import { errorText, MemberFailed } from './member-failed.ts';
import type { Serialised } from './serialised.ts';

/**
 * A lane's pass over the log: one subscription for all its members in the partitions held when it
 * started, and one more for each member that failed and runs alone.
 */
export const lanePass = <DB>(context: {
  lane: LaneSpec<DB>;
  store: EventStore;
  batchSize: number;
  log: RunnerLogger;
  /** The runner's members stopped at an event (what its `failures()` tells). */
  failing: Map<string, ProjectorFailure>;
  book: CheckpointBook<DB>;
  /** Batches and deferred checkpoint writes of the lane, one at a time. */
  exclusive: Serialised;
  isStopped: () => boolean;
  /** A checkpoint moved underneath the pass (another runner, a rebuild): the lane starts it again. */
  onCheckpointMoved: () => void;
}) => {
  const { lane, store, batchSize, log, failing, book, exclusive, isStopped, onCheckpointMoved } = context;
  /** The pass running now, for the partitions it started with (undefined: none). */
  let current: { subscriptions: Set<SubscriptionHandle> } | undefined;

  return {
    running: (): boolean => current !== undefined,

    /** The pass over the log for the partitions `held` now, from their members' checkpoints. */
    async start(held: ReadonlySet<number>): Promise<void> {
      const partitions: ReadonlySet<number> = new Set([...held].sort((a, b) => a - b));
      const subscriptions = new Set<SubscriptionHandle>();
      const pass = { subscriptions };
      const checkpoints = await book.load(slotsOf(lane.members, partitions));
      if (isStopped()) return;
      current = pass;
      const live = (): boolean => current === pass;
      const batches = batchApplier({ lane, store, partitions, book, exclusive, live });

      let members = [...lane.members];
      const from = earliest(store, checkpoints);
      log.info({ lane: lane.name, partitions: [...partitions], projectors: members.map((m) => m.name), from }, 'projection lane started');
      const subscription = store.subscribe(
        from,
        async (batch) => {
          try {
            await batches.applyOrRestart(members, batch, checkpoints);
            for (const member of members) failing.delete(member.name);
          } catch (error) {
            if (!(error instanceof MemberFailed) || members.length === 1) throw error;
            // Nothing of the batch was committed. Take the failing member out, and go on without it.
            const failed = members.find((m) => m.name === error.member)!;
            members = members.filter((m) => m !== failed);
            subscriptions.add(runIsolated(context, { member: failed, failure: error, partitions, checkpoints, batches, live, onCheckpointMoved }));
            await batches.apply(members, batch, checkpoints);
          }
        },
        {
          batchSize,
          lingerMs: lane.lingerMs,
          onError: (error, attempts) => {
            if (error instanceof CheckpointMoved) {
              if (live()) onCheckpointMoved();
              return;
            }
            if (error instanceof MemberFailed) {
              failing.set(error.member, {
                projector: error.member,
                position: error.position,
                type: error.type,
                error: errorText(error.cause),
                since: failing.get(error.member)?.since ?? new Date(),
              });
              log.error(
                { projector: error.member, position: error.position, type: error.type, attempts, err: error.cause },
                'projector failed at an event; backing off',
              );
              return;
            }
            log.error({ lane: lane.name, attempts, err: error }, 'projection batch failed; backing off');
          },
        },
      );
      subscriptions.add(subscription);
    },

    /** Ends the pass: no batch is in flight and nothing deferred is written once it resolves. */
    async stop(): Promise<void> {
      const pass = current;
      current = undefined;
      book.dropDeferred();
      for (const member of lane.members) failing.delete(member.name);
      if (!pass) return;
      await Promise.all([...pass.subscriptions].map((s) => s.stop()));
      await exclusive(() => Promise.resolve());
      book.dropDeferred();
    },
  };
};
