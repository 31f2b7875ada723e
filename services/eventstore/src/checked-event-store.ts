import { encodeEvent, encodeMetadata } from '@tracker/contracts/event-codec';
import { categoryOf, isRegisteredStream } from '@tracker/contracts/streams';
import type { EventStore } from './port.ts';

/**
 * A stream whose category no feature registered (contracts/src/features.ts): the EventStoreDB
 * adapter reads only registered categories, so its events would never reach a projector there.
 */
export class UnregisteredStream extends Error {
  constructor(readonly stream: string) {
    super(`Stream ${stream}: no feature registers the category '${categoryOf(stream)}' (contracts/src/features.ts)`);
    this.name = 'UnregisteredStream';
  }
}

/**
 * The application's store: every append is checked against the contracts and stamped with its schema
 * version before it reaches the adapter, whoever the writer is. A payload no reader could parse is
 * refused here (InvalidEvent), so it can never stop a projector later; so is a stream in a category
 * no feature registered (UnregisteredStream), which would be invisible to projections on EventStoreDB.
 */
export const checkedEventStore = (store: EventStore): EventStore => ({
  ...store,
  append: async (stream, events, expected) => {
    if (!isRegisteredStream(stream)) throw new UnregisteredStream(stream);
    return store.append(
      stream,
      events.map((event) => ({ id: event.id, ...encodeEvent(event), metadata: encodeMetadata(event.metadata) })),
      expected,
    );
  },
});
