import type { z } from 'zod';

/** An event schema of the catalogue: a zod object whose `type` is a literal (see `defineEvent`). */
export type EventSchema = z.ZodObject<{ type: z.ZodLiteral<string> } & z.ZodRawShape>;

/**
 * What a feature brings to the log: its event types and the stream categories it writes
 * (`<category>-<id>`). `contracts/src/feature-list.ts` lists every feature, one line each; the event catalogue and the
 * stream categories the EventStoreDB adapter reads are derived from that list.
 */
export interface ContractFeature<Events extends readonly EventSchema[] = readonly EventSchema[], Streams extends readonly string[] = readonly string[]> {
  name: string;
  events: Events;
  /** Categories of the streams this feature's commands write; events in another feature's streams are not listed again. */
  streams: Streams;
}

export const defineContractFeature = <const Events extends readonly EventSchema[], const Streams extends readonly string[]>(
  feature: ContractFeature<Events, Streams>,
): ContractFeature<Events, Streams> => feature;
