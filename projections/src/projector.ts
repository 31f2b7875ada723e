import type { Transaction } from 'kysely';
import type { DomainEvent, DomainEventType } from '@tracker/contracts/events';
import type { EventMetadata } from '@tracker/contracts/common/events';
import type { ReadModels } from './db.ts';

/** A parsed event as projectors see it: typed payload plus where and when it happened. */
export type ProjectedEvent<T extends DomainEventType = DomainEventType> = Extract<DomainEvent, { type: T }> & {
  id: string;
  stream: string;
  revision: bigint;
  position: string;
  metadata: EventMetadata;
};

export interface Projector {
  /** Unique; also the checkpoint's key. */
  name: string;
  /** Event types it applies; others only advance its checkpoint. `'*'` takes every event. */
  handles: readonly DomainEventType[] | '*';
  apply(trx: Transaction<ReadModels>, event: ProjectedEvent): Promise<void>;
}

export const handlesEvent = (projector: Projector, type: string): boolean =>
  projector.handles === '*' || (projector.handles as readonly string[]).includes(type);
