import { decodeEvent } from '@tracker/contracts/event-codec';
import { eventMetadata } from '@tracker/contracts/common/events';
import type { StoredEvent } from '@tracker/eventstore/port';
import type { ProjectedEvent } from './projector.ts';

/** Upcast and parse a stored event against the contracts; a projector never sees what it cannot trust. */
export const toProjectedEvent = (stored: StoredEvent): ProjectedEvent =>
  // The parsed event is the parser's own new object: where it happened is added to it, not copied
  // with it into another (a spread of the parsed object cost as much as parsing it: 5 µs an event,
  // a second of a rebuild's 200,000).
  Object.assign(decodeEvent({ type: stored.type, version: stored.version, data: stored.data }), {
    id: stored.id,
    stream: stored.stream,
    revision: stored.revision,
    position: stored.position,
    metadata: eventMetadata.parse(stored.metadata),
  });
