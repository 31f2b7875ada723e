import { ErrorType, FORWARDS, START, type ReadStreamOptions } from '@eventstore/db-client';
import type { EventStore, StoredEvent } from '../port.ts';
import { isErrorOfType, type EsdbClient } from './esdb-client.ts';
import { withReadDeadline } from './read-deadline.ts';
import { toStored } from './stored-records.ts';

/** Reads of one stream (a stream that does not exist reads as empty), every read under the idle deadline. */
export const streamReads = (client: EsdbClient, readIdleMs: number) => {
  async function* readStreamEvents(stream: string, readOptions: ReadStreamOptions): AsyncGenerator<StoredEvent> {
    try {
      // Stopped early (consumer broke off, an error, a stall): the server-side read is cancelled too.
      for await (const resolved of withReadDeadline(client.readStream(stream, readOptions), readIdleMs)) {
        if (resolved.event) yield toStored(resolved.event);
      }
    } catch (error) {
      if (isErrorOfType(error, ErrorType.STREAM_NOT_FOUND)) return;
      throw error;
    }
  }

  const collect = async (iterable: AsyncIterable<StoredEvent>): Promise<StoredEvent[]> => {
    const items: StoredEvent[] = [];
    for await (const item of iterable) items.push(item);
    return items;
  };

  const readStream: EventStore['readStream'] = async function* (stream, options) {
    yield* readStreamEvents(stream, { direction: FORWARDS, fromRevision: options?.fromRevision ?? START });
  };

  return { readStreamEvents, collect, readStream };
};

export type StreamReads = ReturnType<typeof streamReads>;
