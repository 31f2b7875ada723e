import { z } from 'zod';
import { contractFeatures } from './features.ts';

type CatalogueEvent = (typeof contractFeatures)[number]['events'][number];

/** The catalogue of every event in the log (every feature's, see features.ts): what projections and audits parse against. */
export const domainEvent = z.discriminatedUnion(
  'type',
  contractFeatures.flatMap((feature): readonly CatalogueEvent[] => feature.events) as [CatalogueEvent, ...CatalogueEvent[]],
);
export type DomainEvent = z.infer<typeof domainEvent>;
export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** Every event type name, in catalogue order. */
export const domainEventTypes: readonly DomainEventType[] = domainEvent.options.map((option) => option.shape.type.value);
