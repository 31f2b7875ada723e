import { encodeEvent, encodeMetadata } from '@tracker/contracts/event-codec';
import type { EventStore } from './port.ts';

/**
 * The application's store: every append is checked against the contracts and stamped with its schema
 * version before it reaches the adapter, whoever the writer is. A payload no reader could parse is
 * refused here (InvalidEvent), so it can never stop a projector later.
 */
export const checkedEventStore = (store: EventStore): EventStore => ({
  ...store,
  append: async (stream, events, expected) =>
    store.append(
      stream,
      events.map((event) => ({ id: event.id, ...encodeEvent(event), metadata: encodeMetadata(event.metadata) })),
      expected,
    ),
});
