import type { EventStore, SubscriptionHandle } from '@tracker/eventstore/port';
import { CheckpointMoved, type Checkpoint } from '../checkpoints.ts';
import type { LaneMember, ProjectorFailure, RunnerLogger } from '../runner.ts';
import type { BatchApplier } from './batch-apply.ts';
import { earliest, slotsOf } from './checkpoint-book.ts';
import { errorText, MemberFailed } from './member-failed.ts';

/** A member that failed runs alone from its checkpoints until restart; the lane goes on without it. */
export const runIsolated = <DB>(
  { store, batchSize, log, failing }: { store: EventStore; batchSize: number; log: RunnerLogger; failing: Map<string, ProjectorFailure> },
  {
    member,
    failure,
    partitions,
    checkpoints,
    batches,
    live,
    onCheckpointMoved,
  }: {
    member: LaneMember<DB>;
    failure: MemberFailed;
    partitions: ReadonlySet<number>;
    checkpoints: ReadonlyMap<string, Checkpoint>;
    batches: BatchApplier<DB>;
    live: () => boolean;
    onCheckpointMoved: () => void;
  },
): SubscriptionHandle => {
  failing.set(member.name, {
    projector: member.name,
    position: failure.position,
    type: failure.type,
    error: errorText(failure.cause),
    since: new Date(),
  });
  log.error(
    { projector: member.name, position: failure.position, type: failure.type, stream: failure.stream, err: failure.cause },
    'projector failed at an event; retrying it alone, the others go on',
  );
  const own = new Map(slotsOf([member], partitions).map(({ name }) => [name, checkpoints.get(name) ?? 'start'] as const));
  return store.subscribe(
    earliest(store, own),
    async (batch) => {
      await batches.applyOrRestart([member], batch, own);
      failing.delete(member.name);
    },
    {
      batchSize,
      onError: (error, attempts) => {
        if (error instanceof MemberFailed) {
          const known = failing.get(member.name);
          failing.set(member.name, {
            ...(known ?? { since: new Date() }),
            projector: member.name,
            position: error.position,
            type: error.type,
            error: errorText(error.cause),
          });
        }
        log.error({ projector: member.name, attempts, err: error instanceof MemberFailed ? error.cause : error }, 'projector still failing; backing off');
        if (error instanceof CheckpointMoved && live()) onCheckpointMoved();
      },
    },
  );
};
