import type { Transaction } from 'kysely';
import type { EventStore, StoredEvent } from '@tracker/eventstore/port';
import { checkpointName, partitionOf, PARTITIONS, type Checkpoint } from '../checkpoints.ts';
import { toProjectedEvent } from '../projected-event.ts';
import { handlesEvent, type ProjectedEvent } from '../projector.ts';
import type { LaneMember } from '../runner.ts';
import { MemberFailed } from './member-failed.ts';

/**
 * The events of `batch` each member has yet to apply (of a user in one of `partitions`, past the
 * member's checkpoint there, of a type it handles), parsed once each; and the partitions they are in.
 */
export const workOf = <DB>(
  store: EventStore,
  members: readonly LaneMember<DB>[],
  partitions: ReadonlySet<number>,
  batch: readonly StoredEvent[],
  checkpoints: ReadonlyMap<string, Checkpoint>,
): { work: Array<{ member: LaneMember<DB>; event: ProjectedEvent }>; partitionsWorked: Set<number> } => {
  // Parsed once per event, and only if some member handles it; outside the transaction, to keep it short.
  const parsed = new Map<StoredEvent, ProjectedEvent>();
  const partitionOfEvent = batch.map((stored) => partitionOf(typeof stored.metadata.userId === 'string' ? stored.metadata.userId : undefined));
  const work: Array<{ member: LaneMember<DB>; event: ProjectedEvent }> = [];
  const partitionsWorked = new Set<number>();
  for (const member of members) {
    // Each partition's checkpoint of the member, looked up once per batch rather than per event.
    const from = Array.from({ length: PARTITIONS }, (_, p): Checkpoint => checkpoints.get(checkpointName(member.name, p)) ?? 'start');
    for (const [index, stored] of batch.entries()) {
      if (!handlesEvent(member, stored.type)) continue;
      const partition = partitionOfEvent[index]!;
      if (!partitions.has(partition) || store.comparePositions(stored.position, from[partition]!) <= 0) continue;
      let event = parsed.get(stored);
      if (!event) {
        try {
          event = toProjectedEvent(stored);
        } catch (error) {
          throw new MemberFailed(member.name, stored, error);
        }
        parsed.set(stored, event);
      }
      work.push({ member, event });
      partitionsWorked.add(partition);
    }
  }
  return { work, partitionsWorked };
};

/** Each member's events applied in log order (in one call when it takes batches); a failure names the member. */
export const applyWork = async <DB>(
  trx: Transaction<DB>,
  members: readonly LaneMember<DB>[],
  work: ReadonlyArray<{ member: LaneMember<DB>; event: ProjectedEvent }>,
): Promise<void> => {
  for (const member of members) {
    const events = work.filter((w) => w.member === member).map((w) => w.event);
    if (events.length === 0) continue;
    if (member.applyBatch) {
      await member.applyBatch(trx, events).catch((error: unknown) => {
        throw new MemberFailed(member.name, events[0]!, error);
      });
      continue;
    }
    for (const event of events) {
      try {
        await member.apply(trx, event);
      } catch (error) {
        throw new MemberFailed(member.name, event, error);
      }
    }
  }
};
