import type {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  AppendResult,
  AppendToStreamOptions,
  ErrorType,
  EventData,
  ReadAllOptions,
  ReadStreamOptions,
  ResolvedEvent,
  SubscribeToAllOptions,
} from '@eventstore/db-client';

/** A read the adapter can stop early: the client's StreamingRead, or a stand-in in tests. */
export interface CancellableRead<T> extends AsyncIterable<T> {
  cancel(): Promise<void>;
}

/**
 * The part of EventStoreDBClient the adapter uses. Narrow so that a unit test can stand in for the
 * server and inject faults (timeouts, unavailable, leader changes) before or after a write.
 */
export interface EsdbClient {
  appendToStream(stream: string, events: EventData[], options: AppendToStreamOptions): Promise<AppendResult>;
  readStream(stream: string, options: ReadStreamOptions): CancellableRead<ResolvedEvent>;
  readAll(options: ReadAllOptions): CancellableRead<AllStreamResolvedEvent>;
  subscribeToAll(options: SubscribeToAllOptions): AllStreamSubscription;
  dispose(): Promise<void>;
}

/** The client's errors name what went wrong in `type` (an ErrorType). */
export const isErrorOfType = (error: unknown, type: ErrorType): boolean =>
  typeof error === 'object' && error !== null && (error as { type?: unknown }).type === type;
