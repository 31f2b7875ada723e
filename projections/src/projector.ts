import type { Transaction } from 'kysely';
import { domainEventTypes, type DomainEventType, type EventOf } from '@tracker/contracts/events';
import type { EventMetadata } from '@tracker/contracts/common/events';
import type { Position } from '@tracker/eventstore/port';
import type { ReadModels } from './db.ts';

/**
 * A parsed event as projectors see it: typed payload plus where and when it happened. An indexed mapped
 * type, not a conditional one: TypeScript then measures it as covariant in T, so a Projector<'GoalCreated'>
 * is assignable to a Projector (the conditional type made Projector invariant in T).
 */
export type ProjectedEvent<T extends DomainEventType = DomainEventType> = {
  [K in DomainEventType]: EventOf<K> & {
    id: string;
    stream: string;
    revision: bigint;
    position: Position;
    metadata: EventMetadata;
  };
}[T];

/**
 * A read model's writer. `apply` sees only the event types listed in `handles`, narrowed: a switch on
 * `event.type` is exhaustive over exactly those.
 */
export interface Projector<T extends DomainEventType = DomainEventType> {
  /** Unique; also the checkpoint's key. */
  readonly name: string;
  readonly handles: readonly T[];
  // Method syntax on purpose: a Projector<'GoalCreated'> is then usable where a Projector is expected.
  apply(trx: Transaction<ReadModels>, event: ProjectedEvent<T>): Promise<void>;
  /**
   * When given, the runner hands it a batch's events at once, in log order, instead of calling
   * `apply` for each: for writes that coalesce (one statement for many events). Same effect as
   * applying them one by one.
   */
  applyBatch?(trx: Transaction<ReadModels>, events: ProjectedEvent<T>[]): Promise<void>;
}

export const defineProjector = <const T extends DomainEventType>(projector: Projector<T>): Projector<T> => projector;

/** Every event type, for projectors that follow everything a user does (e.g. last activity). */
export const everyEventType: readonly DomainEventType[] = domainEventTypes;

/** Each projector's event types as a set: asked for every event of every batch, of each projector. */
const handledTypes = new WeakMap<{ readonly handles: readonly string[] }, ReadonlySet<string>>();

export const handlesEvent = (projector: { readonly handles: readonly string[] }, type: string): boolean => {
  let types = handledTypes.get(projector);
  if (!types) handledTypes.set(projector, (types = new Set(projector.handles)));
  return types.has(type);
};
