import { contractFeatures } from './features.ts';

/** A category some feature writes (features.ts): streams are `<category>-<id>`. */
export type StreamCategory = (typeof contractFeatures)[number]['streams'][number];

/** Every category this application writes: the EventStoreDB adapter reads these streams and no others. */
export const streamCategories: readonly StreamCategory[] = contractFeatures.flatMap((feature): readonly StreamCategory[] => feature.streams);

/** The one way to name a stream: a category no feature registered does not compile. */
export const streamName = (category: StreamCategory, id: string): string => `${category}-${id}`;

/** The category of a stream name (what precedes the first '-'). */
export const categoryOf = (stream: string): string => stream.slice(0, stream.indexOf('-'));

/** Whether a stream name is in a registered category (the EventStoreDB adapter filters the others out). */
export const isRegisteredStream = (stream: string): boolean => (streamCategories as readonly string[]).includes(categoryOf(stream));
